import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as brandPages from '../../read-models/brand-pages';
import * as organizations from '../organizations/organizations.service';
import * as repo from './brands.repository';

export const brandNotFoundMessage = 'Brand not found';

const brandView = (row: repo.BrandRow) => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  logoUrl: row.logo_url,
  description: row.description,
  productCount: row.product_count,
});

/** What a brand page shows of each product. */
const productCardOf = (row: repo.ProductCardRow) => ({
  id: row.id,
  pathIdentifier: row.path_identifier,
  primaryName: row.primary_name,
  secondaryName: row.secondary_name,
  imageUrl: row.image_url,
  categoryNames: row.category_names,
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
  const rows = await brandPages.listBrandProducts(db, brand.id, paging);
  const products = rows.map((row) => ({ ...productCardOf(row), totalSuppliers: row.supplier_count }));
  const suppliers = await brandPages.listBrandSuppliers(db, brand.id);
  return {
    ...brandView(brand),
    suppliers: suppliers.map(supplierView),
    products: listResponse(products, brand.product_count, paging.page, paging.perPage),
  };
}

const supplierView = (row: repo.BrandSupplierRow) => ({
  organizationId: row.id,
  slug: row.slug,
  name: row.name,
  branchCount: row.branch_count,
  productCount: row.product_count,
});

/**
 * A brand as one supplier carries it (/brands/{organizationSlug}/{slug}): the supplier's branches that
 * list it and a page of the products they list, with that supplier's stock. 404 for an unknown brand
 * or supplier, and for a supplier that lists none of the brand's products.
 */
export async function getSupplierBrandOrThrow(
  db: Executor,
  organizationSlug: string,
  slug: string,
  paging: { page: number; perPage: number },
) {
  const [brand, organization] = await Promise.all([
    repo.findBrandBySlug(db, slug),
    organizations.findOrganizationBySlug(db, organizationSlug),
  ]);
  if (!brand || !organization) throw new AppError('not_found', brandNotFoundMessage);
  const [supplier] = await brandPages.listBrandSuppliers(db, brand.id, organization.id);
  if (!supplier) throw new AppError('not_found', brandNotFoundMessage);
  const [branches, rows] = await Promise.all([
    brandPages.listSupplierBrandBranches(db, brand.id, organization.id),
    brandPages.listSupplierBrandProducts(db, brand.id, organization.id, paging),
  ]);
  const products = rows.map((row) => ({
    ...productCardOf(row),
    stock: {
      supplierCount: row.branch_count,
      totalAvailable: row.total_available,
      ignoreQuantity: row.ignore_quantity,
    },
  }));
  return {
    ...brandView(brand),
    supplier: supplierView(supplier),
    branches: branches.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      displayAddress: row.display_address,
      stateCode: row.state_code,
      productCount: row.product_count,
    })),
    products: listResponse(products, supplier.product_count, paging.page, paging.perPage),
  };
}
