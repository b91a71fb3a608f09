import { z } from 'zod';
import type { PricingType } from '../catalog/pricing';
import { cartStates, fulfillmentTypes } from './cart-states';

/**
 * The shapes of carts as the API answers them and the web app, the quote documents and the orders
 * module read them (spec part 2 §3: Cart, Cart as loaded for editing, Cart item, Cart note). Money is
 * in integer cents; times are ISO strings. Each schema is a route's declared answer; its type is the
 * one the server builds.
 */

const pricingTypes = [
  'EVD',
  'PLATFORM_DISCOUNT',
  'SUPPLIER_DISCOUNT',
  'STANDARD_PRICING',
] as const satisfies readonly PricingType[];

export const jobDataViewSchema = z
  .object({
    externalJobNumber: z.string().nullable(),
    externalPhase: z.string().nullable(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'CartJobData' });
export type JobData = z.infer<typeof jobDataViewSchema>;

/** A cart in the Saved Carts list, the header and the dashboard. */
export const cartSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    cartNumber: z.string(),
    state: z.enum(cartStates),
    current: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    submittedAt: z.string().nullable(),
    jobData: jobDataViewSchema,
    user: z.object({ id: z.number(), fullName: z.string() }),
    cartItemsCount: z.number(),
    skusCount: z.number(),
    suppliersCount: z.number(),
    supplierIds: z.array(z.number()),
    subtotal: z.number(),
    total: z.number(),
    ordersCount: z.number(),
  })
  .meta({ id: 'CartSummary' });
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** A unit price as the buyer sees it: the tier's book price, what they pay, and the label that explains it. */
export const cartItemPriceSchema = z
  .object({
    base: z.number(),
    value: z.number(),
    category: z.string(),
    pricingType: z.enum(pricingTypes),
    quantityMin: z.number(),
  })
  .meta({ id: 'CartItemPrice' });
export type CartItemPrice = z.infer<typeof cartItemPriceSchema>;

export const cartItemViewSchema = z
  .object({
    id: z.number(),
    cartId: z.number(),
    version: z.number(),
    sortPosition: z.number(),
    branchId: z.number(),
    quantity: z.number(),
    unit: z.string(),
    unitAbbreviation: z.string(),
    nonCatalog: z.boolean(),
    /** The product's name, or what the buyer typed for an item that is not in the catalogue. */
    name: z.string(),
    secondaryName: z.string().nullable(),
    size: z.string().nullable(),
    characteristics: z.array(z.string()),
    categoryNames: z.string(),
    product: z
      .object({
        id: z.number(),
        pathIdentifier: z.string(),
        primaryName: z.string(),
        secondaryName: z.string().nullable(),
        imageUrl: z.string().nullable(),
      })
      .nullable(),
    productVariantId: z.number().nullable(),
    availability: z
      .object({
        id: z.number(),
        quantity: z.number(),
        ignoreQuantity: z.boolean(),
        priceTiers: z.array(z.object({ quantityMin: z.number(), price: z.number() })),
        updatedAt: z.string(),
      })
      .nullable(),
    /** The branch no longer lists this size (or never did, for a non-catalogue item). */
    missingAvailability: z.boolean(),
    /** The quantity asked for is more than the branch says it has. */
    exceedsAvailability: z.boolean(),
    price: cartItemPriceSchema.nullable(),
    bookPrice: z.number().nullable(),
    buyerTotal: z.number(),
    supplierPrice: z.number().nullable(),
    supplierTotal: z.number(),
    priceCategory: z.string().nullable(),
    buyerNotes: z.string().nullable(),
    sharedNotes: z.string().nullable(),
    /** Where the line was added from ('Photo Request', 'Hubsheet', …); null when not told. */
    metricsSource: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CartItem' });
export type CartItemView = z.infer<typeof cartItemViewSchema>;

export const deliveryAddressViewSchema = z
  .object({
    name: z.string(),
    street1: z.string(),
    street2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
    /** The on-site contact the buyer named at checkout (older addresses have none). */
    contactName: z.string().nullable().optional(),
  })
  .meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressViewSchema>;

/** What the buyer chose at checkout for one supplier branch. */
export const branchFulfillmentViewSchema = z
  .object({
    fulfillment: z.enum(fulfillmentTypes),
    requestedOn: z.string().nullable(),
    deliveryAddress: deliveryAddressViewSchema.nullable(),
    deliveryInstructions: z.string().nullable(),
    notesToSupplier: z.string().nullable(),
  })
  .meta({ id: 'BranchFulfillment' });
export type BranchFulfillment = z.infer<typeof branchFulfillmentViewSchema>;

/** One supplier branch of a cart, with its items' totals. */
export const cartBranchViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    logo: z.string().nullable(),
    notices: z.string().nullable(),
    displayAddress: z.string().nullable(),
    stateCode: z.string().nullable(),
    organizationId: z.number(),
    organizationName: z.string(),
    sellsOnline: z.boolean(),
    fulfillment: branchFulfillmentViewSchema,
    itemsCount: z.number(),
    subtotal: z.number(),
    taxAmount: z.number(),
    total: z.number(),
  })
  .meta({ id: 'CartBranch' });
export type CartBranchView = z.infer<typeof cartBranchViewSchema>;

export const cartNoteViewSchema = z
  .object({
    id: z.number(),
    cartId: z.number(),
    body: z.string(),
    authorId: z.number().nullable(),
    authorName: z.string().nullable(),
    internal: z.literal(false),
    createdAt: z.string(),
  })
  .meta({ id: 'CartNote' });
export type CartNoteView = z.infer<typeof cartNoteViewSchema>;

export const cartOrderLinkSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    branchId: z.number(),
    branchName: z.string(),
    total: z.number(),
    state: z.string(),
  })
  .meta({ id: 'CartOrderLink' });
export type CartOrderLink = z.infer<typeof cartOrderLinkSchema>;

/** A cart as loaded for editing, reading, checkout and the quote documents. */
export const cartViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    cartNumber: z.string(),
    state: z.enum(cartStates),
    version: z.number(),
    current: z.boolean(),
    buyerUserId: z.number(),
    buyerFullName: z.string(),
    buyerEmail: z.string(),
    organizationId: z.number().nullable(),
    organizationName: z.string().nullable(),
    jobData: jobDataViewSchema,
    taxExempt: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    submittedAt: z.string().nullable(),
    items: z.array(cartItemViewSchema),
    branches: z.array(cartBranchViewSchema),
    notes: z.array(cartNoteViewSchema),
    orders: z.array(cartOrderLinkSchema),
    suppliersCount: z.number(),
    subtotal: z.number(),
    taxAmount: z.number(),
    total: z.number(),
    /** What the caller may do, so the web app hides what the server would refuse. */
    permissions: z.object({ edit: z.boolean(), submit: z.boolean() }),
  })
  .meta({ id: 'Cart' });
export type CartView = z.infer<typeof cartViewSchema>;

/** The answer of submitting a cart: the submitted cart and the orders it became, one per branch. */
export const submittedCartSchema = z
  .object({
    cart: cartViewSchema,
    orders: z.array(
      z.object({
        id: z.number(),
        orderNumber: z.string(),
        branchId: z.number(),
        total: z.number(),
        state: z.string(),
      }),
    ),
  })
  .meta({ id: 'SubmittedCart' });
export type SubmittedCart = z.infer<typeof submittedCartSchema>;
