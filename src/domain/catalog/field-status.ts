/**
 * Where a listed plant stands in the nursery (the Dig Status filter of spec part 2 §2):
 * - Ready: in its container, or already dug and in the holding yard; ships now.
 * - Pre-Dug: field stock dug ahead of the season and heeled in; ships now, root ball already formed.
 * - Dig to Order: still in the field; dug when ordered (adds a few days, only in digging season).
 * - Growing On: not yet at the listed size; offered for forward orders.
 * Hard goods have no field status.
 */
export const fieldStatuses = ['Ready', 'Pre-Dug', 'Dig to Order', 'Growing On'] as const;
export type FieldStatus = (typeof fieldStatuses)[number];
