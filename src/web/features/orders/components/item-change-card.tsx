import { NumberInput, Paper, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type PriceChangeReason, supplierChangeReasons } from '../../../../domain/orders/order-responses';
import { formatMoney } from '../../../ui/money';
import type { WorkflowItem } from '../api/order-workflow-api';
import type { ItemDraft } from './response-drafts';

const priceReasonOptions: { value: PriceChangeReason; label: string }[] = [
  { value: 'missing_discount', label: 'Missing discount' },
  { value: 'outdated_price', label: 'Outdated pricing' },
  { value: 'confirmed', label: 'Confirmed' },
];

/** One item's proposed change: quantity, size, substitute, price (with its reason), reason and comment. */
export function ItemChangeCard({
  item,
  draft,
  changed,
  onChange,
  reasonError,
  priceReasonError,
}: {
  item: WorkflowItem;
  draft: ItemDraft;
  /** The draft differs from the item: the card is highlighted and the reason required. */
  changed: boolean;
  onChange: (patch: Partial<ItemDraft>) => void;
  reasonError?: string;
  /** A new price needs its reason ('(Edited - missing discount)', ...). */
  priceReasonError?: string;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={changed ? 'var(--mantine-color-yellow-0)' : undefined}
      data-testid="item-change"
      data-item-id={item.id}
    >
      <Text fw={600}>{item.primaryName}</Text>
      <Text size="sm" c="dimmed" mb="xs">
        Now: {item.quantity} {item.unit}
        {item.size ? ` · ${item.size}` : ''} ·{' '}
        {item.supplierPrice == null ? 'no price' : formatMoney(item.supplierPrice)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <NumberInput
          label="New quantity"
          min={0}
          decimalScale={2}
          value={draft.quantity}
          onChange={(value) => onChange({ quantity: value })}
          placeholder={String(item.quantity)}
        />
        <TextInput
          label="New size"
          maxLength={60}
          value={draft.size}
          onChange={(event) => onChange({ size: event.currentTarget.value })}
          placeholder={item.size ?? ''}
        />
        <TextInput
          label="Substitute"
          maxLength={200}
          value={draft.substituteName}
          onChange={(event) => onChange({ substituteName: event.currentTarget.value })}
        />
        <NumberInput
          label="New price"
          prefix="$"
          decimalScale={2}
          min={0}
          thousandSeparator=","
          value={draft.price}
          onChange={(value) => onChange({ price: value })}
          placeholder={item.supplierPrice == null ? '' : (item.supplierPrice / 100).toFixed(2)}
        />
        {draft.price !== '' && (
          <Select
            label="Price reason"
            data={priceReasonOptions}
            required
            value={draft.priceReason}
            onChange={(value) => onChange({ priceReason: value })}
            error={priceReasonError}
          />
        )}
        <Select
          label="Reason"
          data={supplierChangeReasons}
          value={draft.reason}
          onChange={(value) => onChange({ reason: value })}
          error={reasonError}
          required={changed}
        />
      </SimpleGrid>
      <Textarea
        label="Comment"
        mt="sm"
        autosize
        minRows={1}
        maxLength={2000}
        value={draft.comment}
        onChange={(event) => onChange({ comment: event.currentTarget.value })}
      />
    </Paper>
  );
}
