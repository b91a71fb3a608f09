import zipcodes from 'zipcodes';
import { canUseSite, isAdmin } from '../../../domain/access';
import { normalizePostalCode } from '../../../domain/accounts/postal-code';
import { defaultSupplierRadius } from '../../../domain/catalog/catalog-queries';
import { isStale } from '../../../domain/catalog/freshness';
import { type Discount, discountLabels, type PriceTier, priceFor } from '../../../domain/catalog/pricing';
import { stockState } from '../../../domain/catalog/stock';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as branchAvailability from '../../read-models/branch-availability';
import * as users from '../users/users.service';
import * as repo from './catalog.repository';
import * as productImages from './product-images.service';

export const productNotFoundMessage = 'Product not found';
export const branchNotFoundMessage = 'Branch not found';
export const postalCodeUnknownMessage = 'We could not find that postal code';

/** The product page: names, taxonomy, brand, images, sizes, synonyms and stock (spec part 2 §3). */
export async function getProductOrThrow(
  db: Executor,
  idOrPathIdentifier: string,
  caller: Caller | null = null,
) {
  const key = /^\d+$/.test(idOrPathIdentifier)
    ? { id: Number(idOrPathIdentifier) }
    : { pathIdentifier: idOrPathIdentifier };
  const found = await repo.findProduct(db, key);
  if (!found) throw new AppError('not_found', productNotFoundMessage);
  const { product, group, family, brand } = found;
  const details = await repo.findProductDetails(db, product.id);
  const stock = await repo.findStockSummary(db, product.id);
  const characteristicNames = [...new Set(details.variants.flatMap((variant) => variant.characteristics))];
  const photos = await productImages.listProductImages(db, caller, product.id);
  // The product's own image is its newest photo once it has one: list it once.
  const image =
    product.imageUrl && !product.imageUrl.startsWith(productImages.productImagePathPrefix)
      ? {
          url: product.imageUrl,
          small: { url: product.imageUrl, containerFillUrl: product.imageUrl },
          mini: { url: product.imageUrl, containerFillUrl: product.imageUrl },
        }
      : null;
  return {
    id: product.id,
    pathIdentifier: product.pathIdentifier,
    primaryName: product.primaryName,
    secondaryName: product.secondaryName,
    patentName: product.patentName,
    botanicalGenus: product.botanicalGenus,
    botanicalSpecies: product.botanicalSpecies,
    cultivar: product.cultivar,
    hardinessZones: product.hardinessZones,
    restricted: product.restricted,
    description: product.description,
    group: group && { id: group.id, slug: group.slug, name: group.name, groupType: group.groupType },
    family: family && { id: family.id, slug: family.slug, name: family.name },
    categories: details.categories,
    categoryNames: details.categories.map((category) => category.name).join(', '),
    advantages: details.advantages,
    brand: brand && { id: brand.id, slug: brand.slug, name: brand.name, logoUrl: brand.logoUrl },
    brandLogo: brand?.logoUrl ? [brand.logoUrl] : [],
    productImages: [...photos, ...(image ? [{ image }] : [])],
    variants: details.variants.map((variant) => ({
      id: variant.id,
      size: variant.size,
      container: variant.container,
      standardContainer: variant.standardContainer,
      sizeInches: variant.sizeInches,
      sizeFeet: variant.sizeFeet,
      characteristics: variant.characteristics,
      unit: variant.unit,
    })),
    availabilityCharacteristicNames: characteristicNames.join(', '),
    synonyms: details.synonyms,
    totalSuppliers: stock.supplierCount,
    totalAvailable: stock.totalAvailable,
    ignoreQuantity: stock.ignoreQuantity,
    unavailable: stock.supplierCount === 0,
    stockState: stockState(stock),
  };
}

/** Prices are for signed-in users who may use the site; restricted products only for their supplier and admins. */
function priceAudience(caller: Caller | null) {
  if (!caller || !canUseSite(caller.user.status as never)) return null;
  return { organizationId: caller.user.organizationId, admin: isAdmin(caller.user) };
}

