/**
 * Reads a plant schedule's header row: which column holds the product name, the size, the quantity
 * and the budget price, and which columns are 'Other' evidence (common name, remarks, root type).
 * Also finds the header row under merged title rows and tells a header row from a row of data.
 */

/** What a column of a material list holds. */
export type ColumnKind =
  | 'botanicalName'
  | 'productName'
  | 'commonName'
  | 'size'
  | 'sizeDetail'
  | 'quantity'
  | 'budgetPrice'
  | 'remarks';

/** The column assignment the import list stores (0-based indexes; null when not found). */
export type ColumnMapping = {
  productNameIndex: number | null;
  /** null: no size column, the size is read from the product text. */
  containerIndex: number | null;
  quantityIndex: number | null;
  budgetedPriceIndex: number | null;
  otherIndexes: number[];
};

/** The kinds a list must have before it can become a hubsheet. */
export type RequiredColumn = 'productName' | 'quantity';

/** Lowercase words only: "Cal." → 'cal', 'Size/Container' → 'size container', 'Qty (ea)' → 'qty ea'. */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
}

// Whole-header names, checked first. Order inside a kind does not matter.
const exactNames: Record<ColumnKind, string[]> = {
  botanicalName: [
    'botanical',
    'botanical name',
    'botanical names',
    'botanical plant name',
    'scientific name',
    'latin name',
    'genus species',
    'genus species cultivar',
  ],
  productName: [
    'plant',
    'plants',
    'plant name',
    'plant names',
    'plant material',
    'plant list',
    'plant type',
    'plant description',
    'product',
    'product name',
    'product description',
    'item',
    'item name',
    'item description',
    'items',
    'description',
    'desc',
    'material',
    'materials',
    'material description',
    'name',
    'species',
    'variety',
  ],
  commonName: ['common', 'common name', 'common names', 'common plant name'],
  size: [
    'size',
    'sizes',
    'container',
    'container size',
    'cont',
    'cont size',
    'size container',
    'size cont',
    'size spec',
    'size specification',
    'specification',
    'specifications',
    'spec',
    'pot',
    'pot size',
    'cal',
    'caliper',
    'cal size',
    'height',
    'ht',
    'hgt',
    'size height',
    'height spread',
  ],
  sizeDetail: [
    'root',
    'roots',
    'root ball',
    'rootball',
    'root type',
    'root condition',
    'condition',
    'spread',
    'form',
  ],
  quantity: [
    'qty',
    'qty ea',
    'quantity',
    'quantities',
    'quan',
    'quant',
    'qnty',
    'count',
    'no',
    'no of plants',
    'number',
    'units',
    'total qty',
    'total quantity',
    'est qty',
    'estimated quantity',
    'plant count',
  ],
  budgetPrice: [
    'price',
    'unit price',
    'price each',
    'each price',
    'price ea',
    'unit cost',
    'cost',
    'cost each',
    'budget',
    'budget price',
    'budgeted price',
    'budget unit price',
    'budgeted unit price',
    'est price',
    'estimated price',
    'estimated unit price',
    'bid price',
    'rate',
    'unit rate',
  ],
  remarks: ['remarks', 'remark', 'notes', 'note', 'comments', 'comment', 'spec notes', 'special notes'],
};

const exactKind = new Map<string, ColumnKind>(
  Object.entries(exactNames).flatMap(([kind, names]) => names.map((name) => [name, kind as ColumnKind])),
);

/** Longer headers ('Plant Botanical Name', 'Qty. Req'd') by a telling word; totals are not unit prices. */
function kindByWords(normalized: string): ColumnKind | null {
  const words = normalized.split(' ');
  // Headers are a few words without figures; '2.5" Cal.' or 'Plant #3' is data.
  if (words.length > 5 || /\d/.test(normalized)) return null;
  const has = (pattern: RegExp) => pattern.test(normalized);
  if (has(/\b(total|ext|extended|extension|amount|subtotal)\b/) && !has(/\bqty|quantit/)) return null;
  if (has(/\bbotanical|\bscientific|\blatin\b/)) return 'botanicalName';
  if (has(/\bcommon\b/)) return 'commonName';
  if (has(/\bqty\b|\bquantit|\bquan\b/)) return 'quantity';
  if (has(/\bprice|\bcost\b|\bbudget/)) return 'budgetPrice';
  if (has(/\bsize|\bcontainer|\bcaliper|\bcal\b|\bheight\b/)) return 'size';
  if (has(/\broot|\bball\b/)) return 'sizeDetail';
  if (has(/\bplant\b|\bproduct\b|\bdescription\b|\bmaterial\b/)) return 'productName';
  if (has(/\bremark|\bnote|\bcomment/)) return 'remarks';
  return null;
}

/** What a header cell names, or null for a column we do not use (key, symbol, spacing, totals). */
export function recognizeHeader(text: string): ColumnKind | null {
  const normalized = normalizeHeader(text);
  if (!normalized) return null;
  return exactKind.get(normalized) ?? kindByWords(normalized);
}

