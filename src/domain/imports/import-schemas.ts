import { z } from 'zod';
import { formatNumber } from '../text/number-format';

// Spreadsheet imports (issue 19 availability uploads; issue 20 adds catalogue kinds): upload → map
// the columns → preview every line's outcome → apply as a background job → download the result.

export const maxImportLines = 25_000;
export const maxImportBytes = 15 * 1024 * 1024;

export const importKinds = ['availability', 'green_goods', 'hard_goods', 'product_mapping'] as const;
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
    `This file has ${formatNumber(count)} lines; an upload takes up to ${formatNumber(maxImportLines)}. Split it into smaller files.`,
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

/** The fields of a catalogue import line (issue 20); sku, name and size are shared with availability. */
export const catalogFields = [
  'botanicalName',
  'cultivar',
  'commonNames',
  'tradeNames',
  'patent',
  'sizes',
  'brand',
  'category',
  'unit',
  'catalogProduct',
  'catalogSize',
] as const;
export type CatalogField = (typeof catalogFields)[number];
export const importFields = [...availabilityFields, ...catalogFields] as const;
export type ImportField = AvailabilityField | CatalogField;

export const importFieldLabels: Record<ImportField, string> = {
  ...availabilityFieldLabels,
  botanicalName: 'Botanical name',
  cultivar: 'Cultivar',
  commonNames: 'Common names',
  tradeNames: 'Trade names',
  patent: 'Patent',
  sizes: 'Sizes',
  brand: 'Brand',
  category: 'Category',
  unit: 'Unit',
  catalogProduct: 'Catalogue product',
  catalogSize: 'Catalogue size',
};

/** The fields each kind maps, in the order the wizard shows them. */
export const importFieldsByKind: Record<ImportKind, readonly ImportField[]> = {
  availability: availabilityFields,
  green_goods: ['botanicalName', 'cultivar', 'commonNames', 'tradeNames', 'patent', 'sizes'],
  hard_goods: ['name', 'brand', 'category', 'unit', 'sizes'],
  product_mapping: ['sku', 'name', 'size', 'catalogProduct', 'catalogSize'],
};

export const importKindLabels: Record<ImportKind, string> = {
  availability: 'Availability',
  green_goods: 'Green goods',
  hard_goods: 'Hard goods',
  product_mapping: 'Product mapping',
};

/** Reasons a catalogue line is refused (shown per line in the preview and the result report). */
export const catalogImportMessages = {
  botanicalNameRequired: 'Botanical name is required',
  nameRequired: 'Name is required',
  sizesRequired: 'At least one size is required',
  unknownSize: (size: string) => `Size "${size}" is not a size we know`,
  skuOrNameRequired: 'A SKU or a product name is required',
  catalogProductRequired: 'Catalogue product is required',
  catalogSizeRequired: (name: string) => `Catalogue size is required: ${name} has several sizes`,
  unknownProduct: (name: string) => `"${name}" is not a catalogue product`,
  unknownProductSize: (size: string, name: string) => `Size "${size}" is not a size of ${name}`,
  branchRequired: 'Choose the branch whose availability this is',
  organizationRequired: 'Choose the supplier whose names these are',
  kindRequired: 'Choose what the file holds: green goods, hard goods, product mapping or availability',
  cellsLength: 'Give one value per column',
} as const;

/** Field → column index (0-based) or null when not in the file. */
export const importMappingSchema = z
  .partialRecord(z.enum(importFields), z.number().int().min(0).max(49).nullable())
  .meta({ id: 'ImportMapping' });
export type ImportMapping = Partial<Record<ImportField, number | null>>;

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
    /** Lines that will change something when applied (new + updated). */
    valid: z.number(),
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
    /** The supplier organisation (availability and product mapping), else null. */
    organizationId: z.number().nullable(),
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

/** Staff fix a bad line: its cells, one per column of the file. */
export const fixImportLineSchema = z
  .object({ cells: z.array(z.string().max(500)).max(50) })
  .meta({ id: 'FixImportLine' });

export const catalogImportListItemSchema = z
  .object({
    id: z.number(),
    kind: z.enum(importKinds),
    status: z.enum(importStatuses),
    fileName: z.string(),
    counts: importCountsSchema,
    userName: z.string().nullable(),
    branchName: z.string().nullable(),
    organizationName: z.string().nullable(),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: 'CatalogImportListItem' });
export type CatalogImportListItem = z.infer<typeof catalogImportListItemSchema>;

export const matchImportLineSchema = z
  .object({ productVariantId: z.number().int().min(1, { error: 'Choose a size' }) })
  .meta({ id: 'MatchImportLine' });

/** Finds columns by their headers: each field takes the first unused column its pattern matches. */
function mappingFinder(columns: readonly string[]) {
  const mapping: ImportMapping = {};
  const used = new Set<number>();
  const find = (field: ImportField, pattern: RegExp) => {
    const index = columns.findIndex((column, i) => !used.has(i) && pattern.test(column.trim()));
    mapping[field] = index >= 0 ? index : null;
    if (index >= 0) used.add(index);
  };
  return { mapping, find };
}

/** Green goods columns: botanical_name, cultivar, trade_name, common_name, sizes, patent. */
export function guessGreenGoodsMapping(columns: readonly string[]): ImportMapping {
  const { mapping, find } = mappingFinder(columns);
  find('botanicalName', /(botanical|latin|scientific)|^(plant|name|species)$/i);
  find('cultivar', /(cultivar|variety)/i);
  find('tradeNames', /(trade|brand(ed)? ?name)/i);
  find('patent', /(patent|pp ?#|ppaf)/i);
  find('commonNames', /(common)/i);
  find('sizes', /(size|container)/i);
  return mapping;
}

/** Hard goods columns: name, brand, category, unit, sizes_or_variants. */
export function guessHardGoodsMapping(columns: readonly string[]): ImportMapping {
  const { mapping, find } = mappingFinder(columns);
  find('brand', /(brand|manufacturer|maker)/i);
  find('category', /(category|type|group)/i);
  find('unit', /^(unit|uom|units?|unit of measure)$/i);
  find('sizes', /(size|variant|colou?r|container)/i);
  find('name', /(name|product|item|description)/i);
  return mapping;
}

/** Product mapping columns: the supplier's SKU, name and size, then the catalogue product and size. */
export function guessProductMappingMapping(columns: readonly string[]): ImportMapping {
  const { mapping, find } = mappingFinder(columns);
  find('catalogProduct', /(catalog(ue)?|hedgerow|platform).*(product|name)/i);
  find('catalogSize', /(catalog(ue)?|hedgerow|platform).*(size|variant)/i);
  find('sku', /^(supplier ?)?(sku|item ?(#|no\.?|number|code)|code|part ?(#|no\.?))$/i);
  find('name', /(name|product|description|item)/i);
  find('size', /(size|container)/i);
  return mapping;
}

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
