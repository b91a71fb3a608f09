import { z } from 'zod';
import { requiredTextSchema } from '../accounts/address-schema';
import { amountTooLargeMessage, maxCents } from '../money';
import { recordIdSchema } from '../record-ids';
import { noteBodyRequiredMessage, noteBodyTooLongMessage } from './cart-schemas';
import { cartStates } from './cart-states';
import { cartViewSchema } from './cart-view';

// Beehive's view of a buyer's cart (/admin/carts/{cartNumber}/edit) and the changes staff make there.

export const staffPriceInvalidMessage = 'Enter a price of $0.00 or more, in cents';
export const branchNotListingMessage = 'That branch does not list this size. Choose a branch that lists it.';
export const sameBranchMessage = 'The line is already at that branch.';
export const cartNotOpenForStaffMessage =
  'This cart has been submitted; change its orders from the order page instead.';
export const staffAssigneeMessage = 'Choose a buyer who can use the site';
export const nonCatalogMoveMessage = 'Only catalogue lines can move to another branch.';

const staffCents = z
  .number({ error: staffPriceInvalidMessage })
  .int({ error: staffPriceInvalidMessage })
  .min(0, { error: staffPriceInvalidMessage })
  .max(maxCents, { error: amountTooLargeMessage })
  .nullable();

/** The prices staff set on one line, in cents per unit; null gives the listing's price back. */
export const staffPricesSchema = z.object({
  bookPrice: staffCents,
  buyerPrice: staffCents,
  supplierPrice: staffCents,
});
export type StaffPricesInput = z.infer<typeof staffPricesSchema>;

export const moveCartLineSchema = z.object({ branchId: recordIdSchema('Choose a branch') });

export const internalNoteSchema = z.object({
  body: requiredTextSchema(noteBodyRequiredMessage).max(2000, { error: noteBodyTooLongMessage }),
});

export const staffReassignCartSchema = z.object({
  buyerUserId: recordIdSchema(staffAssigneeMessage),
  notifyBuyer: z.boolean().default(false),
  note: z.string().trim().max(2000, { error: 'Limit note to 2000 characters' }).optional(),
});

const pricesViewSchema = z.object({
  bookPrice: z.number().nullable(),
  buyerPrice: z.number().nullable(),
  supplierPrice: z.number().nullable(),
});

export const adminCartLineSchema = z
  .object({
    itemId: z.number(),
    /** What the listing gives today, kept beside the staff's prices. */
    original: pricesViewSchema,
    staffPrices: pricesViewSchema.nullable(),
    /** Other branches listing this size (where the line may move). */
    branchOptions: z.array(z.object({ id: z.number(), name: z.string(), organizationName: z.string() })),
  })
  .meta({ id: 'AdminCartLine' });

export const internalNoteViewSchema = z
  .object({ id: z.number(), body: z.string(), authorName: z.string().nullable(), createdAt: z.string() })
  .meta({ id: 'InternalCartNote' });

export const adminCartViewSchema = z
  .object({
    cart: cartViewSchema,
    editable: z.boolean(),
    lines: z.array(adminCartLineSchema),
    internalNotes: z.array(internalNoteViewSchema),
  })
  .meta({ id: 'AdminCart' });
export type AdminCartView = z.infer<typeof adminCartViewSchema>;

export const adminCartListItemSchema = z
  .object({
    id: z.number(),
    cartNumber: z.string(),
    name: z.string(),
    state: z.enum(cartStates),
    buyerFullName: z.string(),
    buyerEmail: z.string(),
    organizationName: z.string().nullable(),
    itemsCount: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminCartListItem' });
export type AdminCartListItem = z.infer<typeof adminCartListItemSchema>;
