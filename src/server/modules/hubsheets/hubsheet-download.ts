import * as XLSX from '@e965/xlsx';
import { type PriceTier, priceFor } from '../../../domain/catalog/pricing';
import { matchConfidence } from '../../../domain/hubsheets/match-confidence';
import { centsToDecimal, pricingQuantity } from '../../../domain/hubsheets/sourcing';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { type Cell, csvDocument } from '../../documents/csv-document';
import * as catalog from '../catalog/catalog.service';
import * as repo from './hubsheet-sourcing.repository';
import { sourcingHubsheetOrThrow } from './hubsheet-sourcing.service';
import { listItemSupply } from './hubsheet-supply';

/**
 * The hubsheet download (issue 5): the buyer's own list handed back with its original columns, in
 * its original order, plus what Hedgerow added, ready for estimating software. Imported lines give
 * back their source row as read; lines added on the page fill the columns the import mapped (product,
 * size, quantity, budget price), or, on a hubsheet started from scratch, four columns of their own.
 */

export type DownloadFormat = 'csv' | 'xlsx';
export const downloadFormats = ['csv', 'xlsx'] as const satisfies readonly DownloadFormat[];

/** The columns Hedgerow adds after the buyer's own. */
export const addedColumns = [
  'Matched Product',
  'Matched Size',
  'Best Guess',
  'Confidence',
  'Confidence Label',
  'Supplier',
  'Price',
  'Availability',
  'Market Estimate',
] as const;

export const scratchColumns = ['Product', 'Size', 'Quantity', 'Budget Price'] as const;

/** A table cell: text, a number, or money in cents (a number with two decimals in both formats). */
type TableCell = string | number | null | { cents: number };

export type HubsheetTable = { name: string; header: string[]; rows: TableCell[][] };

/** 'Spring Job #4' → 'Spring Job 4.csv': letters, digits, spaces and dashes, accents folded. */
export function downloadFileName(name: string, format: DownloadFormat): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019]/g, '')
    .replace(/[^A-Za-z0-9 -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/[\s-]+$/, '');
  return `${base || 'Hubsheet'}.${format}`;
}

/** An added column whose name the buyer's file already uses gets ' (Hedgerow)', so both stay apart. */
function uniqueAddedHeaders(original: string[]): string[] {
  const taken = new Set(original.map((header) => header.trim().toLowerCase()));
  return addedColumns.map((column) => (taken.has(column.toLowerCase()) ? `${column} (Hedgerow)` : column));
}

