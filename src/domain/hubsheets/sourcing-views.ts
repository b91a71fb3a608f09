import { z } from 'zod';

/**
 * The answers of hubsheet sourcing (issue 5): which supplier branches can fill a hubsheet's lines,
 * what one branch can supply, a line's branch options and the result of 'Add to cart'. Money is a
 * decimal string ('12.50'); distances are miles with one decimal.
 */

export const suggestedLineSchema = z
  .object({
    listItemId: z.number(),
    productVariantId: z.number(),
    size: z.string(),
    quantity: z.number(),
    unitPrice: z.string(),
    total: z.string(),
    priceCategory: z.string(),
    /** Pallets the line fills (its quantity over the default units per pallet of its size). */
    pallets: z.number(),
    /** The line's share of its branch's Estimated Freight, by pallets (cents); null without an estimate. */
    freightShare: z.number().nullable(),
    /** Estimated Unit Price: the unit price plus the freight share per unit (cents); null without an estimate. */
    estimatedUnitPrice: z.number().nullable(),
  })
  .meta({ id: 'SuggestedLine' });
export type SuggestedLine = z.infer<typeof suggestedLineSchema>;

export const truckFillSchema = z
  .object({
    pallets: z.number(),
    trucks: z.number(),
    truckName: z.string(),
    palletCapacity: z.number(),
    /** How full the trucks are, 0–100. */
    fillPercent: z.number(),
    /** The rate per mile used (cents): the truck's, or the hubsheet's logisticsRate. */
    ratePerMile: z.number(),
  })
  .meta({ id: 'TruckFill' });
export type TruckFill = z.infer<typeof truckFillSchema>;

export const suggestedBranchSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    organizationName: z.string(),
    displayAddress: z.string().nullable(),
    distanceMiles: z.number().nullable(),
    lineCount: z.number(),
    total: z.string(),
    listItemIds: z.array(z.number()),
    lines: z.array(suggestedLineSchema),
    /** Estimated Freight from this branch to the job (cents); null when it cannot be estimated. */
    estimatedFreight: z.number().nullable(),
    /** The price total plus the Estimated Freight (cents). */
    landedTotal: z.number(),
    /** Truck Fill: the pallets the lines fill, the trucks they need and how full they are. */
    truckFill: truckFillSchema.nullable(),
  })
  .meta({ id: 'SuggestedBranch' });
export type SuggestedBranch = z.infer<typeof suggestedBranchSchema>;

/** Whether freight was estimated, and if not why (suppliers are then chosen by price alone). */
export const freightEstimateSchema = z
  .object({
    available: z.boolean(),
    /** Why there is no estimate, in the buyer's words; null when there is one. */
    note: z.string().nullable(),
    /** 'hubsheet': its logisticsRate replaced the trucks' rates. */
    rateSource: z.enum(['truck', 'hubsheet']).nullable(),
  })
  .meta({ id: 'FreightEstimateState' });

export const oneFewerStopSchema = z
  .object({
    branchId: z.number(),
    branchName: z.string(),
    freightSaved: z.number(),
    extraPrice: z.number(),
    savings: z.number(),
    linesLeftOut: z.array(z.number()),
  })
  .meta({ id: 'OneFewerStop' });

export const supplierMatchSchema = z
  .object({
    branches: z.array(suggestedBranchSchema),
    /** Matched lines the suggested branches cover. */
    coveredCount: z.number(),
    /** Matched lines no branch in scope can fill (not carried, out of stock, short or unpriced). */
    uncoveredItemIds: z.array(z.number()),
    /** Lines without a matched product (they cannot be sourced until matched). */
    unmatchedItemIds: z.array(z.number()),
    /** Matched lines flagged 'Enter a quantity for this line': left out until they have one. */
    quantityMissingItemIds: z.array(z.number()),
    total: z.string(),
    /** The suggested branches' freight together (cents); null when freight cannot be estimated. */
    estimatedFreight: z.number().nullable(),
    /** Price plus freight of the suggestion (cents): what the branches were chosen to minimise. */
    landedTotal: z.number(),
    freightEstimate: freightEstimateSchema,
    /** What leaving out one stop would save (negative: it would cost more); null under two stops. */
    oneFewerStop: oneFewerStopSchema.nullable(),
  })
  .meta({ id: 'SupplierMatch' });