/** The discounts of a buyer that apply at one listing's branch (see priceFor for how they combine). */
export function applicableDiscounts(
  all: readonly Pick<
    repo.DiscountRow,
    'kind' | 'operator' | 'value' | 'supplierOrganizationId' | 'buyerOrganizationId'
  >[],
  listing: { organizationId: number; sellsOnline: boolean; honorsPurchaseDiscount: boolean },
  buyerOrganizationId: number | null,
): Discount[] {
  const result: Discount[] = [];
  for (const discount of all) {
    const supplierMatches =
      discount.supplierOrganizationId === null || discount.supplierOrganizationId === listing.organizationId;
    const buyerMatches =
      discount.buyerOrganizationId === null || discount.buyerOrganizationId === buyerOrganizationId;
    if (!supplierMatches || !buyerMatches) continue;
    if (
      discount.kind === 'purchase' &&
      (buyerOrganizationId === null ||
        discount.buyerOrganizationId !== buyerOrganizationId ||
        // A branch may decline buyers' purchase discounts (branches.honors_purchase_discount).
        !listing.honorsPurchaseDiscount)
    )
      continue;
    if (discount.kind === 'online' && !listing.sellsOnline) continue;
    result.push({
      kind: discount.kind as Discount['kind'],
      operator: discount.operator as Discount['operator'],
      value: discount.value,
    });
  }
  return result;
}

/**
 * The discounts a buyer organisation has at the listings of these supplier organisations, as a
 * function of one listing (for carts and orders: see priceFor for how they combine).
 */
export async function buyerDiscountResolver(
  db: Executor,
  buyerOrganizationId: number | null,
  supplierOrganizationIds: number[],
  now = new Date(),
): Promise<
  (listing: { organizationId: number; sellsOnline: boolean; honorsPurchaseDiscount: boolean }) => Discount[]
> {
  const all = await repo.findActiveDiscounts(db, {
    buyerOrganizationId,
    supplierOrganizationIds: [...new Set(supplierOrganizationIds)],
    now,
  });
  return (listing) => applicableDiscounts(all, listing, buyerOrganizationId);
}

export type AvailabilityQuery = Omit<branchAvailability.AvailabilityFilter, 'branchIds' | 'near'> & {
  branchIds?: number[];
  /** The caller's postal code: each listing then carries its branch's distance in miles. */
  postalCode?: string;
};

/**
 * A product's or branches' listings. Anonymous visitors (and users without site access) get no
 * prices; restricted products show prices only to their own supplier and admins. `price` is the
 * caller's own unit price for one unit: the tier for quantity 1 and their best discount.
 */
export async function listAvailabilities(
  db: Executor,
  caller: Caller | null,
  query: AvailabilityQuery,
  now = new Date(),
) {
  if (query.productId !== undefined && !(await repo.productExists(db, query.productId))) {
    throw new AppError('not_found', productNotFoundMessage);
  }
  const { postalCode, ...filter } = query;
  const near = postalCode ? locatePostalCode(postalCode) : undefined;
  const { rows, total } = await branchAvailability.listAvailabilities(db, { ...filter, near });
  const audience = priceAudience(caller);
  const discounts = audience
    ? await repo.findActiveDiscounts(db, {
        buyerOrganizationId: audience.organizationId,
        supplierOrganizationIds: [...new Set(rows.map((row) => row.organizationId))],
        now,
      })
    : [];
  const results = rows.map((row) => {
    const { availability } = row;
    const visible =
      audience !== null &&
      (!row.restricted || audience.admin || audience.organizationId === row.organizationId);
    const tiers = availability.priceTiers as PriceTier[];
    const price = visible
      ? priceFor({
          tiers,
          quantity: 1,
          discounts: applicableDiscounts(discounts, row, audience?.organizationId ?? null),
        })
      : null;
    return {
      id: availability.id,
      branchId: availability.branchId,
      productId: availability.productId,
      productVariantId: availability.productVariantId,
      product: {
        id: availability.productId,
        pathIdentifier: row.pathIdentifier,
        primaryName: row.primaryName,
        secondaryName: row.secondaryName,
        patentName: row.patentName,
      },
      branch: {
        id: availability.branchId,
        name: row.branchName,
        slug: row.branchSlug,
        state: row.branchState,
      },
      distance: row.distance === null ? null : Math.round(row.distance * 10) / 10,
      size: row.size,
      unit: row.unit,
      characteristics: row.characteristics,
      quantity: availability.quantity,
      ignoreQuantity: availability.ignoreQuantity,
      available: availability.inStock ?? false,
      fieldStatus: availability.fieldStatus,
      priceTiers: visible ? tiers : null,
      price: price && {
        base: price.base,
        value: price.value,
        category: price.category,
        pricingType: price.pricingType,
        discount: price.discount && {
          operator: price.discount.operator,
          value: price.discount.value,
          category: discountLabels[price.discount.kind],
        },
      },
      updatedAt: availability.updatedAt.toISOString(),
      stale: isStale(availability.updatedAt, now),
    };
  });
  return listResponse(results, total, query.page, query.perPage);
}

