import { z } from 'zod';

/**
 * The hubsheet API's shapes, shared by the server (which builds them) and the web app (which shows
 * them). Part 2 §3 (Hubsheet, Import list, Created list response) and issue 5's API shapes.
 * Money is a decimal string ('12.50'); dates are ISO strings ('2026-11-22' for days). Each schema is
 * a route's declared answer; its type is the one the server builds.
 */

export const hubsheetStatuses = ['in_progress', 'ready_to_bid', 'ready_to_order'] as const;
export type HubsheetStatus = (typeof hubsheetStatuses)[number];

export const importHeaderKinds = ['productName', 'quantity'] as const;

/** One uploaded spreadsheet, before it becomes a hubsheet (POST /api/v1/import_lists). */
export const importListViewSchema = z
  .object({
    id: z.number(),
    importListItemsCount: z.number(),
    filename: z.string(),
    /** The header row as written ('Botanical Name', 'Size', …); 'Column 1'… when the file has none. */
    originalHeaders: z.array(z.string()),
    /** The first rows of data (up to 5), each cell as text. */
    sampleRows: z.array(z.array(z.string())),
    headersIncluded: z.boolean(),
    /** Column indexes (0-based) of what each column holds; null when not assigned. */
    productNameIndex: z.number().nullable(),
    /** null: the size is part of the product text (docs/decisions.md). */
    containerIndex: z.number().nullable(),
    quantityIndex: z.number().nullable(),
    budgetedPriceIndex: z.number().nullable(),
    /** Columns marked 'Other' (common name, remarks, root type): evidence for the match. */
    otherIndexes: z.array(z.number()),
    /** The required kinds not yet assigned: a non-empty list is the 'Required headers are missing' answer. */
    missingHeaders: z.array(z.enum(importHeaderKinds)),
    /** How the content changed the headers' reading ("'Item' holds numbers or codes, …"). */
    columnNotes: z.array(z.string()),
    /**
     * While the required columns are not assigned: the mapping the columns' content suggests (the
     * mapping step opens with it; the same file with headers maps the same way), else null.
     */
    suggestedMapping: z
      .object({
        productNameIndex: z.number().nullable(),
        containerIndex: z.number().nullable(),
        quantityIndex: z.number().nullable(),
        budgetedPriceIndex: z.number().nullable(),
        otherIndexes: z.array(z.number()),
      })
      .nullable(),
  })
  .meta({ id: 'ImportList' });
export type ImportListView = z.infer<typeof importListViewSchema>;

/** The 422 of an upload whose required columns were not recognised: the error envelope and the list. */
export const requiredHeadersMissingSchema = importListViewSchema
  .extend({ message: z.string(), code: z.literal('required_headers_missing') })
  .meta({ id: 'RequiredHeadersMissing' });

const userRefSchema = z.object({ id: z.number(), fullName: z.string() });

const hubsheetSummaryShape = {
  id: z.number(),
  name: z.string(),
  status: z.enum(hubsheetStatuses),
  postalCode: z.string().nullable(),
  listItemsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: userRefSchema.nullable(),
};

/** A hubsheet as the index and the dashboard list it (GET /api/v1/hubsheets). */
export const hubsheetSummarySchema = z.object(hubsheetSummaryShape).meta({ id: 'HubsheetSummary' });
export type HubsheetSummary = z.infer<typeof hubsheetSummarySchema>;

export const matchStates = ['pending', 'matching', 'matched'] as const;
export type MatchState = (typeof matchStates)[number];

