import { Badge } from '@mantine/core';
import type { HubsheetStatus } from '../../../../domain/hubsheets/hubsheet-types';

/** Part 2 §9: In Progress (default), Ready to Bid, Ready to Order. */
export const hubsheetStatusLabels: Record<HubsheetStatus, string> = {
  in_progress: 'In Progress',
  ready_to_bid: 'Ready to Bid',
  ready_to_order: 'Ready to Order',
};

const statusColors: Record<HubsheetStatus, string> = {
  in_progress: 'gray',
  ready_to_bid: 'blue',
  ready_to_order: 'grape',
};

export function HubsheetStatusPill({ status }: { status: HubsheetStatus | null }) {
  const value = status ?? 'in_progress';
  return (
    <Badge
      color={statusColors[value]}
      variant="light"
      radius="xl"
      data-testid="hubsheet-status"
      // Beside a long name on a phone's card the pill keeps its whole label.
      styles={{ root: { textTransform: 'none', flex: 'none' } }}
    >
      {hubsheetStatusLabels[value]}
    </Badge>
  );
}