function branchView(row: branchAvailability.BranchListRow) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    slug: row.slug,
    address: row.street1
      ? {
          street1: row.street1,
          street2: row.street2,
          city: row.city,
          state: row.state,
          postalCode: row.postal_code,
          country: row.country,
          phone: row.phone,
        }
      : null,
    displayAddress: row.display_address,
    logo: row.logo_url,
    latitude: row.latitude,
    longitude: row.longitude,
    notices: row.notices,
    sellsOnline: row.sells_online,
    isPrimary: row.is_primary,
    ...(row.distance !== null ? { distance: Math.round(row.distance * 10) / 10 } : {}),
  };
}

/** Where a US zip or Canadian postal code is; 400 when the code list does not know it. */
export function locatePostalCode(postalCode: string): { latitude: number; longitude: number } {
  const normalized = normalizePostalCode(postalCode);
  const found = zipcodes.lookup(/^\d{5}/.test(normalized) ? normalized.slice(0, 5) : normalized);
  if (!found)
    throw new AppError('invalid_data', postalCodeUnknownMessage, {
      fields: { postalCode: postalCodeUnknownMessage },
    });
  return { latitude: found.latitude, longitude: found.longitude };
}

export type BranchQuery = {
  postalCode?: string;
  radius?: number | null;
  branchIds?: number[];
  page: number;
  perPage: number;
};

/** Branches by ids, near a postal code (within `radius` miles, 100 by default; nearest first), or all by name. */
export async function listBranches(db: Executor, query: BranchQuery) {
  const paging = { page: query.page, perPage: query.perPage };
  const filter: branchAvailability.BranchListFilter = query.postalCode
    ? {
        kind: 'near',
        ...locatePostalCode(query.postalCode),
        radiusMiles: query.radius === undefined ? defaultSupplierRadius : query.radius,
        ...paging,
      }
    : query.branchIds
      ? { kind: 'ids', ids: query.branchIds, ...paging }
      : { kind: 'all', ...paging };
  const { rows, total } = await branchAvailability.listBranches(db, filter);
  return listResponse(rows.map(branchView), total, query.page, query.perPage);
}

export async function getBranchOrThrow(db: Executor, slug: string) {
  const row = await branchAvailability.findBranchBySlug(db, slug);
  if (!row) throw new AppError('not_found', branchNotFoundMessage);
  return branchView(row);
}

async function assertBranchExists(db: Executor, branchId: number) {
  if (!(await branchAvailability.findBranchById(db, branchId)))
    throw new AppError('not_found', branchNotFoundMessage);
}

/** Makes a branch one of the caller's favourites; `created` is false when it already was. */
export async function addFavoriteBranch(db: Executor, caller: Caller, branchId: number) {
  await assertBranchExists(db, branchId);
  const created = await users.insertFavoriteBranch(db, caller.user.id, branchId);
  return {
    created,
    favorite: { branchId, favoriteBranchIds: await users.listFavoriteBranchIds(db, caller.user.id) },
  };
}

/** Removes a branch from the caller's favourites (nothing to do when it was not one). */
export async function removeFavoriteBranch(db: Executor, caller: Caller, branchId: number) {
  await assertBranchExists(db, branchId);
  await users.deleteFavoriteBranch(db, caller.user.id, branchId);
}

export const refreshProductSearchColumns = repo.refreshProductSearchColumns;
