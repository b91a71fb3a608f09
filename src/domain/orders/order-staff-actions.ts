import { z } from 'zod';
import { productName } from '../brand';
import { versionSchema } from '../record-ids';

/** Staff actions on an order (spec part 3 §7.2): deactivate, reactivate, swap buyer, swap supplier. */

// The spec's generic messages: 'Enter a {field} for this {object}' and 'Limit {field} to {n} characters'.
export const staffReasonRequiredMessage = 'Enter a reason for this order';
export const staffReasonTooLongMessage = 'Limit reason to 1000 characters';
export const supplierNoteTooLongMessage = 'Limit supplier note to 2000 characters';
export const chooseBuyerMessage = 'Choose a buyer';
export const chooseBranchMessage = 'Choose a supplier branch';
/** Spec part 1 §6: the gate's messages when a party has no organisation. */
export const buyerNeedsOrganizationMessage = 'Buyer must have an organization';
export const branchNeedsOrganizationMessage = 'Branch must have an organization';
export const sameBuyerMessage = 'This order already belongs to that buyer';
export const sameBranchMessage = 'This order is already with that branch';
export const ownSupplierMessage = 'A buyer cannot order from its own organization';
export const orderDeactivatedMessage = 'This order was deactivated by staff and cannot be changed.';
export const alreadyDeactivatedMessage = 'This order is already deactivated; someone changed it first.';
export const notDeactivatedMessage = 'This order is active; someone reactivated it first.';

const reasonSchema = z
  .string({ error: staffReasonRequiredMessage })
  .trim()
  .min(1, { error: staffReasonRequiredMessage })
  .max(1000, { error: staffReasonTooLongMessage });

const orderVersionSchema = versionSchema('Give the version of the order you saw');
const idSchema = (message: string) => z.number({ error: message }).int().positive({ error: message });

export const deactivateOrderSchema = z.object({ reason: reasonSchema });
export const reactivateOrderSchema = z.object({ reason: reasonSchema });

export const swapBuyerSchema = z.object({
  version: orderVersionSchema,
  buyerId: idSchema(chooseBuyerMessage),
  updatePricing: z.boolean().default(false),
  sendEmail: z.boolean().default(true),
  reason: z.string().trim().max(1000, { error: staffReasonTooLongMessage }).nullish(),
});
export type SwapBuyerInput = z.input<typeof swapBuyerSchema>;

export const swapSupplierSchema = z.object({
  version: orderVersionSchema,
  branchId: idSchema(chooseBranchMessage),
  updatePricing: z.boolean().default(false),
  sendEmail: z.boolean().default(true),
  supplierNote: z.string().trim().max(2000, { error: supplierNoteTooLongMessage }).nullish(),
  reason: z.string().trim().max(1000, { error: staffReasonTooLongMessage }).nullish(),
});
export type SwapSupplierInput = z.input<typeof swapSupplierSchema>;

/** Staff actions that leave the order's state as it is, as the order's history names them. */
export const staffEventLabels: Record<string, string> = {
  deactivate: `${productName} deactivated the order`,
  reactivate: `${productName} reactivated the order`,
  swap_buyer: `${productName} changed the buyer`,
  swap_supplier: `${productName} changed the supplier`,
};

/** Why a version of the order began (order_versions.reason). */
export const versionReasonLabels: Record<string, string> = {
  submitted: 'Submitted',
  date_change: 'Date changed',
  item_change: 'Items changed',
  swap_buyer: `Buyer changed by ${productName}`,
  swap_supplier: `Supplier changed by ${productName}`,
};
