import type { AdminProduct, AdminProductPatch } from '../../../domain/catalog/admin-products';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './admin-products.repository';
import { refreshProductSearchColumns } from './catalog.repository';

export const productNotFoundMessage = 'Product not found';
export const unknownCategoryMessage = 'Choose categories from the list';

export const listAdminProducts = repo.listProducts;

export async function getAdminProduct(db: Executor, id: number): Promise<AdminProduct> {
  const found = await repo.findProduct(db, id);
  if (!found) throw new AppError('not_found', productNotFoundMessage);
  const { product, group, family, brand } = found;
  return {
    id: product.id,
    pathIdentifier: product.pathIdentifier,
    primaryName: product.primaryName,
    secondaryName: product.secondaryName,
    patentName: product.patentName,
    cultivar: product.cultivar,
    description: product.description,
    restricted: product.restricted,
    imageUrl: product.imageUrl,
    group: group ? { id: group.id, name: group.name } : null,
    family: family ? { id: family.id, name: family.name } : null,
    brand: brand ? { id: brand.id, name: brand.name } : null,
    categoryIds: found.categoryIds,
    synonyms: found.synonyms.map((s) => s.name),
    variants: found.variants,
    listingCount: found.variants.reduce((sum, variant) => sum + variant.listingCount, 0),
    categoryChoices: found.allCategories,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * Staff edit a product. The products row changes in the same transaction as its synonyms and
 * categories (and their copies the search columns read), so the search index's change log (a trigger
 * on products) picks the edit up and search shows it at its next refresh.
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
  await db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, id))) throw new AppError('not_found', productNotFoundMessage);
    const { synonyms, categoryIds, ...columns } = patch;
    if (synonyms) await repo.replaceSynonyms(tx, id, synonyms);
    if (categoryIds) await repo.replaceCategories(tx, id, categoryIds);
    await repo.updateProduct(tx, id, columns);
    if (synonyms || categoryIds) await refreshProductSearchColumns(tx, [id]);
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'product', id }, 'admin_updated', patch);
  });
  return getAdminProduct(db, id);
}