export type SupplierMatch = z.infer<typeof supplierMatchSchema>;

export const branchOptionSchema = z
  .object({
    branchId: z.number(),
    name: z.string(),
    organizationName: z.string(),
    displayAddress: z.string().nullable(),
    distanceMiles: z.number().nullable(),
    productVariantId: z.number(),
    size: z.string(),
    /** Counted stock; null when the supplier does not count it. */
    quantityAvailable: z.number().nullable(),
    ignoreQuantity: z.boolean(),
    /** The branch has enough for the line's quantity (or does not count its stock). */
    canFill: z.boolean(),
    unitPrice: z.string().nullable(),
    total: z.string().nullable(),
    priceCategory: z.string().nullable(),
    /** The line is already sourced from this branch. */
    chosen: z.boolean(),
  })
  .meta({ id: 'ListItemBranchOption' });
export type BranchOption = z.infer<typeof branchOptionSchema>;

/** The branches a line could come from; `matched` false (and no options) for a line not yet matched. */
export const listItemBranchOptionsSchema = z
  .object({ listItemId: z.number(), matched: z.boolean(), options: z.array(branchOptionSchema) })
  .meta({ id: 'ListItemBranchOptions' });
export type ListItemBranchOptions = z.infer<typeof listItemBranchOptionsSchema>;

export const supplyCheckStatuses = [
  'available',
  'short',
  'out_of_stock',
  'other_size',
  'not_listed',
  'not_matched',
  'restricted',
  'no_price',
] as const;
export type SupplyCheckStatus = (typeof supplyCheckStatuses)[number];

export const supplyCheckLineSchema = z
  .object({
    listItemId: z.number(),
    /** True when the branch can fill the whole line now. */
    canSupply: z.boolean(),
    status: z.enum(supplyCheckStatuses),
    /** Why not, in the buyer's words; null when it can. */
    reason: z.string().nullable(),
    productVariantId: z.number().nullable(),
    size: z.string().nullable(),
    quantityNeeded: z.number(),
    /** Counted stock; null when the supplier does not count it (ignoreQuantity) or nothing is listed. */
    quantityAvailable: z.number().nullable(),
    ignoreQuantity: z.boolean(),
    unitPrice: z.string().nullable(),
    total: z.string().nullable(),
    priceCategory: z.string().nullable(),
  })
  .meta({ id: 'SupplyCheckLine' });
export type SupplyCheckLine = z.infer<typeof supplyCheckLineSchema>;

export const branchSupplyCheckSchema = z
  .object({
    branch: z.object({
      id: z.number(),
      name: z.string(),
      organizationName: z.string(),
      displayAddress: z.string().nullable(),
      distanceMiles: z.number().nullable(),
      withinRadius: z.boolean(),
    }),
    items: z.array(supplyCheckLineSchema),
    suppliableCount: z.number(),
    total: z.string(),
  })
  .meta({ id: 'BranchSupplyCheck' });
export type BranchSupplyCheck = z.infer<typeof branchSupplyCheckSchema>;

export const addToCartResultSchema = z
  .object({
    cartId: z.number(),
    cartName: z.string(),
    created: z.boolean(),
    addedCount: z.number(),
    added: z.array(z.object({ listItemId: z.number(), branchId: z.number(), cartItemId: z.number() })),
    skipped: z.array(z.object({ listItemId: z.number(), reason: z.string() })),
  })
  .meta({ id: 'HubsheetAddToCartResult' });
export type AddToCartResult = z.infer<typeof addToCartResultSchema>;
