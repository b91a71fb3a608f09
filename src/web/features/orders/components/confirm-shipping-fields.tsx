import { NumberInput, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { productName } from '../../../../domain/brand';
import type { ShippingChoice } from './response-drafts';

/** Who delivers a confirmed order and, when the supplier does, what shipping costs. */
export type ShippingDraft = { mode: ShippingChoice; amount: number | string; notes: string };

/** Confirming: a pickup order needs nothing more; a delivery order says who delivers and at what cost. */
export function ConfirmShippingFields({
  pickup,
  shipping,
  onChange,
  amountError,
}: {
  pickup: boolean;
  shipping: ShippingDraft;
  onChange: (patch: Partial<ShippingDraft>) => void;
  amountError?: string;
}) {
  return pickup ? (
    <Text>The buyer picks this order up. Confirming tells them it will be ready on the requested date.</Text>
  ) : (
    <Stack gap="sm">
      <Radio.Group
        label="Who delivers this order?"
        value={shipping.mode}
        onChange={(value) => onChange({ mode: value as ShippingChoice })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="supplier" label="We deliver it (add the shipping amount)" />
          <Radio value="platform" label={`${productName} arranges freight`} />
        </Stack>
      </Radio.Group>
      {shipping.mode === 'supplier' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Shipping amount"
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            thousandSeparator=","
            required
            value={shipping.amount}
            onChange={(amount) => onChange({ amount })}
            error={amountError}
          />
          <Textarea
            label="Shipping notes"
            autosize
            minRows={1}
            maxLength={1000}
            value={shipping.notes}
            onChange={(event) => onChange({ notes: event.currentTarget.value })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
