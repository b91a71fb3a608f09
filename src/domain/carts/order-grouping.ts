/** The gate's messages when a cart cannot be split into orders (spec part 1 §6, part 2 §8). */
export const branchWithoutOrganizationMessage = 'Branch must have an organization';
export const buyerWithoutOrganizationMessage = 'Buyer must have an organization';

export class OrderGroupingError extends Error {}

type GroupableItem = { branchId: number; branchOrganizationId: number | null };

export type OrderGroup<T> = { branchId: number; supplierOrganizationId: number; items: T[] };

/**
 * Splits a cart's items into one group per supplier branch, in the order the branches first appear.
 * Each order belongs to the buyer's organisation and the branch's supplier organisation, so both
 * must exist; otherwise the split refuses with the spec's message.
 */
export function groupItemsIntoOrders<T extends GroupableItem>(
  items: readonly T[],
  buyerOrganizationId: number | null,
): OrderGroup<T>[] {
  if (buyerOrganizationId === null) throw new OrderGroupingError(buyerWithoutOrganizationMessage);
  const groups = new Map<number, OrderGroup<T>>();
  for (const item of items) {
    if (item.branchOrganizationId === null) throw new OrderGroupingError(branchWithoutOrganizationMessage);
    let group = groups.get(item.branchId);
    if (!group) {
      group = { branchId: item.branchId, supplierOrganizationId: item.branchOrganizationId, items: [] };
      groups.set(item.branchId, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
