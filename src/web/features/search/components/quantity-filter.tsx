import { Button, Group, NumberInput, Radio, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Any Quantity or Specific Quantity (spec part 2 §2). The number counts once applied (Apply or
 * Enter), so typing '250' does not search for 2 and 25 on the way.
 */
export function QuantityFilter({
  quantity,
  onApply,
}: {
  quantity: number | null;
  onApply: (quantity: number | null) => void;
}) {
  const [mode, setMode] = useState<'any' | 'specific'>(quantity ? 'specific' : 'any');
  const [draft, setDraft] = useState<string | number>(quantity ?? '');

  // Back/forward and chip removal change the URL: follow it.
  useEffect(() => {
    setMode(quantity ? 'specific' : 'any');
    setDraft(quantity ?? '');
  }, [quantity]);

  const draftNumber = typeof draft === 'number' ? draft : Number.parseInt(draft, 10);
  const valid = Number.isInteger(draftNumber) && draftNumber >= 1;
  const apply = () => {
    if (valid && draftNumber !== quantity) onApply(draftNumber);
  };

  return (
    <Stack gap={8}>
      <Radio.Group
        value={mode}
        onChange={(value) => {
          setMode(value as 'any' | 'specific');
          if (value === 'any' && quantity !== null) onApply(null);
        }}
        aria-label="Quantity"
      >
        <Stack gap={8}>
          <Radio value="any" label="Any Quantity" size="sm" />
          <Radio value="specific" label="Specific Quantity" size="sm" />
        </Stack>
      </Radio.Group>
      {mode === 'specific' && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <NumberInput
            size="xs"
            aria-label="Quantity needed"
            placeholder="e.g. 25"
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={draft}
            onChange={setDraft}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button size="xs" variant="light" onClick={apply} disabled={!valid}>
            Apply
          </Button>
        </Group>
      )}
    </Stack>
  );
}