/** The list as a table: the buyer's columns, then the added ones. */
export async function buildHubsheetTable(
  db: Executor,
  caller: Caller,
  hubsheetId: number,
): Promise<HubsheetTable> {
  const hubsheet = await sourcingHubsheetOrThrow(db, caller, hubsheetId);
  const items = await repo.findListItems(db, hubsheet.id);
  const importList = hubsheet.importListId ? await repo.findImportList(db, hubsheet.importListId) : null;

  const productIds = [...new Set(items.flatMap((item) => (item.productId === null ? [] : [item.productId])))];
  const variantIds = [
    ...new Set(items.flatMap((item) => (item.productVariantId === null ? [] : [item.productVariantId]))),
  ];
  const names = await repo.findProductNames(db, productIds, variantIds);
  const productName = new Map(names.products.map((row) => [row.id, row.primary_name]));
  const variantSize = new Map(names.variants.map((row) => [row.id, row.size]));
  const supply = await listItemSupply(db, hubsheet, items, {
    buyerOrganizationId: caller.user.organizationId,
  });

  // The chosen branches' listings, priced for the caller.
  const chosen = items.filter((item) => item.chosenBranchId !== null && item.productId !== null);
  const branchIds = [...new Set(chosen.map((item) => item.chosenBranchId as number))];
  const branches = new Map(
    (await repo.findBranches(db, branchIds, { near: null, radiusMiles: null })).map((row) => [row.id, row]),
  );
  const listings = new Map<number, repo.BranchListingRow['listings']>();
  for (const branchId of branchIds) {
    const lines = chosen
      .filter((item) => item.chosenBranchId === branchId)
      .map((item) => ({
        id: item.id,
        productId: item.productId as number,
        productVariantId: item.productVariantId,
        quantity: pricingQuantity(item.quantity),
      }));
    for (const row of await repo.findBranchListings(db, lines, branchId))
      listings.set(row.item_id, row.listings);
  }
  const discountsOf = await catalog.buyerDiscountResolver(
    db,
    caller.user.organizationId,
    [...branches.values()].map((branch) => branch.organization_id),
  );

  const originalHeaders = importList ? [...importList.originalHeaders] : [...scratchColumns];
  const width = Math.max(originalHeaders.length, ...items.map((item) => item.originalRow?.length ?? 0));
  while (originalHeaders.length < width) originalHeaders.push(`Column ${originalHeaders.length + 1}`);

  const ownColumns = (item: repo.ListItemRow): TableCell[] => {
    if (item.originalRow) {
      return Array.from({ length: width }, (_, index) => item.originalRow?.[index] ?? '');
    }
    const cells: TableCell[] = Array.from({ length: width }, () => '');
    const quantity = item.quantityText ?? (item.quantity === null ? '' : item.quantity);
    const place = (index: number | null | undefined, value: TableCell) => {
      if (index !== null && index !== undefined && index >= 0 && index < width) cells[index] = value;
    };
    if (importList) {
      place(importList.productNameIndex ?? 0, item.originalText);
      place(importList.containerIndex, item.sizeText ?? '');
      place(importList.quantityIndex, quantity);
      place(importList.budgetedPriceIndex, item.budgetPrice ?? '');
    } else {
      place(0, item.originalText);
      place(1, item.sizeText ?? '');
      place(2, quantity);
      place(3, item.budgetPrice ?? '');
    }
    return cells;
  };

  const rows = items.map((item): TableCell[] => {
    const confidence = matchConfidence(
      item.matchScore,
      item.matchState as 'pending' | 'matching' | 'matched',
    );
    const line = supply.get(item.id);
    let supplier: string | null = null;
    let price: TableCell = null;
    let availability: string;
    const branch = item.chosenBranchId === null ? undefined : branches.get(item.chosenBranchId);
    if (branch && item.productId !== null) {
      supplier =
        branch.name === branch.organization_name
          ? branch.name
          : `${branch.organization_name} - ${branch.name}`;
      const quantity = pricingQuantity(item.quantity);
      const found = (listings.get(item.id) ?? []).find((listing) =>
        item.productVariantId === null ? listing.inStock : listing.productVariantId === item.productVariantId,
      );
      if (!found) {
        availability = 'Not listed';
      } else {
        const unit = priceFor({
          tiers: found.priceTiers as PriceTier[],
          quantity,
          discounts: discountsOf({
            organizationId: branch.organization_id,
            sellsOnline: branch.sells_online,
            honorsPurchaseDiscount: branch.honors_purchase_discount,
          }),
        });
        price = unit ? { cents: unit.value } : null;
        availability = !found.inStock
          ? 'Out of Stock'
          : found.ignoreQuantity
            ? 'In Stock'
            : `${found.quantity.toLocaleString('en-US')} available`;
      }
    } else if (item.productId === null) {
      availability = '';
    } else {
      const count = line?.branchCount ?? 0;
      const wider = line?.suggestedRadius ?? null;
      availability =
        count === 0
          ? wider === null
            ? 'No suppliers nearby'
            : `No suppliers nearby; a ${wider}-mile radius finds one`
          : `${count} supplier${count === 1 ? '' : 's'} nearby`;
    }
    const median = line?.medianPrice ? Math.round(Number(line.medianPrice) * 100) : null;
    const matchedName = item.productId === null ? '' : (productName.get(item.productId) ?? '');
    const matchedSize = item.productVariantId === null ? '' : (variantSize.get(item.productVariantId) ?? '');
    // A No Match line's candidate is not a match: it is given as the best guess, in its own column.
    const noMatch = confidence.key === 'no_match';
    return [
      ...ownColumns(item),
      noMatch ? '' : matchedName,
      noMatch ? '' : matchedSize,
      noMatch && matchedName ? [matchedName, matchedSize].filter(Boolean).join(' ') : null,
      item.matchScore,
      confidence.label,
      supplier,
      price,
      availability,
      median === null ? null : { cents: median },
    ];
  });

  return { name: hubsheet.name, header: [...originalHeaders, ...uniqueAddedHeaders(originalHeaders)], rows };
}

/** The table as CSV (UTF-8 BOM, CRLF, RFC 4180 quoting, formula-injection guard: the quotes' writer). */
export function renderHubsheetCsv(table: HubsheetTable): string {
  const toCell = (cell: TableCell): Cell =>
    cell !== null && typeof cell === 'object' ? { number: centsToDecimal(cell.cents) } : cell;
  return csvDocument([table.header, ...table.rows.map((row) => row.map(toCell))]);
}

/** Text that is plainly a number ('10', '25.00'; not '007', '1,200' or '10 ea'), kept as a number in .xlsx. */
const plainNumber = /^(0|[1-9]\d{0,11})(\.(\d{1,6}))?$/;

/**
 * The table as an .xlsx workbook with one sheet. Text stays text (a cell that starts with '=' is
 * written as a string, never a formula), except text that is plainly a number, which becomes a number
 * shown with its own decimals (so estimating software can add it up); money is a number with two
 * decimals.
 */
export function renderHubsheetXlsx(table: HubsheetTable): Buffer {
  const formats = new Map<string, string>();
  const values = table.rows.map((row, rowIndex) =>
    row.map((cell, columnIndex) => {
      const address = XLSX.utils.encode_cell({ r: rowIndex + 1, c: columnIndex });
      if (cell !== null && typeof cell === 'object') {
        formats.set(address, '0.00');
        return cell.cents / 100;
      }
      if (typeof cell !== 'string') return cell;
      const number = plainNumber.exec(cell.trim());
      if (!number) return cell;
      if (number[3]) formats.set(address, `0.${'0'.repeat(number[3].length)}`);
      return Number(cell.trim());
    }),
  );
  const sheet = XLSX.utils.aoa_to_sheet([table.header, ...values]);
  for (const [address, format] of formats) {
    const target = sheet[address] as XLSX.CellObject | undefined;
    if (target) target.z = format;
  }
  sheet['!cols'] = table.header.map((header) => ({ wch: Math.min(40, Math.max(10, header.length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName(table.name));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string) {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Hubsheet';
}
