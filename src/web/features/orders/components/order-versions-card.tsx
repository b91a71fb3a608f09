import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { versionReasonLabels } from '../../../../domain/orders/order-staff-actions';
import type { OrderDetail } from '../api/order-api';
import { formatDateTime } from './order-dates';
import { OrderVersionDocuments } from './order-version-documents';

/** Every version of the order, newest first, each with its own purchase order and bill of lading. */
export function OrderVersionsCard({ order }: { order: OrderDetail }) {
  const versions = [...(order.versions ?? [])].reverse();
  if (versions.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Versions
      </Title>
      <Stack gap={0} data-testid="order-versions">
        {versions.map((entry, index) => (
          <Group
            key={entry.version}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={6}
            data-testid="order-version-row"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Box>
              <Text size="sm" fw={600}>
                Version {entry.version}
                {entry.version === order.version ? ' (current)' : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {versionReasonLabels[entry.reason] ?? entry.reason.replace(/_/g, ' ')} ·{' '}
                {formatDateTime(entry.createdAt)}
              </Text>
            </Box>
            <OrderVersionDocuments orderId={order.id} version={entry.version} gap="md" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
