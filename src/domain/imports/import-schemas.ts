import { z } from 'zod';

// Spreadsheet imports (issue 19 availability uploads; issue 20 adds catalogue kinds): upload → map
// the columns → preview every line's outcome → apply as a background job → download the result.

export const maxImportLines = 25_000;
export const maxImportBytes = 15 * 1024 * 1024;

export const importKinds = ['availability'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importModes = ['append', 'replace'] as const;
export type ImportMode = (typeof importModes)[number];
export const importStatuses = ['previewing', 'ready', 'applying', 'applied', 'failed'] as const;
export const lineOutcomes = ['pending', 'updated', 'new', 'unmatched', 'invalid'] as const;
export type LineOutcome = (typeof lineOutcomes)[number];

export const importMessages = {
  fileRequired: 'Choose a .csv, .xls or .xlsx file to upload.',
  fileType: 'Upload a .csv, .xls or .xlsx file.',
  unreadable: 'We could not read this spreadsheet. Save it again as .xlsx or .csv and upload it again.',
  empty: 'This file has no lines under its header row.',
  tooLarge: 'This file is larger than 15 MB. Split it into smaller files.',
  tooManyLines: (count: number) =>
    `This file has ${count.toLocaleString('en-US')} lines; an upload takes up to ${maxImportLines.toLocaleString('en-US')}. Split it into smaller files.`,
  notFound: 'Import not found',
  lineNotFound: 'Line not found',
  notReady: 'This import is not ready to apply: wait for its preview to finish.',
  alreadyApplied: 'This import has already been applied.',
  productColumn: 'Choose the column with the SKU or the product name',
  quantityOrPrice: 'Choose the quantity or the price column',
} as const;

/** The fields of an availability line a column can be mapped to. */
export const availabilityFields = [
  'sku',
  'name',
  'size',
  'quantity',
  'price',
  'tier2Min',
  'tier2Price',
  'tier3Min',
  'tier3Price',
] as const;
export type AvailabilityField = (typeof availabilityFields)[number];

export const availabilityFieldLabels: Record<AvailabilityField, string> = {
  sku: 'SKU',
  name: 'Product name',
  size: 'Size',
  quantity: 'Quantity',
  price: 'Price',
  tier2Min: 'Tier 2 from (qty)',
  tier2Price: 'Tier 2 price',
  tier3Min: 'Tier 3 from (qty)',
  tier3Price: 'Tier 3 price',
};

/** Field → column index (0-based) or null when not in the file. */
export const importMappingSchema = z
  .partialRecord(z.enum(availabilityFields), z.number().int().min(0).max(49).nullable())
  .meta({ id: 'ImportMapping' });
export type ImportMapping = Partial<Record<AvailabilityField, number | null>>;

export const importLineSchema = z
  .object({
    id: z.number(),
    lineNumber: z.number(),
    cells: z.array(z.string()),
    outcome: z.enum(lineOutcomes),
    reason: z.string().nullable(),
    /** The catalogue size the line resolves to, with the product's name. */
    target: z
      .object({
        productId: z.number(),
        productVariantId: z.number(),
        primaryName: z.string(),
        size: z.string(),
      })
      .nullable(),
    /** The matcher's best guess for an unmatched line. */
    suggestion: z
      .object({
        productId: z.number(),
        productVariantId: z.number().nullable(),
        primaryName: z.string(),
        size: z.string().nullable(),
        score: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'ImportLine' });
export type ImportLine = z.infer<typeof importLineSchema>;

export const importCountsSchema = z
  .object({
    total: z.number(),
    updated: z.number(),
    new: z.number(),
    unmatched: z.number(),
    invalid: z.number(),
    /** Replace: the branch's listings not in the file, set to 0 when applied. */
    zeroed: z.number(),
  })
  .meta({ id: 'ImportCounts' });
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importViewSchema = z
  .object({
    id: z.number(),
    kind: z.enum(importKinds),
    branchId: z.number().nullable(),
    fileName: z.string(),
    mode: z.enum(importModes),
    status: z.enum(importStatuses),
    progress: z.number(),
    columns: z.array(z.string()),
    mapping: importMappingSchema,
    counts: importCountsSchema,
    error: z.string().nullable(),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
    /** A page of lines (filter with `outcome`). */
    lines: z.array(importLineSchema),
    linesTotal: z.number(),
  })
  .meta({ id: 'Import' });
export type ImportView = z.infer<typeof importViewSchema>;

export const updateImportSchema = z
  .object({ mapping: importMappingSchema.optional(), mode: z.enum(importModes).optional() })
  .meta({ id: 'UpdateImport' });

export const matchImportLineSchema = z
  .object({ productVariantId: z.number().int().min(1, { error: 'Choose a size' }) })
  .meta({ id: 'MatchImportLine' });

/** Finds the availability columns by their headers (SKU, Item, Description, Size, Qty, Price, …). */
export function guessAvailabilityMapping(columns: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<number>();
  const find = (field: AvailabilityField, pattern: RegExp) => {
    const index = columns.findIndex((column, i) => !used.has(i) && pattern.test(column.trim()));
    mapping[field] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  };
  find('sku', /^(sku|item ?(#|no\.?|number|code)|code|part ?(#|no\.?))$/i);
  find('tier2Min', /tier ?2.*(min|from|qty|quantity|break)/i);
  find('tier2Price', /tier ?2/i);
  find('tier3Min', /tier ?3.*(min|from|qty|quantity|break)/i);
  find('tier3Price', /tier ?3/i);
  find('name', /(product|plant|item|description|name|botanical|variety)/i);
  find('size', /(size|container|grade|caliper|cal)/i);
  find('quantity', /(qty|quantity|avail|stock|on ?hand|count)/i);
  find('price', /(price|cost|each|unit)/i);
  return mapping;
}
