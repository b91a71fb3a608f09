import { z } from 'zod';
import { nullableTextSchema, requiredTextSchema } from '../accounts/address-schema';
import { postalCodeInvalidMessage } from '../accounts/messages';
import { isValidPostalCode, normalizePostalCode } from '../accounts/postal-code';
import { calendarDateSchema } from '../calendar-date';
import { recordIdSchema, versionSchema } from '../record-ids';
import { isCartSortField } from './cart-sorting';
import { fulfillmentTypes } from './cart-states';
import {
  maxQuantity,
  quantityPositiveMessage,
  quantityRequiredMessage,
  quantityTooLargeMessage,
} from './quantity';

export const cartNameRequiredMessage = 'Enter a name for this cart';
export const cartNameTooLongMessage = 'Limit name to 120 characters';
export const noteBodyRequiredMessage = 'Enter a note';
export const noteBodyTooLongMessage = 'Limit note to 2000 characters';
export const itemNameRequiredMessage = 'Enter a name for this item';
export const requestedDatePastMessage = 'Choose today or a later date';
export const deliveryAddressRequiredMessage = 'Enter the delivery address for delivery orders';

const limited = (field: string, max: number) =>
  nullableTextSchema.refine((value) => value === null || value.length <= max, {
    error: `Limit ${field} to ${max} characters`,
  });

/** An optional job postal code: blank means none; anything else must be a US zip or Canadian code. */
const optionalPostalCodeSchema = nullableTextSchema
  .refine((value) => value === null || isValidPostalCode(value), { error: postalCodeInvalidMessage })
  .transform((value) => (value === null ? null : normalizePostalCode(value)));

export const jobDataSchema = z.object({
  externalJobNumber: limited('job number', 60),
  externalPhase: limited('phase', 60),
  postalCode: optionalPostalCodeSchema,
});

const cartNameSchema = requiredTextSchema(cartNameRequiredMessage).max(120, {
  error: cartNameTooLongMessage,
});

/**
 * A quantity as typed: a positive number. Whether fractions are allowed depends on the item's unit,
 * which only the server knows, so that rule is checked there (quantityProblem).
 */
export const quantitySchema = z
  .number({ error: quantityRequiredMessage })
  .refine((value) => Number.isFinite(value), { error: quantityRequiredMessage })
  .refine((value) => value > 0, { error: quantityPositiveMessage })
  .refine((value) => value <= maxQuantity, { error: quantityTooLargeMessage });

const idSchema = recordIdSchema();

/**
 * Where an 'Add to cart' came from (the cart item's metrics_source, spec part 2 §3): a fixed list so
 * reports can count by it. 'Photo Request' is the adder on a photo reply (part 3 §7.3).
 */
export const cartMetricsSources = ['Photo Request', 'Hubsheet', 'Search', 'Product Page'] as const;
export type CartMetricsSource = (typeof cartMetricsSources)[number];
export const metricsSourceMessage = `Choose where the item was added from: ${cartMetricsSources.join(', ')}`;
export const metricsSourceSchema = z.enum(cartMetricsSources, { error: metricsSourceMessage });

/** The first item of a cart created from an "Add to cart" click when the user had no cart yet. */
export const newCartItemSchema = z.object({
  branchId: idSchema,
  productVariantId: idSchema,
  quantity: quantitySchema,
});

export const createCartSchema = z.object({
  name: cartNameSchema,
  jobData: jobDataSchema.optional(),
  item: newCartItemSchema.optional(),
});
export type CreateCartInput = z.input<typeof createCartSchema>;

export const updateCartSchema = z.object({
  version: versionSchema(),
  name: cartNameSchema.optional(),
  jobData: jobDataSchema.optional(),
  taxExempt: z.boolean().optional(),
});
export type UpdateCartInput = z.input<typeof updateCartSchema>;

/**
 * A new cart line: a branch's listing of a size (productVariantId), or with nonCatalog an item the
 * buyer describes (name, size, unit, optional unit price in cents) for that branch.
 */
