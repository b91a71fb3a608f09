// Read model: A brand's pages: its products with the branches that list them, and its suppliers.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import type { BrandSupplierRow, ProductCardRow } from '../modules/catalog/brands.repository';
import { availabilities, products } from '../modules/catalog/catalog.tables';
import { branches, organizations } from '../modules/organizations/organizations.tables';

const productCardColumns = sql`p.id::int as id, p.path_identifier, p.primary_name, p.secondary_name, p.image_url,
  p.category_names`;

/** A brand's products by name, with the number of branches that have each in stock. */
export async function listBrandProducts(
  db: Executor,
  brandId: number,
  paging: { page: number; perPage: number },
) {
  return queryRows<ProductCardRow & { supplier_count: number }>(
    db,
    sql`select ${productCardColumns},
               (select count(distinct av.branch_id) from ${availabilities} av
                 where av.product_id = p.id and av.in_stock)::int as supplier_count
          from ${products} p
         where p.brand_id = ${brandId}
         order by p.primary_name asc, p.id asc
         limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`,
  );
}

/** The supplier organisations listing a brand's products, by name. */
export async function listBrandSuppliers(db: Executor, brandId: number, organizationId?: number) {
  const onlyOrganization = organizationId === undefined ? sql`` : sql`and o.id = ${organizationId}`;
  return queryRows<BrandSupplierRow>(
    db,
    sql`select o.id::int as id, o.slug, o.name,
               count(distinct av.branch_id)::int as branch_count,
               count(distinct av.product_id)::int as product_count
          from ${products} p
          join ${availabilities} av on av.product_id = p.id
          join ${branches} b on b.id = av.branch_id
          join ${organizations} o on o.id = b.organization_id
         where p.brand_id = ${brandId} ${onlyOrganization}
         group by o.id
         order by o.name asc, o.id asc`,
  );
}

export type SupplierBrandBranchRow = {
  id: number;
  slug: string;
  name: string;
  display_address: string | null;
  state_code: string | null;
  product_count: number;
};

/** The branches of one supplier that list a brand's products, with how many of them each lists. */
export async function listSupplierBrandBranches(db: Executor, brandId: number, organizationId: number) {
  return queryRows<SupplierBrandBranchRow>(
    db,
    sql`select b.id::int as id, b.slug, b.name, b.display_address, b.state_code,
               count(distinct av.product_id)::int as product_count
          from ${branches} b
          join ${availabilities} av on av.branch_id = b.id
          join ${products} p on p.id = av.product_id
         where b.organization_id = ${organizationId} and p.brand_id = ${brandId}
         group by b.id
         order by b.name asc, b.id asc`,
  );
}

export type SupplierBrandProductRow = ProductCardRow & {
  branch_count: number;
  total_available: number;
  ignore_quantity: boolean;
};

/**
 * One page of the brand's products that a supplier lists, by name, with that supplier's stock: the
 * branches offering each and the units they list (the inputs of the stock rule of part 2 §4).
 */
export async function listSupplierBrandProducts(
  db: Executor,
  brandId: number,
  organizationId: number,
  paging: { page: number; perPage: number },
) {
  return queryRows<SupplierBrandProductRow>(
    db,
    sql`select ${productCardColumns},
               count(distinct av.branch_id) filter (where av.in_stock)::int as branch_count,
               coalesce(sum(av.quantity) filter (where av.in_stock), 0)::int as total_available,
               coalesce(bool_or(av.ignore_quantity), false) as ignore_quantity
          from ${products} p
          join ${availabilities} av on av.product_id = p.id
          join ${branches} b on b.id = av.branch_id
         where p.brand_id = ${brandId} and b.organization_id = ${organizationId}
         group by p.id
         order by p.primary_name asc, p.id asc
         limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`,
  );
}
