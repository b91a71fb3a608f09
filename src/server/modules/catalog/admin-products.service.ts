import {
  type AdminProduct,
  type AdminProductFilterChoices,
  type AdminProductPatch,
  type AdminVariantInput,
  unknownAdvantageMessage,
  variantMessages,
} from '../../../domain/catalog/admin-products';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import * as audit from '../audit/audit.service';
import * as repo from './admin-products.repository';
import { refreshProductSearchColumns } from './catalog.repository';

export const productNotFoundMessage = 'Product not found';
export const unknownCategoryMessage = 'Choose categories from the list';

export const listAdminProducts = repo.listProducts;

/** The choices of the catalogue list's category and brand filters. */
export async function adminProductFilterChoices(db: Executor): Promise<AdminProductFilterChoices> {
  const [categories, brands] = await Promise.all([repo.listCategoryChoices(db), repo.listBrandChoices(db)]);
  return { categories, brands };
}

export async function getAdminProduct(db: Executor, id: number): Promise<AdminProduct> {
  const found = await repo.findProduct(db, id);
  if (!found) throw new AppError('not_found', productNotFoundMessage);
  const { product, group, family, brand } = found;
  const brandChoices = await repo.listBrandChoices(db);
  return {
    id: product.id,
    pathIdentifier: product.pathIdentifier,
    primaryName: product.primaryName,
    secondaryName: product.secondaryName,
    patentName: product.patentName,
    cultivar: product.cultivar,
    description: product.description,
    restricted: product.restricted,
    ignoreQuantityDefault: product.ignoreQuantityDefault,
    imageUrl: product.imageUrl,
    group: group ? { id: group.id, name: group.name } : null,
    family: family ? { id: family.id, name: family.name } : null,
    brand: brand ? { id: brand.id, name: brand.name } : null,
    categoryIds: found.categoryIds,
    advantageIds: found.advantageIds,
    synonyms: found.synonyms.map((s) => s.name),
    variants: found.variants,
    listingCount: found.variants.reduce((sum, variant) => sum + variant.listingCount, 0),
    categoryChoices: found.allCategories,
    advantageChoices: found.allAdvantages,
    brandChoices,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * Staff edit a product. The products row changes in the same transaction as its synonyms, categories
 * and advantages (and the copies the search columns read), so the search index's change log (triggers
 * on products and product_advantages) picks the edit up and search shows it at its next refresh.
 */
export async function updateAdminProduct(db: Executor, caller: Caller, id: number, patch: AdminProductPatch) {
  if (
    patch.categoryIds &&
    (await repo.countCategories(db, [...new Set(patch.categoryIds)])) !== new Set(patch.categoryIds).size
  ) {
    throw new AppError('invalid_data', unknownCategoryMessage, {
      fields: { categoryIds: unknownCategoryMessage },
    });
  }
  if (
    patch.advantageIds &&
    (await repo.countAdvantages(db, [...new Set(patch.advantageIds)])) !== new Set(patch.advantageIds).size
  ) {
    throw new AppError('invalid_data', unknownAdvantageMessage, {
      fields: { advantageIds: unknownAdvantageMessage },
    });
  }
  if (patch.brandId && !(await repo.brandExists(db, patch.brandId))) {
    throw new AppError('invalid_data', variantMessages.brandNotFound, {
      fields: { brandId: variantMessages.brandNotFound },
    });
  }
  await db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, id))) throw new AppError('not_found', productNotFoundMessage);
    const { synonyms, categoryIds, advantageIds, ...columns } = patch;
    if (synonyms) await repo.replaceSynonyms(tx, id, synonyms);
    if (categoryIds) await repo.replaceCategories(tx, id, categoryIds);
    if (advantageIds) await repo.replaceAdvantages(tx, id, advantageIds);
    await repo.updateProduct(tx, id, columns);
    if (synonyms || categoryIds) await refreshProductSearchColumns(tx, [id]);
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'product', id }, 'admin_updated', patch);
  });
  return getAdminProduct(db, id);
}

const duplicateSize = () =>
  new AppError('conflict', variantMessages.duplicate, { fields: { size: variantMessages.duplicate } });

/** Writes a size, turning the (product, size) unique index's refusal into 409. */
async function refusingDuplicateSize<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'product_variants_product_size_idx')) throw duplicateSize();
    throw error;
  }
}

/** Staff add a size to a product; the search index's change log hears it through product_variants. */
export async function addVariant(db: Executor, caller: Caller, productId: number, input: AdminVariantInput) {
  await refusingDuplicateSize(() =>
    db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, productId))) throw new AppError('not_found', productNotFoundMessage);
      const { id } = await repo.insertVariant(tx, productId, input.size);
      await audit.recordEvent(
        tx,
        { userId: caller.user.id },
        { type: 'product_variant', id },
        'admin_created',
        {
          productId,
          size: input.size,
        },
      );
    }),
  );
  return getAdminProduct(db, productId);
}

/** Staff rename a size; listings and order lines keep pointing at it (order lines copied the old name). */
export async function renameVariant(
  db: Executor,
  caller: Caller,
  variantId: number,
  input: AdminVariantInput,
) {
  const productId = await refusingDuplicateSize(() =>
    db.transaction(async (tx) => {
      const variant = await repo.findVariant(tx, variantId);
      if (!variant) throw new AppError('not_found', variantMessages.notFound);
      await repo.renameVariant(tx, variantId, input.size);
      await audit.recordEvent(
        tx,
        { userId: caller.user.id },
        { type: 'product_variant', id: variantId },
        'admin_renamed',
        { from: variant.size, to: input.size },
      );
      return variant.productId;
    }),
  );
  return getAdminProduct(db, productId);
}

/**
 * Staff remove a size nobody uses. A size with listings is refused here; one that order lines or
 * cart lines point at is refused by their foreign keys (those rows belong to other areas), with the
 * same message, so nothing is removed that an order still names.
 */
export async function removeVariant(db: Executor, caller: Caller, variantId: number) {
  const inUse = () => new AppError('unprocessable', variantMessages.inUse, { code: 'variant_in_use' });
  try {
    const productId = await db.transaction(async (tx) => {
      const variant = await repo.findVariant(tx, variantId);
      if (!variant) throw new AppError('not_found', variantMessages.notFound);
      if ((await repo.countVariantListings(tx, variantId)) > 0) throw inUse();
      await repo.deleteVariant(tx, variantId);
      await audit.recordEvent(
        tx,
        { userId: caller.user.id },
        { type: 'product_variant', id: variantId },
        'admin_removed',
        { productId: variant.productId, size: variant.size },
      );
      return variant.productId;
    });
    return getAdminProduct(db, productId);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw inUse();
    throw error;
  }
}
