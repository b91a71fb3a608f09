import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows, queryRowsPrepared } from '../../db/client';
import {
  advantages,
  availabilities,
  brands,
  categories,
  type discounts,
  productAdvantages,
  productCategories,
  productFamilies,
  productGroups,
  productSynonyms,
  products,
  productVariants,
} from './catalog.tables';

export type ProductRow = typeof products.$inferSelect;

/** A product with its group, family and brand; by numeric id or by path identifier. */
export async function findProduct(db: Executor, key: { id: number } | { pathIdentifier: string }) {
  const [row] = await db
    .select({ product: products, group: productGroups, family: productFamilies, brand: brands })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where('id' in key ? eq(products.id, key.id) : eq(products.pathIdentifier, key.pathIdentifier));
  return row ?? null;
}

export async function productExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return rows.length > 0;
}

/** The lists that hang off one product: categories (tile order), advantages, synonyms, sizes. */
export async function findProductDetails(db: Executor, productId: number) {
  const categoryRows = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(productCategories.position), asc(categories.position));
  const advantageRows = await db
    .select({ id: advantages.id, slug: advantages.slug, name: advantages.name })
    .from(productAdvantages)
    .innerJoin(advantages, eq(advantages.id, productAdvantages.advantageId))
    .where(eq(productAdvantages.productId, productId))
    .orderBy(asc(advantages.name));
  const synonymRows = await db
    .select({ name: productSynonyms.name, kind: productSynonyms.kind })
    .from(productSynonyms)
    .where(eq(productSynonyms.productId, productId))
    .orderBy(asc(productSynonyms.kind), asc(productSynonyms.name));
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    categories: categoryRows,
    advantages: advantageRows,
    synonyms: synonymRows,
    variants: variantRows,
  };
}

/** Per product: suppliers offering it, units listed and whether any of them does not count. */
export async function findStockSummary(db: Executor, productId: number) {
  const [row] = await queryRows<{
    supplier_count: number;
    total_available: number;
    ignore_quantity: boolean;
  }>(
    db,
    sql`select count(distinct branch_id)::int as supplier_count,
               coalesce(sum(quantity), 0)::int as total_available,
               coalesce(bool_or(ignore_quantity), false) as ignore_quantity
          from ${availabilities}
         where ${availabilities.productId} = ${productId} and ${availabilities.inStock}`,
  );
  return {
    supplierCount: row.supplier_count,
    totalAvailable: row.total_available,
    ignoreQuantity: row.ignore_quantity,
  };
}

/** A discount as pricing reads it. */
export type DiscountRow = Pick<
  typeof discounts.$inferSelect,
  'kind' | 'operator' | 'value' | 'supplierOrganizationId' | 'buyerOrganizationId'
>;

/**
 * Discounts active at `now` that could apply to a buyer at these supplier organisations: the buyer's
 * purchase discounts there, those suppliers' own and online discounts, and platform discounts. A
 * prepared statement of one shape (the ids travel as one text parameter): every priced answer asks.
 */
export async function findActiveDiscounts(
  db: Executor,
  input: { buyerOrganizationId: number | null; supplierOrganizationIds: number[]; now: Date },
): Promise<DiscountRow[]> {
  if (input.supplierOrganizationIds.length === 0) return [];
  return queryRowsPrepared<DiscountRow>(
    db,
    'catalog_active_discounts',
    sql`select d.kind, d.operator, d.value, d.supplier_organization_id::int as "supplierOrganizationId",
               d.buyer_organization_id::int as "buyerOrganizationId"
          from discounts d
         where (d.starts_at is null or d.starts_at <= ${input.now.toISOString()})
           and (d.ends_at is null or d.ends_at > ${input.now.toISOString()})
           and (d.supplier_organization_id is null
                or d.supplier_organization_id = any(string_to_array(${input.supplierOrganizationIds.join(',')}, ',')::bigint[]))
           and (d.buyer_organization_id is null or d.buyer_organization_id = ${input.buyerOrganizationId ?? -1})`,
  );
}

/** Adds a favourite branch; false when it already was one. */

/**
 * Rewrites the denormalised category_names and synonym_names of products (all, or the given ones)
 * from the join tables, so the generated search columns follow. Call it after changing a product's
 * categories or synonyms.
 */
export async function refreshProductSearchColumns(db: Executor, productIds?: number[]) {
  const only = productIds
    ? sql`where p.id in (select json_array_elements_text(${JSON.stringify(productIds)}::json)::bigint)`
    : sql``;
  await db.execute(sql`
    update ${products} p
       set category_names = coalesce((select string_agg(c.name, ', ' order by pc.position, c.position)
                                        from ${productCategories} pc join ${categories} c on c.id = pc.category_id
                                       where pc.product_id = p.id), ''),
           synonym_names = coalesce((select string_agg(s.name, ', ' order by s.kind, s.name)
                                       from ${productSynonyms} s where s.product_id = p.id), '')
      ${only}`);
}
