import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { updatedAgoText } from '../../../../domain/catalog/freshness';
import { formatMoney } from '../../../ui/money';
import { type InventoryRow, type ListingChange, useUpdateListing } from '../api/inventory-api';

const dollars = (cents: number) => cents / 100;
const cents = (value: number | string) => Math.round(Number(value) * 100);

/** A number saved when the field is left or Enter is pressed, if it changed. */
function InlineNumber({
  label,
  value,
  onSave,
  prefix,
  decimals = 0,
  disabled,
}: {
  label: string;
  value: number;
  onSave: (value: number) => void;
  prefix?: string;
  decimals?: number;
  disabled?: boolean;
}) {
  const [text, setText] = useState<number | string>(value);
  useEffect(() => setText(value), [value]);
  const save = () => {
    const next = Number(text);
    if (text === '' || Number.isNaN(next) || next < 0) {
      setText(value);
      return;
    }
    if (next !== value) onSave(next);
  };
  return (
    <NumberInput
      aria-label={label}
      size="xs"
      w={110}
      min={0}
      prefix={prefix}
      decimalScale={decimals}
      fixedDecimalScale={decimals > 0}
      thousandSeparator=","
      hideControls
      value={text}
      disabled={disabled}
      onChange={setText}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
      }}
    />
  );
}

