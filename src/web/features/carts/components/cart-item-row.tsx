import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Box,
  Button,
  Flex,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconGripVertical, IconNotes, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import type { CartItemView } from '../../../../domain/carts/cart-view';
import { quantityProblem, unitAllowsFractions } from '../../../../domain/carts/quantity';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { formatMoney } from '../../../ui/money';
import { updateCartItem } from '../api/carts-api';
import { CartLinePhotos } from './cart-line-photos';
import { ItemName, ItemPrice, isConflict, messageOf, showCartEditError } from './cart-shared';

/** What a row asks of the page; the page passes one stable object so rows re-render only when their item changes. */
export type CartRowActions = {
  /** A saved item: put the answer in the cart and refetch totals. */
  onItemSaved: (item: CartItemView) => void;
  /** Someone else changed the item: show the conflict and reload. */
  onConflict: (message: string) => void;
  onDelete: (item: CartItemView) => Promise<void>;
};

type NotesField = 'buyerNotes' | 'sharedNotes';

function NoteField({
  item,
  field,
  label,
  actions,
}: {
  item: CartItemView;
  field: NotesField;
  label: string;
  actions: CartRowActions;
}) {
  const saved = item[field] ?? '';
  const [value, setValue] = useState(saved);
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current) setValue(saved);
  }, [saved]);
  const save = async () => {
    if (!touched.current) return;
    if (value.trim() === saved.trim()) {
      touched.current = false;
      return;
    }
    try {
      // Notes are saved without a version: they never change prices, and the last note typed wins.
      const answer = await updateCartItem(item.id, { [field]: value.trim() || null });
      touched.current = false;
      actions.onItemSaved(answer);
    } catch (error) {
      showCartEditError(error);
    }
  };
  return (
    <Textarea
      size="xs"
      label={label}
      autosize
      minRows={1}
      maxRows={5}
      maxLength={1000}
      value={value}
      onChange={(event) => {
        touched.current = true;
        setValue(event.currentTarget.value);
      }}
      onBlur={save}
      style={{ flex: '1 1 240px' }}
    />
  );
}

/** One editable cart line. Its quantity lives here, so typing re-renders this row only. */
export const CartItemRow = memo(function CartItemRow({
  item,
  branchName,
  actions,
  sortable,
}: {
  item: CartItemView;
  branchName: string;
  actions: CartRowActions;
  sortable: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
      disabled: !sortable,
    });
  const [draft, setDraft] = useState<string | number>(item.quantity);
  const [error, setError] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notesOpen, setNotesOpen] = useState(Boolean(item.buyerNotes || item.sharedNotes));
  // True from the first keystroke until the typed quantity is saved: a reload never overwrites it.
  const touched = useRef(false);
  const inFlight = useRef(false);

  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  useEffect(() => {
    // A reload shows the server's quantity unless the user has typed one that is not saved yet.
    if (!touched.current) setDraft(item.quantity);
    else if (Number(latestDraft.current) === item.quantity) {
      touched.current = false;
      setUnsaved(false);
    }
  }, [item.quantity]);

  const save = async () => {
    if (inFlight.current || !touched.current) return;
    const quantity = typeof draft === 'number' ? draft : Number.parseFloat(draft);
    const problem =
      draft === '' ? quantityProblem(Number.NaN, item.unit) : quantityProblem(quantity, item.unit);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    if (quantity === item.quantity) {
      touched.current = false;
      setUnsaved(false);
      return;
    }
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await updateCartItem(item.id, { version: item.version, quantity });
      touched.current = false;
      setUnsaved(false);
      actions.onItemSaved(answer);
    } catch (failure) {
      setUnsaved(true);
      if (isConflict(failure)) actions.onConflict(messageOf(failure));
      else if (failure instanceof ApiError && failure.fields.quantity) setError(failure.fields.quantity);
      else showCartEditError(failure);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Remove this item?',
      children: <Text size="sm">{item.name} will be removed from this cart.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void actions.onDelete(item),
    });

  const fractions = unitAllowsFractions(item.unit);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="sm"
      data-testid="cart-item-row"
      data-item-id={item.id}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'flex-start' }}>
        <Group gap={6} wrap="nowrap" align="flex-start" style={{ flex: '1 1 0', minWidth: 0 }}>
          {sortable && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Drag to reorder ${item.name}`}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <ItemName item={item} />
          </Box>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${item.name}`}
            onClick={confirmDelete}
            hiddenFrom="sm"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap" style={{ flex: '0 1 auto' }}>
          <Stack gap={4} w={150}>
            <Group gap={6} wrap="nowrap" align="center">
              <NumberInput
                size="xs"
                w={100}
                aria-label={`Quantity of ${item.name}`}
                value={draft}
                min={0}
                allowNegative={false}
                allowDecimal={fractions}
                decimalScale={fractions ? 2 : 0}
                hideControls
                thousandSeparator=","
                error={error ?? (unsaved ? true : undefined)}
                onChange={(value) => {
                  touched.current = true;
                  setError(null);
                  setDraft(value);
                }}
                onBlur={save}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void save();
                }}
                rightSection={saving ? <Text size="xs">…</Text> : undefined}
                data-testid="cart-item-quantity"
              />
              <Text size="xs" c="dimmed">
                {item.unitAbbreviation}
              </Text>
            </Group>
            {error && (
              <Text size="xs" c="red">
                {error}
              </Text>
            )}
            {unsaved && !error && (
              <Group gap={4}>
                <Text size="xs" c="orange" data-testid="cart-item-unsaved">
                  Not saved
                </Text>
                <Button size="compact-xs" variant="light" onClick={() => void save()} loading={saving}>
                  Save again
                </Button>
              </Group>
            )}
            {item.exceedsAvailability && item.availability && (
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={14}
                  color="var(--mantine-color-orange-7)"
                  style={{ flexShrink: 0 }}
                />
                <Text size="xs" c="orange" data-testid="cart-item-availability-warning">
                  Only {formatNumber(item.availability.quantity)} available at {branchName}
                </Text>
              </Group>
            )}
            {item.missingAvailability && !item.nonCatalog && (
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
                <Text size="xs" c="red" data-testid="cart-item-missing-warning">
                  No longer listed by this supplier
                </Text>
              </Group>
            )}
          </Stack>
          <Box w={140}>
            <ItemPrice item={item} />
          </Box>
          <Text size="sm" fw={600} w={90} ta={{ base: 'left', sm: 'right' }} data-testid="cart-item-total">
            {formatMoney(item.buyerTotal)}
          </Text>
          <Group gap={2} wrap="nowrap">
            <CartLinePhotos item={item} branchName={branchName} />
            <ActionIcon
              variant={notesOpen ? 'light' : 'subtle'}
              color="gray"
              aria-label={`Notes for ${item.name}`}
              aria-expanded={notesOpen}
              onClick={() => setNotesOpen((value) => !value)}
            >
              <IconNotes size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${item.name}`}
              onClick={confirmDelete}
              visibleFrom="sm"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Flex>
      {notesOpen && (
        <Flex gap="sm" mt="xs" wrap="wrap">
          <NoteField item={item} field="buyerNotes" label="Buyer notes" actions={actions} />
          <NoteField item={item} field="sharedNotes" label="Shared notes" actions={actions} />
        </Flex>
      )}
    </Paper>
  );
});
