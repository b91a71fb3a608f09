import { z } from 'zod';
import { cartViewSchema, deliveryAddressViewSchema } from '../carts/cart-view';
import { orderAmountsSchema } from './order-amounts';
import { respondedWithValues, shippingModes } from './order-responses';
import { orderEvents, orderLabelSchema, orderStates } from './order-states';

/**
 * The shapes of orders as the API answers them (spec part 3): the order page of each side, the
 * Orders list and its filters, stats, reorder, staff views. Money is in integer cents; times are ISO
 * strings, days 'YYYY-MM-DD'. Each schema is a route's declared answer; its type is the one the
 * server builds.
 */

export const orderAudiences = ['admin', 'buyer', 'supplier'] as const;
export const orderFulfillments = ['pickup', 'delivery'] as const;

const lineShape = {
  id: z.number(),
  position: z.number(),
  productId: z.number().nullable(),
  productVariantId: z.number().nullable(),
  primaryName: z.string(),
  secondaryName: z.string().nullable(),
  size: z.string().nullable(),
  characteristics: z.array(z.string()),
  unit: z.string(),
  quantity: z.number(),
  buyerNotes: z.string().nullable(),
  sharedNotes: z.string().nullable(),
};

/** A line as the buyer (and admins) see it: the buyer's prices; admins also see the supplier's. */
export const buyerOrderLineSchema = z
  .object({
    ...lineShape,
    price: z.number().nullable(),
    bookPrice: z.number().nullable(),
    priceCategory: z.string().nullable(),
    total: z.number(),
    /** Admins only. */
    supplierPrice: z.number().nullable().optional(),
  })
  .meta({ id: 'BuyerOrderLine' });

/** A line as the supplier sees it: what it receives. */
export const supplierOrderLineSchema = z
  .object({ ...lineShape, supplierPrice: z.number().nullable(), totalSupplierPrice: z.number() })
  .meta({ id: 'SupplierOrderLine' });

export const purchaseOrderResponseSchema = z
  .object({
    version: z.number(),
    respondedWith: z.enum(respondedWithValues),
    shippingMode: z.enum(shippingModes).nullable(),
    shippingAmount: z.number().nullable(),
    shippingNotes: z.string().nullable(),
    reason: z.string().nullable(),
    comment: z.string().nullable(),
    respondedAt: z.string(),
  })
  .meta({ id: 'PurchaseOrderResponse' });
export type PurchaseOrderResponse = z.infer<typeof purchaseOrderResponseSchema>;

export const proposalSides = ['buyer', 'supplier'] as const;
export const proposalBailiwicks = ['fulfillment_date', 'order_item'] as const;
export const proposalStates = ['pending', 'accepted', 'rejected'] as const;

export const orderProposalSchema = z
  .object({
    id: z.number(),
    version: z.number(),
    bailiwick: z.enum(proposalBailiwicks),
    proposedBySide: z.enum(proposalSides),
    orderItemId: z.number().nullable(),
    /**
     * current, proposed, changes, reason, priceReason and comment, priced for the viewer's side. An
     * item change's sides carry itemNumber, sku, primaryName, size, quantity, bookPrice, priceCategory,
     * the viewer's own price (`price` for buyers, `supplierPrice` for suppliers, both for admins) and
     * total.
     */
    proposal: z.record(z.string(), z.unknown()),
    /** An item change's order total for the viewer's audience, with the line now and as proposed. */
    orderTotal: z.object({ current: z.number(), proposed: z.number() }).nullable(),
    /** What the proposing side wrote to the whole answer (the supplier's comment to the buyer). */
    overallComment: z.string().nullable(),
    state: z.enum(proposalStates),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    decisionComment: z.string().nullable(),
  })
  .meta({ id: 'OrderProposal' });
export type OrderProposal = z.infer<typeof orderProposalSchema>;

export const orderEventViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    fromState: z.string().nullable(),
    toState: z.string().nullable(),
    userId: z.number().nullable(),
    createdAt: z.string(),
    /** Why staff did it; admins only. */
    reason: z.string().nullable().optional(),
    /** What the acting side wrote to the other (a supplier's comment, a buyer's message). */
    comment: z.string().nullable().optional(),
    /** The supplier's shipping notes given with its confirmation. */
    shippingNotes: z.string().nullable().optional(),
    /** Why the buyer contacted the supplier (contact_supplier events), as its label. */
    contactReason: z.string().nullable().optional(),
  })
  .meta({ id: 'OrderEventView' });

