/** The four ways a buyer may sort a cart's items (spec part 2 §4, Cart editing). */
export const cartSortOptions = [
  { value: 'product', label: 'Product' },
  { value: 'supplier', label: 'Supplier' },
  { value: 'original', label: 'Original Sequence' },
  { value: 'category', label: 'Category' },
] as const;
export type CartSortField = (typeof cartSortOptions)[number]['value'];

export const isCartSortField = (value: string): value is CartSortField =>
  cartSortOptions.some((option) => option.value === value);

/** What sorting reads from an item. */
export type SortableCartItem = {
  id: number;
  name: string;
  branchName: string;
  categoryNames: string;
  createdAt: string;
};

// Made on the first sort, not when the module loads: building a collator costs a phone some 20 ms, and
// every page that validates a cart (the search page's 'Add to cart') loads this module.
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) => {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
};

const comparators: Record<CartSortField, (a: SortableCartItem, b: SortableCartItem) => number> = {
  product: (a, b) => compareText(a.name, b.name),
  supplier: (a, b) => compareText(a.branchName, b.branchName) || compareText(a.name, b.name),
  original: (a, b) => a.createdAt.localeCompare(b.createdAt),
  category: (a, b) => compareText(a.categoryNames, b.categoryNames) || compareText(a.name, b.name),
};

/**
 * The items in the chosen order with their new sort positions, numbered from 1. Ties keep their
 * earlier order (then id), so sorting twice gives the same positions.
 */
export function sortCartItems<T extends SortableCartItem>(
  items: readonly T[],
  field: CartSortField,
): { id: number; sortPosition: number }[] {
  const compare = comparators[field];
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item) || a.index - b.index || a.item.id - b.item.id)
    .map(({ item }, index) => ({ id: item.id, sortPosition: index + 1 }));
}

/** Positions for items in the order given (after a drag), numbered from 1. */
export const renumberPositions = (ids: readonly number[]) =>
  ids.map((id, index) => ({ id, sortPosition: index + 1 }));
