import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Group, Loader, Menu, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  IconDotsVertical,
  IconGripVertical,
  IconSearch,
  IconSwitchHorizontal,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ListItemView } from '../../../../domain/hubsheets/hubsheet-types';
import {
  enterQuantityMessage,
  quantityNeedsEntry,
  readWholeQuantity,
} from '../../../../domain/hubsheets/line-reading';
import { matchConfidence } from '../../../../domain/hubsheets/match-confidence';
import { decimalToCents } from '../../../../domain/hubsheets/sourcing';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { formatMoney } from '../../../ui/money';
import { photoItemLabel, RequestPhotosButton } from '../../../ui/request-photos-button';
import type { ListItemActions } from '../api/use-list-item-actions';

export const money = (decimal: string | null) => {
  const cents = decimalToCents(decimal);
  return cents === null ? '—' : formatMoney(cents);
};

/** The confidence badge: label and colour from src/domain, the score beside it. */
export function ConfidenceBadge({ item }: { item: Pick<ListItemView, 'matchScore' | 'matchState'> }) {
  const confidence = matchConfidence(item.matchScore, item.matchState);
  return (
    <Badge
      color={confidence.color}
      variant="light"
      leftSection={confidence.key === 'matching' ? <Loader size={10} color="blue" /> : undefined}
      data-testid="line-confidence"
      data-confidence={confidence.key}
      styles={{ root: { textTransform: 'none', maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {confidence.label}
      {item.matchScore !== null && item.matchState === 'matched' && confidence.key !== 'perfect'
        ? ` · ${item.matchScore}`
        : ''}
    </Badge>
  );
}

/** A grid cell saved on blur or Enter when it changed; the cached line already shows the change. */
function EditableCell({
  value,
  onSave,
  label,
  width,
  placeholder,
  align,
  error,
}: {
  error?: string | null;
  value: string;
  onSave: (value: string) => void;
  label: string;
  width?: number | string;
  placeholder?: string;
  align?: 'left' | 'right';
}) {
  const [draft, setDraft] = useState(value);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(value);
  }, [value]);
  const save = () => {
    editing.current = false;
    if (draft.trim() === value.trim()) {
      setDraft(value);
      return;
    }
    onSave(draft.trim());
  };
  return (
    <TextInput
      aria-label={label}
      size="xs"
      variant="filled"
      w={width}
      placeholder={placeholder}
      error={error || undefined}
      value={draft}
      styles={{ input: { textAlign: align ?? 'left' } }}
      onFocus={() => {
        editing.current = true;
      }}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          editing.current = false;
          setDraft(value);
        }
      }}
    />
  );
}

function SupplyCell({ item }: { item: ListItemView }) {
  const supply = item.supply;
  if (!supply || !item.product)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  const diff = supply.percentDiff;
  return (
    <Stack gap={0} data-testid="line-supply">
      <Text size="xs" fw={600}>
        {supply.branchCount} {supply.branchCount === 1 ? 'branch' : 'branches'}
      </Text>
      {supply.branchCount > 0 && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Low {money(supply.lowestPrice)} · Median {money(supply.medianPrice)}
        </Text>
      )}
      {supply.branchCount === 0 && supply.suggestedRadius !== null && (
        <Text size="xs" c="dimmed" data-testid="line-suggested-radius">
          A {supply.suggestedRadius}-mile radius finds one
        </Text>
      )}
      {diff !== null && (
        <Text size="xs" c={diff > 0 ? 'red' : 'hedge.8'} style={{ whiteSpace: 'nowrap' }}>
          % Diff {diff > 0 ? '+' : ''}
          {diff}%
        </Text>
      )}
    </Stack>
  );
}

/** 'Request Photos' of the branch a line was sourced from (PHOTO_REQUEST), for its matched size. */
export function LinePhotos({ item }: { item: ListItemView }) {
  const { isOn } = useFeatures();
  if (!isOn('PHOTO_REQUEST') || !item.chosenBranch || !item.productVariant || !item.product) return null;
  return (
    <RequestPhotosButton
      compact
      item={{
        branchId: item.chosenBranch.id,
        productVariantId: item.productVariant.id,
        itemLabel: photoItemLabel(item.product.primaryName, item.productVariant.size, []),
        branchName: item.chosenBranch.name,
      }}
    />
  );
}