/** Tells which size-like header should be the size column when a list has several. */
const sizePreference = (text: string) => {
  const normalized = normalizeHeader(text);
  if (/\bsize\b|\bcontainer\b|\bcont\b|\bspec/.test(normalized)) return 0;
  if (/\bcal|\bcaliper/.test(normalized)) return 1;
  return 2;
};

/**
 * Assigns the columns of a header row. The botanical name wins over a plain 'Plant' or
 * 'Description' column, which wins over the common name; the losers become 'Other' evidence. The
 * first size-like column (Size or Container before Cal. before Height) is the size column; further
 * size columns (a Root or Height beside a Size) are 'Other', and the import adds their text to the
 * size (sizeColumnsOf).
 */
export function recognizeColumns(headers: string[]): ColumnMapping {
  const kinds = headers.map(recognizeHeader);
  const firstOf = (kind: ColumnKind) => {
    const index = kinds.indexOf(kind);
    return index === -1 ? null : index;
  };
  const productNameIndex = firstOf('botanicalName') ?? firstOf('productName') ?? firstOf('commonName');
  const sizeIndexes = kinds
    .map((kind, index) => (kind === 'size' ? index : -1))
    .filter((index) => index !== -1)
    .sort((a, b) => sizePreference(headers[a]) - sizePreference(headers[b]) || a - b);
  const containerIndex = sizeIndexes[0] ?? null;
  const quantityIndex = firstOf('quantity');
  const budgetedPriceIndex = firstOf('budgetPrice');
  const taken = new Set([productNameIndex, containerIndex, quantityIndex, budgetedPriceIndex]);
  const otherIndexes = kinds
    .map((kind, index) => ({ kind, index }))
    .filter(
      ({ kind, index }) =>
        kind !== null && kind !== 'quantity' && kind !== 'budgetPrice' && !taken.has(index),
    )
    .map(({ index }) => index);
  return { productNameIndex, containerIndex, quantityIndex, budgetedPriceIndex, otherIndexes };
}

/**
 * Of the 'Other' columns, those whose header names a size detail (Root, Height, Cal., a second
 * Size): their text belongs with the size when the list has a size column.
 */
export function sizeColumnsOf(headers: string[], otherIndexes: number[]): number[] {
  return otherIndexes.filter((index) => {
    const kind = recognizeHeader(headers[index] ?? '');
    return kind === 'size' || kind === 'sizeDetail';
  });
}

/** The required kinds a mapping still lacks. */
export function missingRequiredColumns(mapping: Pick<ColumnMapping, 'productNameIndex' | 'quantityIndex'>) {
  const missing: RequiredColumn[] = [];
  if (mapping.productNameIndex === null) missing.push('productName');
  if (mapping.quantityIndex === null) missing.push('quantity');
  return missing;
}

/** How many cells of a row read as known header names. */
export function headerScore(row: string[]): number {
  return row.filter((cell) => recognizeHeader(cell) !== null).length;
}

// Data looks like quantities, prices, container numbers or sizes: '10', '$45.00', '#3', '2.5"', '6-8''.
const dataLikeCell =
  /^[$#]?\s*\d[\d,.\s]*(["'`]|\s*(ea|gal|cal|ft|in)\.?)?$|^#\s*\d+|^\d+(\.\d+)?\s*(["']|gal\b)/i;

/** Tells whether a row reads as data rather than headers: it has number-like cells and no header names. */
export function looksLikeDataRow(row: string[]): boolean {
  if (headerScore(row) > 0) return false;
  return row.some((cell) => dataLikeCell.test(cell.trim()));
}

/** How many rows from the top the header row may sit under title rows (merged titles, job names). */
export const headerSearchDepth = 10;

const filledCells = (row: string[]) => row.filter((cell) => cell.trim() !== '').length;

/**
 * The first row that can hold headers: title rows above a table ('Smith Residence — Plant
 * Schedule', merged across the sheet) fill one cell, a header row several; a one-column list has
 * only one-cell rows and starts at its first row.
 */
export function firstTableRow(rows: string[][]): number {
  const index = rows.slice(0, headerSearchDepth).findIndex((row) => filledCells(row) >= 2);
  return index === -1 ? 0 : index;
}

/**
 * The index of the header row among the first rows: the row naming the most known columns, the
 * first of equals; null when no row names any. Title rows above the table are not candidates.
 */
export function findHeaderRow(rows: string[][]): number | null {
  const wide = rows.slice(0, headerSearchDepth).some((row) => filledCells(row) >= 2);
  let best: number | null = null;
  let bestScore = 0;
  for (const [index, row] of rows.slice(0, headerSearchDepth).entries()) {
    if (wide && filledCells(row) < 2) continue;
    const score = headerScore(row);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}
