import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { listResponse } from '../../http/list';
import * as repo from './brands.repository';

export const brandNotFoundMessage = 'Brand not found';

const brandView = (row: repo.BrandRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  logoUrl: row.logo_url,
  productCount: row.product_count,
});

/** Brands by name with their product counts. */
export async function listBrands(db: Executor, query: { query?: string; page: number; perPage: number }) {
  const { rows, total } = await repo.listBrands(db, query);
  return listResponse(rows.map(brandView), total, query.page, query.perPage);
}

/** A brand and one page of its products; 404 for an unknown slug. */
export async function getBrandOrThrow(db: Executor, slug: string, paging: { page: number; perPage: number }) {
  const brand = await repo.findBrandBySlug(db, slug);
  if (!brand) throw new AppError('not_found', brandNotFoundMessage);
  const rows = await repo.listBrandProducts(db, brand.id, paging);
  const products = rows.map((row) => ({
    id: row.id,
    pathIdentifier: row.path_identifier,
    primaryName: row.primary_name,
    secondaryName: row.secondary_name,
    imageUrl: row.image_url,
    categoryNames: row.category_names,
    totalSuppliers: row.supplier_count,
  }));
  return {
    ...brandView(brand),
    products: listResponse(products, brand.product_count, paging.page, paging.perPage),
  };
}