export const addCartItemSchema = z
  .object({
    cartId: idSchema,
    branchId: idSchema,
    productVariantId: idSchema.optional(),
    quantity: quantitySchema,
    buyerNotes: limited('buyer notes', 1000).optional(),
    nonCatalog: z.boolean().default(false),
    name: z.string().trim().max(200, { error: 'Limit name to 200 characters' }).optional(),
    size: limited('size', 60).optional(),
    unit: z.string().trim().max(20).default('each'),
    unitPrice: z.number().int().min(0).max(100_000_000).nullish(),
    metricsSource: metricsSourceSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.nonCatalog && !value.name) {
      context.addIssue({ code: 'custom', path: ['name'], message: itemNameRequiredMessage });
    }
    if (!value.nonCatalog && value.productVariantId === undefined) {
      context.addIssue({ code: 'custom', path: ['productVariantId'], message: 'Choose a size' });
    }
  });
export type AddCartItemInput = z.input<typeof addCartItemSchema>;

export const updateCartItemSchema = z.object({
  version: versionSchema().optional(),
  quantity: quantitySchema.optional(),
  buyerNotes: limited('buyer notes', 1000).optional(),
  sharedNotes: limited('shared notes', 1000).optional(),
});
export type UpdateCartItemInput = z.input<typeof updateCartItemSchema>;

export const reorderCartItemsSchema = z.object({
  cartId: idSchema,
  cartItemsSort: z
    .array(z.object({ id: idSchema, sortPosition: z.number().int().min(1) }))
    .min(1)
    .max(5000),
});

export const cartSortFieldSchema = z.string().refine(isCartSortField, { error: 'Unknown sort' });

export const cartNoteSchema = z.object({
  cartId: idSchema,
  body: requiredTextSchema(noteBodyRequiredMessage).max(2000, { error: noteBodyTooLongMessage }),
  // Cart notes are always shared with the buyer's organisation (spec: internal is always false).
  internal: z.literal(false).optional(),
});
export type CartNoteInput = z.input<typeof cartNoteSchema>;

export const deliveryAddressSchema = z.object({
  name: requiredTextSchema('Enter who receives the delivery'),
  street1: requiredTextSchema('Street address is required'),
  street2: nullableTextSchema,
  city: requiredTextSchema('City is required'),
  state: requiredTextSchema('State is required.'),
  postalCode: requiredTextSchema('Zip code is required.')
    .refine((value) => value === '' || isValidPostalCode(value), { error: postalCodeInvalidMessage })
    .overwrite(normalizePostalCode),
  country: z.enum(['USA', 'CAN']).default('USA'),
  phone: requiredTextSchema('Phone number is required'),
  /** Who meets the delivery on site (spec part 3 §2.1's contactName); optional. */
  contactName: nullableTextSchema.optional().transform((value) => value ?? null),
});

/** An ISO day (YYYY-MM-DD). */
const isoDaySchema = calendarDateSchema();

/** Checkout choices for one supplier branch; `today` is the buyer's day, for the not-in-the-past rule. */
export function branchFulfillmentSchema(today: string) {
  return z
    .object({
      fulfillment: z.enum(fulfillmentTypes),
      requestedOn: isoDaySchema
        .refine((day) => day >= today, { error: requestedDatePastMessage })
        .nullish()
        .transform((value) => value ?? null),
      deliveryAddress: deliveryAddressSchema.nullish().transform((value) => value ?? null),
      deliveryInstructions: limited('delivery instructions', 1000),
      notesToSupplier: limited('notes to the supplier', 2000),
    })
    .superRefine((value, context) => {
      if (value.fulfillment === 'delivery' && !value.deliveryAddress) {
        context.addIssue({
          code: 'custom',
          path: ['deliveryAddress'],
          message: deliveryAddressRequiredMessage,
        });
      }
    });
}
export type BranchFulfillmentInput = z.input<ReturnType<typeof branchFulfillmentSchema>>;

export const assignCartSchema = z.object({
  buyerUserId: idSchema,
  notifyBuyer: z.boolean().default(false),
  note: limited('note', 2000).optional(),
});