export const listItemProductSchema = z
  .object({
    id: z.number(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    pathIdentifier: z.string(),
  })
  .meta({ id: 'ListItemProduct' });
export type ListItemProduct = z.infer<typeof listItemProductSchema>;

export const listItemVariantSchema = z
  .object({ id: z.number(), size: z.string() })
  .meta({ id: 'ListItemVariant' });
export type ListItemVariant = z.infer<typeof listItemVariantSchema>;

export const listItemAlternativeSchema = z
  .object({
    product: listItemProductSchema,
    productVariant: listItemVariantSchema.nullable(),
    matchScore: z.number(),
  })
  .meta({ id: 'ListItemAlternative' });
export type ListItemAlternative = z.infer<typeof listItemAlternativeSchema>;

/** What the market within the hubsheet's radius offers for a line's matched product and size. */
export const listItemSupplySchema = z
  .object({
    /** How many branches within the radius list it available. */
    branchCount: z.number(),
    lowestPrice: z.string().nullable(),
    /** The market estimate: the median of the branches' prices for the line's quantity. */
    medianPrice: z.string().nullable(),
    /** (medianPrice − budgetPrice) / budgetPrice × 100, rounded; null without both. */
    percentDiff: z.number().nullable(),
    /** With no branch within the radius: the radius (miles) that would find the nearest one. */
    suggestedRadius: z.number().nullable(),
  })
  .meta({ id: 'ListItemSupply' });
export type ListItemSupply = z.infer<typeof listItemSupplySchema>;

export const listItemViewSchema = z
  .object({
    id: z.number(),
    position: z.number(),
    /** The row's product text as written. */
    originalText: z.string(),
    /** The size as written in its own column, or null when it was part of the product text. */
    sizeText: z.string().nullable(),
    /** The quantity column as written ('10 ea', '1,200', 'TBD'). */
    quantityText: z.string().nullable(),
    quantity: z.number().nullable(),
    /** 'Enter a quantity for this line' when the quantity is missing or not a whole number. */
    quantityFlag: z.string().nullable(),
    budgetPrice: z.string().nullable(),
    matchState: z.enum(matchStates),
    /** 0–100; null while pending. */
    matchScore: z.number().nullable(),
    product: listItemProductSchema.nullable(),
    productVariant: listItemVariantSchema.nullable(),
    /** When the size asked is not the variant's: 'You asked 24-30" B&B; closest is #3'. */
    sizeNote: z.string().nullable(),
    /** Up to 5 other candidates, best first. */
    alternatives: z.array(listItemAlternativeSchema),
    /** The user picked the match (it is then remembered for the organisation's next lists). */
    chosenByUser: z.boolean(),
    supply: listItemSupplySchema.nullable(),
    /** The branch the line was sourced from ('Add to cart'), when it was. */
    chosenBranch: z.object({ id: z.number(), name: z.string(), price: z.string().nullable() }).nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'ListItem' });
export type ListItemView = z.infer<typeof listItemViewSchema>;

export const matchingStates = ['pending', 'running', 'done'] as const;

/** While a long list is matched in the background: how far it has got. */
export const matchingProgressSchema = z
  .object({ state: z.enum(matchingStates), matched: z.number(), total: z.number() })
  .meta({ id: 'MatchingProgress' });
export type MatchingProgress = z.infer<typeof matchingProgressSchema>;

export const hubsheetViewSchema = z
  .object({
    ...hubsheetSummaryShape,
    radiusRestriction: z.number().nullable(),
    jobDate: z.string().nullable(),
    logisticsRate: z.string().nullable(),
    importListId: z.number().nullable(),
    filename: z.string().nullable(),
    matching: matchingProgressSchema,
    /** Counts of the lines by confidence (the import summary). */
    summary: z.object({
      perfect: z.number(),
      match: z.number(),
      needsReview: z.number(),
      noMatch: z.number(),
      pending: z.number(),
      /** Lines flagged 'Enter a quantity for this line': sourcing and 'Add to cart' skip them. */
      quantityFlagged: z.number(),
    }),
    listItems: z.array(listItemViewSchema),
    carts: z.array(z.object({ id: z.number(), name: z.string(), cartNumber: z.string() })),
    version: z.number(),
  })
  .meta({ id: 'Hubsheet' });
export type HubsheetView = z.infer<typeof hubsheetViewSchema>;

/** The answer of creating a hubsheet from an import list or by hand (the Created list response). */
export const createdHubsheetSchema = z
  .object({
    id: z.number(),
    listItems: z.array(listItemViewSchema),
    matching: matchingProgressSchema,
    /** Line numbers of the file left out for having no product name. */
    skippedLines: z.array(z.number()),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'CreatedHubsheet' });
export type CreatedHubsheet = z.infer<typeof createdHubsheetSchema>;

export const importImageStatuses = ['queued', 'processing', 'done', 'failed'] as const;

/** POST /api/v1/import_images: the conversion queued. */
export const importImageCreatedSchema = z.object({ id: z.number() }).meta({ id: 'ImportImageCreated' });

/** GET /api/v1/import_images/{id}: how far the conversion of a PDF or image has got (import_status). */
export const importImageViewSchema = z
  .object({
    id: z.number(),
    status: z.enum(importImageStatuses),
    /** 0–100. */
    progress: z.number(),
    /** What is being done ('Reading page 1 of 2'), or why it failed. */
    message: z.string().nullable(),
    /** Once done: the import list to map, preview and create a hubsheet from. */
    importListId: z.number().nullable(),
  })
  .meta({ id: 'ImportImage' });
export type ImportImageView = z.infer<typeof importImageViewSchema>;
