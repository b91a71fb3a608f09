/**
 * Recognising a plant schedule's columns by their content as well as their headers (issue 21): a
 * column of line numbers, keys or codes is never the product text when another column holds
 * plant-like text, and a file without headers gets the mapping its content suggests (the same file
 * with and without headers maps the same way).
 */
import { type ColumnKind, type ColumnMapping, recognizeHeader, sizeColumnsOf } from './header-recognition';
import { readBudgetPrice, readQuantity } from './line-reading';
import { readLineSize } from './matching/size-match';

/** What the cells of one column look like (shares of its filled cells, 0–1). */
export type ColumnProfile = {
  filled: number;
  /** Whole numbers ('1', '12', '1,200'). */
  integers: number;
  /** 1, 2, 3… down the column: line numbers. */
  sequential: boolean;
  /** Short keys and codes ('A1', 'AR-2', 'T-01', 'ACR'). */
  codes: number;
  /** Text naming a plant or product: words of letters, not a size or a figure. */
  plantText: number;
  /** Sizes ('#3', '2.5" cal', "6-8' B&B"). */
  sizes: number;
  /** Prices ('$45.00', '12.50'). */
  prices: number;
  /** A quantity and a size in one cell ('25 #5', '10 @ 3 gal'). */
  quantityAndSize: number;
  /** Botanical-looking text (a quoted cultivar or a Latin ending). */
  latin: number;
  /** Mean letters per filled cell. */
  letters: number;
};

const sizeOnlyWords = new Set(
  'gal gallon gallons cal caliper ht hgt height ft feet foot in inch inches qt quart quarts pint pot pots container cont cg bb balled burlapped bare root flat flats plug plugs liner liners spec specimen sp multi stem trunk clump min minimum tall spread wide box ea each ball and of'.split(
    ' ',
  ),
);

/** A quantity written before a size in one cell: '25 #5', '10 - 3 gal', '5 @ 2.5" cal', '12 ea. #1'. */
export function splitQuantityAndSize(cell: string): { quantityText: string; sizeText: string } | null {
  const match = /^\s*(\d[\d,]*)\s*(?:x|@|-|–|ea\.?|each|\/)?\s+(.*\S)\s*$/i.exec(cell);
  if (!match) return null;
  const size = readLineSize(match[2]);
  if (!size?.readable) return null;
  return { quantityText: match[1], sizeText: match[2] };
}

function isPlantText(cell: string): boolean {
  const words = cell.toLowerCase().match(/[a-z\u00c0-\u024f]{3,}/g) ?? [];
  const naming = words.filter((word) => !sizeOnlyWords.has(word));
  if (naming.length === 0) return false;
  const letters = (cell.match(/[a-z\u00c0-\u024f]/gi) ?? []).length;
  const visible = cell.replace(/\s/g, '').length;
  if (letters < 4 || letters / visible < 0.5) return false;
  // 'ACR', 'AC-RU', 'T1A': one short token is a key, not a name.
  if (!/\s/.test(cell.trim()) && cell.trim().length <= 4) return false;
  return true;
}

const isCode = (cell: string) =>
  /^[a-z]{0,4}[-. ]?\d{0,4}[a-z]?$/i.test(cell.trim()) &&
  cell.trim().length <= 6 &&
  !/^\d+$/.test(cell.trim());

const latinEnding = /(?:us|um|ii|ae|is|ensis|iana|ifolia|oides|ata|ica|ella|ium)\b/i;

