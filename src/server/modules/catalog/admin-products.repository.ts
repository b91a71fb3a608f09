import { and, asc, count, eq, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import {
  advantages,
  availabilities,
  brands,
  categories,
  productAdvantages,
  productCategories,
  productFamilies,
  productGroups,
  productSynonyms,
  products,
  productVariants,
} from './catalog.tables';
import { productImages } from './product-images.tables';

export type AdminProductFilter = {
  query?: string;
  group?: string;
  family?: string;
  categoryId?: number;
  brandId?: number;
  missingImage?: boolean;
  noListings?: boolean;
  restricted?: boolean;
  page: number;
  perPage: number;
};

// drizzle's exists() wants a query builder; these are written out, parentheses included.
// A product has an image when the catalogue names one or staff and suppliers uploaded a photo.
const hasImage = sql<boolean>`(${products.imageUrl} is not null or exists (select 1 from ${productImages} where ${productImages.productId} = ${products.id}))`;
const listed = sql`exists (select 1 from ${availabilities} where ${availabilities.productId} = ${products.id})`;

/** A page of products for Beehive, by name, with their group, family, brand and counts. */
export async function listProducts(db: Executor, filter: AdminProductFilter) {
  const where: SQL[] = [];
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(products.primaryName, like),
        ilike(products.secondaryName, like),
        ilike(products.patentName, like),
        ilike(products.synonymNames, like),
        ilike(products.pathIdentifier, like),
      )!,
    );
  }
  if (filter.group) {
    where.push(
      sql`exists (select 1 from ${productGroups} g where g.id = ${products.groupId} and g.slug = ${filter.group})`,
    );
  }
  if (filter.family) {
    where.push(
      sql`exists (select 1 from ${productFamilies} f where f.id = ${products.familyId} and f.slug = ${filter.family})`,
    );
  }
  if (filter.brandId) where.push(eq(products.brandId, filter.brandId));
  if (filter.categoryId) {
    where.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${filter.categoryId})`,
    );
  }
  if (filter.missingImage === true) where.push(not(hasImage));
  if (filter.noListings === true) where.push(not(listed));
  if (filter.restricted !== undefined) where.push(eq(products.restricted, filter.restricted));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      id: products.id,
      pathIdentifier: products.pathIdentifier,
      primaryName: products.primaryName,
      secondaryName: products.secondaryName,
      groupName: productGroups.name,
      familyName: productFamilies.name,
      brandName: brands.name,
      restricted: products.restricted,
      hasImage,
      variantCount: sql<number>`(select count(*)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      listingCount: sql<number>`(select count(*)::int from ${availabilities} where ${availabilities.productId} = ${products.id})`,
    })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(condition)
    .orderBy(asc(products.primaryName), asc(products.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db.select({ total: count() }).from(products).where(condition);
  return { rows, total };
}

/** Every category, in the catalogue's order. */
export function listCategoryChoices(db: Executor) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function findProduct(db: Executor, id: number) {
  const [row] = await db
    .select({ product: products, group: productGroups, family: productFamilies, brand: brands })
    .from(products)
    .leftJoin(productGroups, eq(productGroups.id, products.groupId))
    .leftJoin(productFamilies, eq(productFamilies.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id));
  if (!row) return null;
  const [synonyms, categoryRows, variants, allCategories, advantageRows, allAdvantages] = await Promise.all([
    db
      .select({ name: productSynonyms.name })
      .from(productSynonyms)
      .where(eq(productSynonyms.productId, id))
      .orderBy(asc(productSynonyms.kind), asc(productSynonyms.name)),
    db
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, id))
      .orderBy(asc(productCategories.position)),
    db
      .select({
        id: productVariants.id,
        size: productVariants.size,
        // Table names written out: drizzle leaves them off the columns of a one-table select.
        listingCount: sql<number>`(select count(*)::int from ${availabilities} a where a.product_variant_id = "product_variants"."id")`,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    listCategoryChoices(db),
    db
      .select({ id: productAdvantages.advantageId })
      .from(productAdvantages)
      .innerJoin(advantages, eq(advantages.id, productAdvantages.advantageId))
      .where(eq(productAdvantages.productId, id))
      .orderBy(asc(advantages.name)),
    db.select({ id: advantages.id, name: advantages.name }).from(advantages).orderBy(asc(advantages.name)),
  ]);
  return {
    ...row,
    synonyms,
    categoryIds: categoryRows.map((c) => c.id),
    variants,
    allCategories,
    advantageIds: advantageRows.map((a) => a.id),
    allAdvantages,
  };
}

export async function lockProduct(db: Executor, id: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return row ?? null;
}

export async function updateProduct(db: Executor, id: number, values: Partial<typeof products.$inferInsert>) {
  if (Object.keys(values).length > 0) await db.update(products).set(values).where(eq(products.id, id));
  else await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
}

export async function countCategories(db: Executor, ids: number[]) {
  if (ids.length === 0) return 0;
  const [{ total }] = await db.select({ total: count() }).from(categories).where(inArray(categories.id, ids));
  return total;
}

/** Replaces the product's synonyms (kind synonym) with these names, keeping 'accepted' ones. */
export async function replaceSynonyms(db: Executor, productId: number, names: string[]) {
  await db
    .delete(productSynonyms)
    .where(and(eq(productSynonyms.productId, productId), eq(productSynonyms.kind, 'synonym')));
  const unique = [...new Set(names)];
  if (unique.length > 0) {
    await db
      .insert(productSynonyms)
      .values(unique.map((name) => ({ productId, name, kind: 'synonym' })))
      .onConflictDoNothing();
  }
}

export async function replaceCategories(db: Executor, productId: number, categoryIds: number[]) {
  await db.delete(productCategories).where(eq(productCategories.productId, productId));
  const unique = [...new Set(categoryIds)];
  if (unique.length > 0) {
    await db
      .insert(productCategories)
      .values(unique.map((categoryId, position) => ({ productId, categoryId, position })));
  }
}

export async function countAdvantages(db: Executor, ids: number[]) {
  if (ids.length === 0) return 0;
  const [{ total }] = await db.select({ total: count() }).from(advantages).where(inArray(advantages.id, ids));
  return total;
}

/** Replaces the product's advantages (the search index's change log hears product_advantages). */
export async function replaceAdvantages(db: Executor, productId: number, advantageIds: number[]) {
  await db.delete(productAdvantages).where(eq(productAdvantages.productId, productId));
  const unique = [...new Set(advantageIds)];
  if (unique.length > 0) {
    await db.insert(productAdvantages).values(unique.map((advantageId) => ({ productId, advantageId })));
  }
}

export async function brandExists(db: Executor, id: number) {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id));
  return row !== undefined;
}

/** Brands to choose from on the product page, by name. */
export async function listBrandChoices(db: Executor) {
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .orderBy(asc(brands.name), asc(brands.id));
}

export async function findVariant(db: Executor, id: number) {
  const [row] = await db
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size })
    .from(productVariants)
    .where(eq(productVariants.id, id))
    .for('update');
  return row ?? null;
}

export async function insertVariant(db: Executor, productId: number, size: string) {
  const [{ position }] = await db
    .select({ position: sql<number>`coalesce(max(${productVariants.position}) + 1, 0)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const [row] = await db
    .insert(productVariants)
    .values({ productId, size, position })
    .returning({ id: productVariants.id });
  return row;
}

export async function renameVariant(db: Executor, id: number, size: string) {
  await db.update(productVariants).set({ size, updatedAt: sql`now()` }).where(eq(productVariants.id, id));
}

export async function countVariantListings(db: Executor, id: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(availabilities)
    .where(eq(availabilities.productVariantId, id));
  return total;
}

export async function deleteVariant(db: Executor, id: number) {
  await db.delete(productVariants).where(eq(productVariants.id, id));
}
