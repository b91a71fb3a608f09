import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import type { ImportMapping } from '../api/hubsheets-api';

export type ColumnKind = 'productName' | 'size' | 'quantity' | 'quantityAndSize' | 'budgetPrice' | 'other';

export const columnKindLabels: Record<ColumnKind, string> = {
  productName: 'Product Name',
  size: 'Size',
  quantity: 'Quantity',
  quantityAndSize: 'Quantity & Size',
  budgetPrice: 'Budget Price',
  other: 'Other',
};

/** What each column holds (null: not used), and whether the size is written inside the product name. */
export type ColumnAssignment = { kinds: Array<ColumnKind | null>; sizeInName: boolean };

/**
 * What each column holds: the list's mapping, or while its required columns are not assigned, the
 * mapping its content suggests.
 */
export function assignmentFromList(view: ImportListView): ColumnAssignment {
  const list = view.productNameIndex === null && view.suggestedMapping ? view.suggestedMapping : view;
  const kinds: Array<ColumnKind | null> = view.originalHeaders.map(() => null);
  const set = (index: number | null, kind: ColumnKind) => {
    if (index !== null && index >= 0 && index < kinds.length) kinds[index] = kind;
  };
  for (const index of list.otherIndexes) set(index, 'other');
  set(list.budgetedPriceIndex, 'budgetPrice');
  set(list.quantityIndex, 'quantity');
  set(list.containerIndex, 'size');
  set(list.productNameIndex, 'productName');
  if (list.quantityIndex !== null && list.quantityIndex === list.containerIndex)
    set(list.quantityIndex, 'quantityAndSize');
  // The server read the size from the product text when it found a name column but no size column.
  const sizeInName = list.productNameIndex !== null && list.containerIndex === null;
  return { kinds, sizeInName };
}

/** Gives a column a kind; a kind other than 'Other' moves off the column that held it. */
export function assignKind(
  assignment: ColumnAssignment,
  column: number,
  kind: ColumnKind | null,
): ColumnAssignment {
  const kinds = assignment.kinds.map((current, index) => {
    if (index === column) return kind;
    if (kind && kind !== 'other' && current === kind) return null;
    // 'Quantity & Size' is both: it leaves the columns holding either, and either leaves it.
    if (kind === 'quantityAndSize' && (current === 'quantity' || current === 'size')) return null;
    if ((kind === 'quantity' || kind === 'size') && current === 'quantityAndSize') return null;
    return current;
  });
  return { ...assignment, kinds };
}

export function missingKinds(assignment: ColumnAssignment): Array<'productName' | 'size' | 'quantity'> {
  const has = (kind: ColumnKind) =>
    assignment.kinds.includes(kind) ||
    ((kind === 'size' || kind === 'quantity') && assignment.kinds.includes('quantityAndSize'));
  const missing: Array<'productName' | 'size' | 'quantity'> = [];
  if (!has('productName')) missing.push('productName');
  if (!assignment.sizeInName && !has('size')) missing.push('size');
  if (!has('quantity')) missing.push('quantity');
  return missing;
}

export function mappingOf(assignment: ColumnAssignment): ImportMapping {
  const indexOf = (kind: ColumnKind) => {
    const index = assignment.kinds.indexOf(kind);
    return index === -1 ? null : index;
  };
  const both = indexOf('quantityAndSize');
  return {
    productNameIndex: indexOf('productName'),
    containerIndex: both ?? (assignment.sizeInName ? null : indexOf('size')),
    quantityIndex: both ?? indexOf('quantity'),
    budgetedPriceIndex: indexOf('budgetPrice'),
    otherIndexes: assignment.kinds.flatMap((kind, index) => (kind === 'other' ? [index] : [])),
  };
}
