import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../ui/money';
import {
  type PurchaseDiscountRequest,
  useDecidePurchaseDiscount,
  usePurchaseDiscountRequests,
} from '../api/inventory-api';

const stateColors = { pending: 'yellow', approved: 'green', denied: 'gray' } as const;

export const discountText = (request: Pick<PurchaseDiscountRequest, 'operator' | 'value'>) =>
  request.operator === 'PERCENTAGE' ? `${request.value}% off` : `${formatMoney(request.value)} off each unit`;

/** Buyers' purchase discount requests (EVD) to this organisation: approve or deny the pending ones. */
export function PurchaseDiscountsPanel({ organizationId }: { organizationId: number }) {
  const requests = usePurchaseDiscountRequests();
  const decide = useDecidePurchaseDiscount();
  const mine = (requests.data ?? []).filter((request) => request.supplierOrganizationId === organizationId);
  if (requests.isSuccess && mine.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No buyer has asked you to honour a purchase discount yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {mine.map((request) => (
        <Card key={request.id} withBorder padding="sm" data-testid="purchase-discount-request">
          <Group justify="space-between" align="start">
            <div>
              <Text fw={500}>{request.buyerOrganizationName}</Text>
              <Text size="sm">{discountText(request)}</Text>
              {request.terms && (
                <Text size="xs" c="dimmed">
                  Terms: {request.terms}
                </Text>
              )}
            </div>
            <Badge color={stateColors[request.state]} variant="light">
              {request.state}
            </Badge>
          </Group>
          {request.state === 'pending' && (
            <Group mt="sm" gap="xs">
              <Button
                size="xs"
                loading={decide.isPending}
                onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={decide.isPending}
                onClick={() => decide.mutate({ id: request.id, decision: 'deny' })}
              >
                Deny
              </Button>
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
