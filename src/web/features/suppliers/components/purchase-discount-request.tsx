import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answerOf, api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';

/**
 * A buyer asks this supplier to honour its purchase discount (EVD); once asked, the request's state
 * shows instead. Hidden for visitors and for the supplier's own people.
 */
export function PurchaseDiscountRequest({ supplierOrganizationId }: { supplierOrganizationId: number }) {
  const { user } = useCurrentUser();
  const signedIn = Boolean(user?.organizationId) && user?.organizationId !== supplierOrganizationId;
  const client = useQueryClient();
  const requests = useQuery({
    queryKey: ['purchase-discounts'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/purchase_discount_requests', { signal })),
    enabled: signedIn,
  });
  const [opened, setOpened] = useState(false);
  const [operator, setOperator] = useState<'PERCENTAGE' | 'FLAT_RATE'>('PERCENTAGE');
  const [value, setValue] = useState<number | string>('');
  const [terms, setTerms] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: () =>
      answerOf(
        api.POST('/api/v1/purchase_discount_requests', {
          body: {
            supplierOrganizationId,
            operator,
            value: operator === 'PERCENTAGE' ? Number(value) : Math.round(Number(value) * 100),
            terms: terms.trim() || null,
          },
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: () => {
      setOpened(false);
      notifications.show({ color: 'green', message: 'Request sent: the supplier will approve or deny it.' });
      void client.invalidateQueries({ queryKey: ['purchase-discounts'] });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : String(failure)),
  });
  if (!signedIn || !requests.data) return null;
  const latest = requests.data.find((request) => request.supplierOrganizationId === supplierOrganizationId);
  if (latest && latest.state !== 'denied') {
    return (
      <Badge color={latest.state === 'approved' ? 'green' : 'yellow'} variant="light">
        {latest.state === 'approved' ? 'Honors your purchase discount' : 'Purchase discount requested'}
      </Badge>
    );
  }
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)}>
        Ask for purchase discount
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Ask this supplier to honor your purchase discount"
      >
        <Stack>
          <SegmentedControl
            value={operator}
            onChange={(next) => setOperator(next as typeof operator)}
            data={[
              { value: 'PERCENTAGE', label: 'Percentage' },
              { value: 'FLAT_RATE', label: 'Flat rate per unit' },
            ]}
          />
          <NumberInput
            label={operator === 'PERCENTAGE' ? 'Discount (%)' : 'Discount per unit ($)'}
            min={0}
            max={operator === 'PERCENTAGE' ? 100 : undefined}
            decimalScale={2}
            value={value}
            onChange={setValue}
            error={error}
          />
          <Textarea
            label="Terms"
            placeholder="Net 30, on orders over $1,000"
            value={terms}
            onChange={(e) => setTerms(e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            When the supplier approves, your carts show its prices with the Purchase Discount.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button disabled={!value} loading={ask.isPending} onClick={() => ask.mutate()}>
              Send request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