/** One line of the hubsheet grid: as written, as matched, and what the market offers. */
export const ListItemRow = memo(function ListItemRow({
  item,
  index,
  actions,
  sortable,
  onSearchCatalog,
}: {
  item: ListItemView;
  index: number;
  actions: ListItemActions;
  sortable: boolean;
  onSearchCatalog: (item: ListItemView) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
    background: isDragging ? 'var(--mantine-color-gray-0)' : undefined,
  };
  const noMatch = item.matchState === 'matched' && matchConfidence(item.matchScore).key === 'no_match';
  const quantityShown = item.quantityText ?? (item.quantity === null ? '' : String(item.quantity));
  return (
    <Table.Tr ref={setNodeRef} style={style} data-testid="list-item-row" data-item-id={item.id}>
      <Table.Td w={28} px={4}>
        {sortable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Drag to reorder"
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
      </Table.Td>
      <Table.Td w={32}>
        <Text size="xs" c="dimmed">
          {index + 1}
        </Text>
      </Table.Td>
      <Table.Td miw={200}>
        <Stack gap={4}>
          <EditableCell
            label="Product as written"
            value={item.originalText}
            onSave={(originalText) =>
              void actions.update(item, { originalText }, { originalText, matchState: 'matching' })
            }
          />
          <EditableCell
            label="Size as written"
            placeholder="Size"
            value={item.sizeText ?? ''}
            width={140}
            onSave={(sizeText) =>
              void actions.update(
                item,
                { sizeText: sizeText || null },
                { sizeText: sizeText || null, matchState: 'matching' },
              )
            }
          />
        </Stack>
      </Table.Td>
      <Table.Td miw={200}>
        {item.product ? (
          <Stack gap={0} data-testid="line-match" opacity={noMatch ? 0.6 : 1}>
            {noMatch && (
              <Text size="xs" c="dimmed">
                Best guess
              </Text>
            )}
            <Anchor
              component={Link}
              to={paths.product(item.product.pathIdentifier)}
              size="sm"
              fw={600}
              fs="italic"
              data-testid="line-product-name"
            >
              {item.product.primaryName}
            </Anchor>
            {item.product.secondaryName && (
              <Text size="xs" c="dimmed">
                {item.product.secondaryName}
              </Text>
            )}
            {item.sizeNote && (
              <Text size="xs" c="orange" data-testid="line-size-note">
                {item.sizeNote}
              </Text>
            )}
            <Group gap={4}>
              {item.productVariant && (
                <Badge
                  size="xs"
                  variant="outline"
                  color="gray"
                  data-testid="line-size"
                  styles={{ root: { textTransform: 'none' } }}
                >
                  {item.productVariant.size}
                </Badge>
              )}
              {item.chosenByUser && (
                <Badge size="xs" variant="light" color="hedge" styles={{ root: { textTransform: 'none' } }}>
                  Your choice
                </Badge>
              )}
              <LinePhotos item={item} />
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="line-match">
            {item.matchState === 'matched' ? 'No product found' : 'Matching…'}
          </Text>
        )}
      </Table.Td>
      <Table.Td w={90}>
        <EditableCell
          label="Quantity"
          value={quantityShown}
          align="right"
          error={item.quantityFlag}
          onSave={(text) => {
            const quantity = readWholeQuantity(text || null);
            void actions.update(
              item,
              { quantity: text || null },
              {
                quantityText: text || null,
                quantity,
                quantityFlag: quantityNeedsEntry(quantity) ? enterQuantityMessage : null,
              },
            );
          }}
        />
      </Table.Td>
      <Table.Td w={100}>
        <EditableCell
          label="Budget price"
          placeholder="$"
          value={item.budgetPrice ?? ''}
          align="right"
          onSave={(text) =>
            void actions.update(item, { budgetPrice: text || null }, { budgetPrice: text || null })
          }
        />
      </Table.Td>
      <Table.Td w={130} style={{ whiteSpace: 'nowrap' }}>
        <ConfidenceBadge item={item} />
      </Table.Td>
      <Table.Td w={160}>
        <SupplyCell item={item} />
      </Table.Td>
      <Table.Td w={44}>
        <Menu position="bottom-end" withinPortal width={320}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Change match for line ${index + 1}`}
              data-testid="line-menu"
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Other matches</Menu.Label>
            {item.alternatives.length === 0 && <Menu.Item disabled>No other matches</Menu.Item>}
            {item.alternatives.map((alternative) => (
              <Menu.Item
                key={`${alternative.product.id}-${alternative.productVariant?.id ?? 'any'}`}
                leftSection={<IconSwitchHorizontal size={14} />}
                data-testid="line-alternative"
                onClick={() =>
                  void actions.update(
                    item,
                    {
                      productId: alternative.product.id,
                      productVariantId: alternative.productVariant?.id ?? null,
                    },
                    {
                      product: alternative.product,
                      productVariant: alternative.productVariant,
                      matchScore: 100,
                      matchState: 'matched',
                      chosenByUser: true,
                    },
                  )
                }
              >
                <Text size="sm" fs="italic">
                  {alternative.product.primaryName}
                </Text>
                <Text size="xs" c="dimmed">
                  {[alternative.productVariant?.size, alternative.product.secondaryName]
                    .filter(Boolean)
                    .join(' · ')}{' '}
                  · score {alternative.matchScore}
                </Text>
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item leftSection={<IconSearch size={14} />} onClick={() => onSearchCatalog(item)}>
              Search the catalog…
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void actions.remove(item)}
            >
              Delete line
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
});