function TiersModal({
  row,
  opened,
  onClose,
  onSave,
}: {
  row: InventoryRow;
  opened: boolean;
  onClose: () => void;
  onSave: (tiers: { quantityMin: number; price: number }[]) => void;
}) {
  const [tiers, setTiers] = useState(row.priceTiers.map((tier) => ({ ...tier })));
  useEffect(() => {
    if (opened)
      setTiers(
        row.priceTiers.length > 0
          ? row.priceTiers.map((tier) => ({ ...tier }))
          : [{ quantityMin: 1, price: 0 }],
      );
  }, [opened, row.priceTiers]);
  return (
    <Modal opened={opened} onClose={onClose} title={`Price tiers: ${row.primaryName} ${row.size}`}>
      <Stack gap="xs">
        {tiers.map((tier, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id while being edited
          <Group key={index} gap="xs" align="end">
            <NumberInput
              label={index === 0 ? 'From quantity' : undefined}
              aria-label="From quantity"
              min={1}
              w={120}
              value={tier.quantityMin}
              onChange={(value) =>
                setTiers(tiers.map((t, i) => (i === index ? { ...t, quantityMin: Number(value) || 1 } : t)))
              }
            />
            <NumberInput
              label={index === 0 ? 'Price' : undefined}
              aria-label="Tier price"
              prefix="$"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              w={120}
              value={dollars(tier.price)}
              onChange={(value) =>
                setTiers(tiers.map((t, i) => (i === index ? { ...t, price: cents(value) } : t)))
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove tier"
              onClick={() => setTiers(tiers.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            setTiers([
              ...tiers,
              { quantityMin: (tiers.at(-1)?.quantityMin ?? 0) + 10, price: tiers.at(-1)?.price ?? 0 },
            ])
          }
          w="fit-content"
        >
          Add tier
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onSave(tiers);
              onClose();
            }}
          >
            Save tiers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TierSummary({ row }: { row: InventoryRow }) {
  if (row.priceTiers.length <= 1) return null;
  return (
    <Text size="xs" c="dimmed">
      {row.priceTiers
        .slice(1)
        .map((tier) => `${tier.quantityMin}+: ${formatMoney(tier.price)}`)
        .join(' · ')}
    </Text>
  );
}

/** The fields of one listing a supplier edits inline; each change is saved by itself. */
function useListingEditor(row: InventoryRow) {
  const update = useUpdateListing();
  const save = (change: ListingChange) => update.mutate({ id: row.id, change });
  const firstPrice = row.priceTiers[0]?.price ?? 0;
  const savePrice = (value: number) => {
    const rest = row.priceTiers.slice(1);
    save({ priceTiers: [{ quantityMin: 1, price: Math.round(value * 100) }, ...rest] });
  };
  return { save, savePrice, firstPrice, pending: update.isPending };
}

function Freshness({ row }: { row: InventoryRow }) {
  return (
    <Text size="xs" c={row.stale ? 'red' : 'dimmed'} title={new Date(row.updatedAt).toLocaleString()}>
      {updatedAgoText(row.updatedAt)}
    </Text>
  );
}

function DiscountBadge({ row }: { row: InventoryRow }) {
  return row.supplierDiscountEligible ? (
    <Badge size="sm" variant="light" color="teal">
      Supplier discount
    </Badge>
  ) : (
    <Text size="xs" c="dimmed">
      —
    </Text>
  );
}

function TableRow({ row, showBranch }: { row: InventoryRow; showBranch: boolean }) {
  const editor = useListingEditor(row);
  const [tiersOpen, setTiersOpen] = useState(false);
  return (
    <Table.Tr data-testid="inventory-row">
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.primaryName}
        </Text>
        {row.secondaryName && (
          <Text size="xs" c="dimmed">
            {row.secondaryName}
          </Text>
        )}
        {showBranch && (
          <Text size="xs" c="dimmed">
            {row.branchName}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.size}</Table.Td>
      <Table.Td>
        <InlineNumber
          label={`Quantity of ${row.primaryName} ${row.size}`}
          value={row.quantity}
          disabled={row.ignoreQuantity}
          onSave={(quantity) => editor.save({ quantity })}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`Ignore quantity of ${row.primaryName} ${row.size}`}
          checked={row.ignoreQuantity}
          onChange={(event) => editor.save({ ignoreQuantity: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <InlineNumber
            label={`Price of ${row.primaryName} ${row.size}`}
            value={dollars(editor.firstPrice)}
            prefix="$"
            decimals={2}
            onSave={editor.savePrice}
          />
          <Button variant="subtle" size="compact-xs" onClick={() => setTiersOpen(true)}>
            Tiers
          </Button>
        </Group>
        <TierSummary row={row} />
        <TiersModal
          row={row}
          opened={tiersOpen}
          onClose={() => setTiersOpen(false)}
          onSave={(priceTiers) => editor.save({ priceTiers })}
        />
      </Table.Td>
      <Table.Td>
        <DiscountBadge row={row} />
      </Table.Td>
      <Table.Td>
        <Freshness row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

function PhoneCard({ row, showBranch }: { row: InventoryRow; showBranch: boolean }) {
  const editor = useListingEditor(row);
  const [tiersOpen, setTiersOpen] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="inventory-card">
      <Group justify="space-between" align="start" wrap="nowrap">
        <div>
          <Text size="sm" fw={500}>
            {row.primaryName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.size}
            {showBranch ? ` · ${row.branchName}` : ''}
          </Text>
        </div>
        <Freshness row={row} />
      </Group>
      <Group mt="xs" gap="sm" align="end">
        <Stack gap={2}>
          <Text size="xs">Quantity</Text>
          <InlineNumber
            label={`Quantity of ${row.primaryName} ${row.size}`}
            value={row.quantity}
            disabled={row.ignoreQuantity}
            onSave={(quantity) => editor.save({ quantity })}
          />
        </Stack>
        <Stack gap={2}>
          <Text size="xs">Price</Text>
          <InlineNumber
            label={`Price of ${row.primaryName} ${row.size}`}
            value={dollars(editor.firstPrice)}
            prefix="$"
            decimals={2}
            onSave={editor.savePrice}
          />
        </Stack>
        <Button variant="subtle" size="compact-xs" onClick={() => setTiersOpen(true)}>
          Tiers
        </Button>
      </Group>
      <TierSummary row={row} />
      <Group mt="xs" justify="space-between">
        <Checkbox
          size="xs"
          label="Ignore quantity"
          checked={row.ignoreQuantity}
          onChange={(event) => editor.save({ ignoreQuantity: event.currentTarget.checked })}
        />
        <DiscountBadge row={row} />
      </Group>
      <TiersModal
        row={row}
        opened={tiersOpen}
        onClose={() => setTiersOpen(false)}
        onSave={(priceTiers) => editor.save({ priceTiers })}
      />
    </Card>
  );
}

/** The listings as a table (cards on a phone), every field saved as it is changed. */
export function ListingTable({ rows, showBranch }: { rows: InventoryRow[]; showBranch: boolean }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <PhoneCard key={row.id} row={row} showBranch={showBranch} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Available</Table.Th>
            <Table.Th>
              <Tooltip label="Always available: the quantity is not counted">
                <span>Ignore qty</span>
              </Tooltip>
            </Table.Th>
            <Table.Th>Price tiers</Table.Th>
            <Table.Th>Supplier discount</Table.Th>
            <Table.Th>Last updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <TableRow key={row.id} row={row} showBranch={showBranch} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
