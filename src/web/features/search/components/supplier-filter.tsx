import { Radio, Stack, Switch } from '@mantine/core';
import { type SupplierSwitchKey, supplierSwitchKeys, supplierSwitchLabels } from '../search-url';

/**
 * Which suppliers' listings count (signed-in users only; spec part 2 §2): all of them by default, or
 * only those passing the chosen switches.
 */
export function SupplierFilter({
  filtered,
  switches,
  onModeChange,
  onSwitchChange,
}: {
  filtered: boolean;
  switches: Record<SupplierSwitchKey, boolean>;
  onModeChange: (filtered: boolean) => void;
  onSwitchChange: (key: SupplierSwitchKey, on: boolean) => void;
}) {
  return (
    <Stack gap={10}>
      <Radio.Group
        value={filtered ? 'filtered' : 'showAll'}
        onChange={(value) => onModeChange(value === 'filtered')}
        aria-label="Suppliers"
      >
        <Stack gap={8}>
          <Radio value="showAll" label="Show all suppliers" size="sm" />
          <Radio value="filtered" label="Filter suppliers" size="sm" />
        </Stack>
      </Radio.Group>
      {filtered && (
        <Stack gap={8} pl="md">
          {supplierSwitchKeys.map((key) => (
            <Switch
              key={key}
              size="sm"
              label={supplierSwitchLabels[key]}
              checked={switches[key]}
              onChange={(event) => onSwitchChange(key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
