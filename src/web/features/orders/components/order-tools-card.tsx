import { Alert, Button, Card, Group, List, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '../../../../domain/admin/beehive-access';
import { useCurrentUser } from '../../../api/current-user';
import { useOrderValidation, useSyncOrder } from '../api/order-tools';

/** Beehive's order tools: check the order against its buyer and listings, re-send the purchase order. */
export function OrderToolsCard({ orderId }: { orderId: number }) {
  const { user } = useCurrentUser();
  const [checking, setChecking] = useState(false);
  const validation = useOrderValidation(orderId, checking);
  const sync = useSyncOrder(orderId);
  return (
    <Card withBorder padding="lg" mt="md">
      <Title order={3} size="h4" mb="xs">
        Order tools
      </Title>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconChecklist size={16} />}
          loading={validation.isFetching}
          onClick={() => (checking ? validation.refetch() : setChecking(true))}
        >
          Validate order
        </Button>
        {can(user, 'manage_orders') && (
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            loading={sync.isPending}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (answer) =>
                  notifications.show({
                    color: 'green',
                    message: `Purchase order re-sent to the branch's Order Communications contacts: ${answer.sentTo.join(', ')}`,
                  }),
              })
            }
          >
            Re-send purchase order
          </Button>
        )}
      </Group>
      {validation.data &&
        (validation.data.valid ? (
          <Alert mt="sm" color="green" variant="light" data-testid="order-validation">
            Nothing wrong: the buyer belongs to the organisation and every line is listed at its current
            price.
          </Alert>
        ) : (
          <Alert mt="sm" color="orange" variant="light" data-testid="order-validation">
            <Text size="sm" fw={600} mb={4}>
              {validation.data.problems.length === 1
                ? '1 problem'
                : `${validation.data.problems.length} problems`}
            </Text>
            <List size="sm">
              {validation.data.problems.map((problem) => (
                <List.Item key={`${problem.code}-${problem.orderItemId ?? 0}`}>{problem.message}</List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </Card>
  );
}