/** One order as its viewer (buyer, supplier or admin) sees it; every change answers with it. */
export const orderViewSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.enum(orderStates),
    displayState: orderLabelSchema,
    version: z.number(),
    cartId: z.number().nullable(),
    userId: z.number(),
    buyerOrganizationId: z.number(),
    branchId: z.number(),
    supplierOrganizationId: z.number(),
    jobNumber: z.string().nullable(),
    jobPhase: z.string().nullable(),
    pickup: z.boolean(),
    fulfillment: z.enum(orderFulfillments),
    requestedOn: z.string().nullable(),
    deliveryAddress: deliveryAddressViewSchema.nullable(),
    deliveryInstructions: z.string().nullable(),
    buyerToSupplierNotes: z.string().nullable(),
    submittedAt: z.string(),
    audience: z.enum(orderAudiences),
    /** Staff took the order out of the lists; the reason is for staff only. */
    deactivated: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
    /**
     * The amount block for the caller's audience (buyers and admins: the buyer's; suppliers: theirs),
     * derived from the current version's lines by orderAmounts (src/domain/orders/order-amounts.ts).
     */
    amounts: orderAmountsSchema,
    /** Admins only: the supplier's block beside the buyer's. */
    supplierAmounts: orderAmountsSchema.optional(),
    total: z.number(),
    items: z.array(z.union([buyerOrderLineSchema, supplierOrderLineSchema])),
    events: z.array(orderEventViewSchema),
    shippingMode: z.enum(shippingModes).nullable(),
    shippingAmount: z.number().nullable(),
    shippingNotes: z.string().nullable(),
    freightPending: z.boolean(),
    expectedOn: z.string().nullable(),
    fulfilledOn: z.string().nullable(),
    versions: z.array(z.object({ version: z.number(), reason: z.string(), createdAt: z.string() })),
    responses: z.array(purchaseOrderResponseSchema),
    currentSupplierPurchaseOrderResponse: purchaseOrderResponseSchema.nullable(),
    proposals: z.array(orderProposalSchema),
    /** What the caller may do now, so the web app offers only what the server would accept. */
    permissions: z.object({
      respond: z.boolean(),
      decideProposalIds: z.array(z.number()),
      proposeDateChange: z.boolean(),
      fulfill: z.boolean(),
    }),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderViewSchema>;

/** The order as staff see it: both sides, and the moves staff may make now. */
export const adminOrderViewSchema = orderViewSchema
  .extend({
    buyer: z.object({
      id: z.number(),
      fullName: z.string(),
      email: z.string(),
      organizationName: z.string(),
    }),
    supplier: z.object({ organizationName: z.string(), branchName: z.string() }),
    allowedEvents: z.array(z.enum(orderEvents)),
    canSwapParties: z.boolean(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrderView = z.infer<typeof adminOrderViewSchema>;

/** After a swap: the order, and the lines the new branch does not list (they kept their prices). */
export const swappedOrderSchema = adminOrderViewSchema
  .extend({
    unlistedItems: z.array(
      z.object({ orderItemId: z.number(), primaryName: z.string(), size: z.string().nullable() }),
    ),
  })
  .meta({ id: 'SwappedOrder' });

/** Who an order is between (GET /api/v1/orders/{id}/parties). */
export const orderPartiesSchema = z
  .object({
    buyerOrganizationName: z.string(),
    buyerFullName: z.string(),
    buyerEmail: z.string(),
    buyerPhone: z.string().nullable(),
    supplierOrganizationName: z.string(),
    branchName: z.string(),
    branchAddress: z.array(z.string()),
    branchPhone: z.string().nullable(),
    /** Names of the users behind the order's events, by user id. */
    userNames: z.record(z.string(), z.string()),
  })
  .meta({ id: 'OrderParties' });
export type OrderParties = z.infer<typeof orderPartiesSchema>;

/** A row of the Orders list (spec part 3 §7.2). */
export const orderListItemSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.string(),
    displayState: orderLabelSchema,
    fulfillment: z.enum(orderFulfillments),
    requestedOn: z.string().nullable(),
    submittedAt: z.string(),
    total: z.number(),
    itemsCount: z.number(),
    branch: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
    buyerOrganization: z.object({ id: z.number(), name: z.string() }),
    buyer: z.object({ id: z.number(), fullName: z.string() }),
    jobNumber: z.string().nullable(),
  })
  .meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** Orders waiting for the caller's organisation on each side. */
export const orderCountsSchema = z
  .object({ buyerNeedsResponse: z.number(), supplierNeedsResponse: z.number() })
  .meta({ id: 'OrderCounts' });

/** A row of the buyer's order history with one supplier. */
export const supplierHistoryItemSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.string(),
    displayState: orderLabelSchema,
    submittedAt: z.string(),
    fulfilledOn: z.string().nullable(),
    total: z.number(),
    itemsCount: z.number(),
    branchId: z.number(),
    branchName: z.string(),
  })
  .meta({ id: 'SupplierHistoryOrder' });

/** How many of one side's active orders there are, open, waiting, by state and by label. */
export const orderStatsSchema = z
  .object({
    tab: z.enum(['buyer', 'supplier']),
    totalCount: z.number(),
    open: z.number(),
    needsResponse: z.number(),
    byState: z.partialRecord(z.enum(orderStates), z.number()),
    byLabel: z.record(z.string(), z.number()),
  })
  .meta({ id: 'OrderStats' });

/** A reorder: the new cart and the lines that could not be carried over. */
export const reorderResultSchema = z
  .object({
    cart: cartViewSchema,
    addedCount: z.number(),
    skippedItems: z.array(
      z.object({
        orderItemId: z.number(),
        primaryName: z.string(),
        size: z.string().nullable(),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReorderResult' });

/** A row of the staff order list. */
export const staffOrderListItemSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.string(),
    submittedAt: z.string(),
    total: z.number(),
    buyerOrganizationName: z.string(),
    branchName: z.string(),
    deactivated: z.boolean(),
  })
  .meta({ id: 'StaffOrderListItem' });

/** Branches an order could move to (the swap supplier picker). */
export const orderBranchOptionsSchema = z
  .object({
    itemsCount: z.number(),
    results: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        organizationId: z.number(),
        organizationName: z.string(),
        listedItems: z.number(),
      }),
    ),
    totalCount: z.number(),
  })
  .meta({ id: 'OrderBranchOptions' });
