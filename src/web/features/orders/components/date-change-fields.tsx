import { Paper, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { supplierDateChangeReasons } from '../../../../domain/orders/order-responses';
import { clientToday } from '../../../api/client-date';
import type { DateDraft } from './response-drafts';

/** An optional different date for the order, with its reason and a comment. */
export function DateChangeFields({
  date,
  changed,
  onChange,
  reasonError,
}: {
  date: DateDraft;
  /** A date other than the requested one is set: the reason is required. */
  changed: boolean;
  onChange: (date: DateDraft) => void;
  reasonError?: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="date-change">
      <Text fw={600} mb="xs">
        A different date (optional)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          type="date"
          label="New date"
          min={clientToday()}
          value={date.proposedOn}
          onChange={(event) => onChange({ ...date, proposedOn: event.currentTarget.value })}
        />
        <Select
          label="Reason for the new date"
          data={supplierDateChangeReasons}
          value={date.reason}
          onChange={(value) => onChange({ ...date, reason: value })}
          error={reasonError}
          required={changed}
        />
        <Textarea
          label="Comment on the date"
          autosize
          minRows={1}
          maxLength={2000}
          value={date.comment}
          onChange={(event) => onChange({ ...date, comment: event.currentTarget.value })}
        />
      </SimpleGrid>
    </Paper>
  );
}
