import type {
  HubsheetStatus,
  HubsheetSummary,
  HubsheetView,
  ListItemProduct,
  ListItemSupply,
  ListItemVariant,
  ListItemView,
  MatchState,
} from '../../../domain/hubsheets/hubsheet-types';
import {
  enterQuantityMessage,
  quantityNeedsEntry,
  splitSizeFromText,
} from '../../../domain/hubsheets/line-reading';
import { summarizeScores } from '../../../domain/hubsheets/match-confidence';
import { sizeDifferenceNote } from '../../../domain/hubsheets/matching/size-match';
import type { Executor } from '../../core/database';
import { listItemSupply } from './hubsheet-supply';
import * as repo from './hubsheets.repository';

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An index card of a hubsheet. */
export function hubsheetSummary(row: repo.HubsheetListRow): HubsheetSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status as HubsheetStatus,
    postalCode: row.postal_code,
    listItemsCount: row.list_items_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    user: row.user_id === null ? null : { id: row.user_id, fullName: row.user_full_name ?? 'Unknown' },
  };
}

type SupplyContext = {
  postalCode: string | null;
  radiusRestriction: number | null;
  organizationId: number | null;
};

/**
 * The grid's lines with their matched products, sizes and alternatives looked up in two queries, the
 * chosen branches' names, and (with `supply`) the market within the hubsheet's radius.
 */
export async function buildListItemViews(
  db: Executor,
  rows: repo.ListItemRow[],
  options: { supply?: SupplyContext } = {},
): Promise<ListItemView[]> {
  const productIds = new Set<number>();
  const variantIds = new Set<number>();
  const branchIds = new Set<number>();
  for (const row of rows) {
    if (row.productId !== null) productIds.add(row.productId);
    if (row.productVariantId !== null) variantIds.add(row.productVariantId);
    if (row.chosenBranchId !== null) branchIds.add(row.chosenBranchId);
    for (const alternative of row.alternatives) {
      productIds.add(alternative.productId);
      if (alternative.productVariantId !== null) variantIds.add(alternative.productVariantId);
    }
  }
  const [products, variants, branches, supply] = await Promise.all([
    repo.findProducts(db, [...productIds]),
    repo.findVariants(db, [...variantIds]),
    repo.findBranchNames(db, [...branchIds]),
    options.supply
      ? listItemSupply(
          db,
          { postalCode: options.supply.postalCode, radiusRestriction: options.supply.radiusRestriction },
          rows.map((row) => ({
            id: row.id,
            productId: row.productId,
            productVariantId: row.productVariantId,
            quantity: row.quantity,
            budgetPrice: row.budgetPrice,
          })),
          { buyerOrganizationId: options.supply.organizationId },
        )
      : Promise.resolve(new Map<number, ListItemSupply>()),
  ]);
  const productById = new Map<number, ListItemProduct>(
    products.map((product) => [
      product.id,
      {
        id: product.id,
        primaryName: product.primary_name,
        secondaryName: product.secondary_name,
        pathIdentifier: product.path_identifier,
      },
    ]),
  );
  const variantById = new Map<number, ListItemVariant>(
    variants.map((variant) => [variant.id, { id: variant.id, size: variant.size }]),
  );
  const branchById = new Map(branches.map((branch) => [branch.id, branch.name]));

  return rows.map((row) => {
    const product = row.productId === null ? null : (productById.get(row.productId) ?? null);
    const productVariant =
      product && row.productVariantId !== null ? (variantById.get(row.productVariantId) ?? null) : null;
    const sizeAsked = row.sizeText ?? splitSizeFromText(row.originalText).sizeText;
    return {
      id: row.id,
      position: row.position,
      originalText: row.originalText,
      sizeText: row.sizeText,
      quantityText: row.quantityText,
      quantity: row.quantity === null ? null : Number(row.quantity),
      quantityFlag: quantityNeedsEntry(row.quantity === null ? null : Number(row.quantity))
        ? enterQuantityMessage
        : null,
      budgetPrice: row.budgetPrice,
      matchState: row.matchState as MatchState,
      matchScore: row.matchState === 'matched' ? row.matchScore : null,
      product,
      productVariant,
      sizeNote: productVariant ? sizeDifferenceNote(sizeAsked, productVariant.size) : null,
      alternatives: row.alternatives.flatMap((alternative) => {
        const alternativeProduct = productById.get(alternative.productId);
        if (!alternativeProduct) return [];
        return [
          {
            product: alternativeProduct,
            productVariant:
              alternative.productVariantId === null
                ? null
                : (variantById.get(alternative.productVariantId) ?? null),
            matchScore: alternative.score,
          },
        ];
      }),
      chosenByUser: row.chosenByUser,
      supply: supply.get(row.id) ?? null,
      chosenBranch:
        row.chosenBranchId === null
          ? null
          : {
              id: row.chosenBranchId,
              name: branchById.get(row.chosenBranchId) ?? 'Unknown branch',
              price: null,
            },
      notes: row.notes,
    };
  });
}

/** The whole hubsheet as the detail page shows it. */
export async function buildHubsheetView(db: Executor, hubsheet: repo.HubsheetRow): Promise<HubsheetView> {
  const [rows, fullName, importList, carts] = await Promise.all([
    repo.listItemsOf(db, hubsheet.id),
    repo.findUserFullName(db, hubsheet.userId),
    hubsheet.importListId === null ? Promise.resolve(null) : repo.findImportList(db, hubsheet.importListId),
    repo.findCartsOfHubsheet(db, hubsheet.id),
  ]);
  // While a long list is matched in the background the page polls; the market is priced once it is done.
  const listItems = await buildListItemViews(db, rows, {
    supply:
      hubsheet.matchingState === 'done'
        ? {
            postalCode: hubsheet.postalCode,
            radiusRestriction: hubsheet.radiusRestriction,
            organizationId: hubsheet.organizationId,
          }
        : undefined,
  });
  const matched = rows.filter((row) => row.matchState === 'matched').length;
  return {
    id: hubsheet.id,
    name: hubsheet.name,
    status: hubsheet.status as HubsheetStatus,
    postalCode: hubsheet.postalCode,
    listItemsCount: rows.length,
    createdAt: hubsheet.createdAt.toISOString(),
    updatedAt: hubsheet.updatedAt.toISOString(),
    user: hubsheet.userId === null ? null : { id: hubsheet.userId, fullName: fullName ?? 'Unknown' },
    radiusRestriction: hubsheet.radiusRestriction,
    jobDate: hubsheet.jobDate,
    logisticsRate: hubsheet.logisticsRate,
    importListId: hubsheet.importListId,
    filename: importList?.filename ?? null,
    matching: {
      state: hubsheet.matchingState as HubsheetView['matching']['state'],
      matched,
      total: rows.length,
    },
    summary: {
      ...summarizeScores(rows.map((row) => (row.matchState === 'matched' ? row.matchScore : null))),
      quantityFlagged: listItems.filter((item) => item.quantityFlag !== null).length,
    },
    listItems,
    carts: carts.map((cart) => ({ id: cart.id, name: cart.name, cartNumber: cart.cart_number })),
    version: hubsheet.version,
  };
}