export function profileColumn(cells: string[]): ColumnProfile {
  const filled = cells.map((cell) => cell.trim()).filter(Boolean);
  const n = filled.length;
  const share = (test: (cell: string) => boolean) => (n === 0 ? 0 : filled.filter(test).length / n);
  const numbers = filled.map((cell) => (/^\d[\d,]*$/.test(cell) ? Number(cell.replace(/,/g, '')) : null));
  const sequential =
    n >= 3 &&
    numbers.every((value, i) => value !== null && (i === 0 || value === (numbers[i - 1] as number) + 1));
  return {
    filled: cells.length === 0 ? 0 : n / cells.length,
    integers: share((cell) => /^\d[\d,]*$/.test(cell)),
    sequential,
    codes: share(isCode),
    plantText: share(isPlantText),
    sizes: share((cell) => !isPlantText(cell) && readLineSize(cell)?.readable === true),
    prices: share(
      (cell) => /^\$/.test(cell) || (/^\d+\.\d{2}$/.test(cell) && readBudgetPrice(cell) !== null),
    ),
    quantityAndSize: share((cell) => splitQuantityAndSize(cell) !== null),
    latin: share((cell) => /'[^']{2,}'|"[^"]{2,}"/.test(cell) || latinEnding.test(cell)),
    letters: n === 0 ? 0 : filled.reduce((sum, cell) => sum + (cell.match(/[a-z]/gi) ?? []).length, 0) / n,
  };
}

/** How strongly a column reads as the product text (0 when it does not). */
function productStrength(profile: ColumnProfile, kind: ColumnKind | null): number {
  if (profile.plantText < 0.5) return 0;
  const byHeader = kind === 'botanicalName' ? 3 : kind === 'productName' ? 2 : kind === 'commonName' ? 1 : 0;
  return byHeader * 10 + profile.plantText * 4 + profile.latin * 3 + Math.min(profile.letters, 30) / 30;
}

const readsAsQuantity = (cell: string) =>
  readQuantity(cell) !== null ||
  /^-?\d|^(?:one|two|three|four|five|six|seven|eight|nine|ten|tbd|n\/a)$/i.test(cell);

/**
 * The mapping for a list: by the headers (when given) checked against the content, or by the content
 * alone. `headers` null: the file has no header row.
 */
export function recognizeColumnsByContent(
  headers: string[] | null,
  rows: string[][],
  byHeaders: ColumnMapping | null,
): ColumnMapping {
  const width = Math.max(headers?.length ?? 0, ...rows.map((row) => row.length));
  const sample = rows.slice(0, 200);
  const profiles = Array.from({ length: width }, (_, index) =>
    profileColumn(sample.map((row) => row[index] ?? '')),
  );
  const kinds = Array.from({ length: width }, (_, index) =>
    headers ? recognizeHeader(headers[index] ?? '') : null,
  );
  const mapping: ColumnMapping = byHeaders
    ? { ...byHeaders, otherIndexes: [...byHeaders.otherIndexes] }
    : {
        productNameIndex: null,
        containerIndex: null,
        quantityIndex: null,
        budgetedPriceIndex: null,
        otherIndexes: [],
      };

  // The product: the header's choice unless its cells are numbers, keys or codes and another column
  // holds plant-like text; without a header's choice, the most plant-like column.
  const strengths = profiles.map((profile, index) => productStrength(profile, kinds[index]));
  const strongest = strengths.reduce((best, value, index) => (value > strengths[best] ? index : best), 0);
  const current = mapping.productNameIndex;
  // An empty product column stays (the lines then say they have no product name).
  const currentHoldsOther = current !== null && strengths[current] === 0 && profiles[current].filled >= 0.5;
  if (strengths[strongest] > 0 && (current === null || currentHoldsOther)) {
    mapping.productNameIndex = strongest;
  }
  const product = mapping.productNameIndex;
  const taken = () =>
    new Set(
      [
        mapping.productNameIndex,
        mapping.containerIndex,
        mapping.quantityIndex,
        mapping.budgetedPriceIndex,
      ].filter((index): index is number => index !== null),
    );
  // A column the header mapping took but that is the product now is no longer 'Other'.
  mapping.otherIndexes = mapping.otherIndexes.filter((index) => index !== product);
  // A header's product column that holds line numbers or keys is not evidence either.
  if (current !== null && current !== product)
    mapping.otherIndexes = mapping.otherIndexes.filter((i) => i !== current);

  // The quantity: the header's choice when its cells read as quantities; else the column of whole
  // numbers that are not line numbers (nor prices); else a column of 'quantity size' cells.
  const quantityOk = (index: number | null) =>
    index !== null &&
    profiles[index].integers + profiles[index].quantityAndSize > 0.3 &&
    !profiles[index].sequential;
  // A header's quantity column of line numbers ('No.' over 1, 2, 3…) gives way to another.
  const headerQuantity = mapping.quantityIndex;
  const lineNumbers = headerQuantity !== null && profiles[headerQuantity].sequential;
  if (
    !quantityOk(mapping.quantityIndex) &&
    (lineNumbers || !(headerQuantity !== null && kinds[headerQuantity] === 'quantity'))
  ) {
    const used = taken();
    if (lineNumbers) used.delete(headerQuantity as number);
    let best: number | null = null;
    let bestValue = 0;
    profiles.forEach((profile, index) => {
      if (used.has(index) || profile.sequential || profile.prices > 0.5) return;
      const cells = sample.map((row) => (row[index] ?? '').trim()).filter(Boolean);
      const value = cells.length ? cells.filter(readsAsQuantity).length / cells.length : 0;
      if (profile.integers >= 0.5 && value > bestValue) {
        best = index;
        bestValue = value;
      }
    });
    if (best === null) {
      profiles.forEach((profile, index) => {
        if (!used.has(index) && profile.quantityAndSize >= 0.5 && best === null) best = index;
      });
    }
    if (best !== null) mapping.quantityIndex = best;
  }
  // Quantity and size in one column: the size comes from it too, unless a size column exists.
  const quantityIndex = mapping.quantityIndex;
  if (
    quantityIndex !== null &&
    mapping.containerIndex === null &&
    profiles[quantityIndex].quantityAndSize >= 0.5
  ) {
    mapping.containerIndex = quantityIndex;
  }

  // The size: the column whose cells read as sizes.
  if (mapping.containerIndex === null) {
    const used = taken();
    let best: number | null = null;
    profiles.forEach((profile, index) => {
      if (used.has(index) || mapping.otherIndexes.includes(index)) return;
      if (profile.sizes >= 0.5 && (best === null || profile.sizes > profiles[best].sizes)) best = index;
    });
    mapping.containerIndex = best;
  }
  // The budget price: a column of prices.
  if (mapping.budgetedPriceIndex === null) {
    const used = taken();
    const index = profiles.findIndex((profile, i) => !used.has(i) && profile.prices >= 0.6);
    if (index !== -1) mapping.budgetedPriceIndex = index;
  }
  // Without headers, a second plant-like column (the common name) is evidence.
  if (!headers) {
    const used = taken();
    profiles.forEach((profile, index) => {
      if (!used.has(index) && profile.plantText >= 0.5) mapping.otherIndexes.push(index);
    });
  }
  mapping.otherIndexes = [...new Set(mapping.otherIndexes)]
    .filter((index) => !taken().has(index))
    .sort((a, b) => a - b);
  return mapping;
}

/**
 * What the preview says about how the columns were read, when the content changed the header's
 * choice: "'Item' holds numbers or codes, so 'Description' is read as the product."
 */
export function recognitionNotes(headers: string[], rows: string[][], mapping: ColumnMapping): string[] {
  const notes: string[] = [];
  const kinds = headers.map(recognizeHeader);
  const named = kinds.findIndex((kind) => kind === 'botanicalName' || kind === 'productName');
  const product = mapping.productNameIndex;
  if (named !== -1 && product !== null && named !== product) {
    const profile = profileColumn(rows.slice(0, 200).map((row) => row[named] ?? ''));
    if (profile.plantText < 0.5) {
      notes.push(
        `'${headers[named]}' holds numbers or codes, not plant names, so '${headers[product]}' is read as the product.`,
      );
    }
  }
  if (mapping.quantityIndex !== null && mapping.quantityIndex === mapping.containerIndex) {
    notes.push(`'${headers[mapping.quantityIndex]}' holds the quantity and the size: both are read from it.`);
  }
  return notes;
}

/** Re-exported so callers need one import for the size columns of a mapping. */
export { sizeColumnsOf };
