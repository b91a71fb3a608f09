import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fieldStatuses } from '../../../domain/catalog/field-status';
import type { PriceTier } from '../../../domain/catalog/pricing';
import { baseColumns, timestamptz } from '../../db/columns';
import { branches, organizations } from '../organizations/organizations.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Top-level shelves of the catalogue (Trees, Shrubs, …, Landscape Supplies): green goods are plants,
 * hard goods everything else.
 */
export const productGroups = pgTable(
  'product_groups',
  {
    ...baseColumns(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    groupType: text('group_type').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_groups_slug_idx').on(t.slug),
    check('product_groups_group_type_check', sql`${t.groupType} in ('GREEN_GOOD', 'HARD_GOOD')`),
  ],
);

/** A family within a group: a genus for plants (Acer under Trees), a kind of material for hard goods. */
export const productFamilies = pgTable(
  'product_families',
  {
    ...baseColumns(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => productGroups.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('product_families_group_slug_idx').on(t.groupId, t.slug),
    index('product_families_slug_idx').on(t.slug),
  ],
);

/** What a product is (Shade Tree, Perennial, Mulch, Pavers, …); a product has one or more. */
export const categories = pgTable(
  'categories',
  {
    ...baseColumns(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug)],
);

/** Selling points buyers filter on (Native, Deer Resistant, Drought Tolerant, …). */
export const advantages = pgTable(
  'advantages',
  {
    ...baseColumns(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('advantages_slug_idx').on(t.slug)],
);

/** Makers of branded hard goods. */
export const brands = pgTable(
  'brands',
  {
    ...baseColumns(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    description: text('description'),
    // The organisation that owns the brand (a maker selling through Hedgerow), when staff record one.
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
  },
  (t) => [uniqueIndex('brands_slug_idx').on(t.slug)],
);

// Accent-folded, lower-cased names for trigram matching (typos, partial words). search_fold() is the
// IMMUTABLE wrapper of unaccent() created by the catalog_search_functions migration.
const searchTextSql: SQL = sql`search_fold("primary_name" || ' ' || coalesce("patent_name", '') || ' ' || coalesce("secondary_name", '') || ' ' || coalesce("cultivar", '') || ' ' || coalesce("synonym_names", ''))`;

// Weighted full text: A botanical and trade names, B common name and cultivar, C synonyms and categories.
const searchVectorSql: SQL = sql`setweight(to_tsvector('english'::regconfig, search_fold("primary_name" || ' ' || coalesce("patent_name", ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("secondary_name", '') || ' ' || coalesce("cultivar", ''))), 'B') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("synonym_names", '') || ' ' || coalesce("category_names", ''))), 'C')`;

/**
 * A plant (species or cultivar) or a hard good. primary_name is botanical as the trade writes it, the
 * cultivar in single quotes (`Acer rubrum 'October Glory'`); secondary_name the common name;
 * patent_name the trade name. category_names and synonym_names copy the join tables (kept by
 * refreshProductSearchColumns) so the generated search columns can see them.
 */
export const products = pgTable(
  'products',
  {
    ...baseColumns(),
    pathIdentifier: text('path_identifier').notNull(),
    primaryName: text('primary_name').notNull(),
    secondaryName: text('secondary_name'),
    patentName: text('patent_name'),
    botanicalGenus: text('botanical_genus'),
    botanicalSpecies: text('botanical_species'),
    cultivar: text('cultivar'),
    groupId: bigint('group_id', { mode: 'number' }).references(() => productGroups.id),
    familyId: bigint('family_id', { mode: 'number' }).references(() => productFamilies.id),
    brandId: bigint('brand_id', { mode: 'number' }).references(() => brands.id),
    hardinessZones: text('hardiness_zones'),
    hardinessZoneMin: smallint('hardiness_zone_min'),
    hardinessZoneMax: smallint('hardiness_zone_max'),
    restricted: boolean('restricted').notNull().default(false),
    // New listings of this product that come without a counted quantity (an upload whose file has no
    // quantity column) do not count stock: hard goods sold from a yard pile or a pallet stack.
    ignoreQuantityDefault: boolean('ignore_quantity_default').notNull().default(false),
    description: text('description'),
    imageUrl: text('image_url'),
    usdaSymbol: text('usda_symbol'),
    categoryNames: text('category_names').notNull().default(''),
    synonymNames: text('synonym_names').notNull().default(''),
    searchText: text('search_text').generatedAlwaysAs(searchTextSql),
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchVectorSql),
  },
  (t) => [
    uniqueIndex('products_path_identifier_idx').on(t.pathIdentifier),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_primary_name_idx').on(t.primaryName),
    index('products_secondary_name_idx').on(t.secondaryName),
    index('products_group_idx').on(t.groupId),
    index('products_family_idx').on(t.familyId),
    index('products_brand_idx').on(t.brandId),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    // Tiles show the first two (spec part 2 §9).
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const productAdvantages = pgTable(
  'product_advantages',
  {
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    advantageId: bigint('advantage_id', { mode: 'number' })
      .notNull()
      .references(() => advantages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.advantageId] }),
    index('product_advantages_advantage_idx').on(t.advantageId, t.productId),
  ],
);

/**
 * Other botanical names of a product: `synonym` an older name PLANTS maps to it (Sedum spectabile for
 * Hylotelephium spectabile); `accepted` the current name when the trade still sells under an old one.
 */
export const productSynonyms = pgTable(
  'product_synonyms',
  {
    ...baseColumns(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('synonym'),
    usdaSymbol: text('usda_symbol'),
  },
  (t) => [
    uniqueIndex('product_synonyms_product_name_idx').on(t.productId, t.name),
    check('product_synonyms_kind_check', sql`${t.kind} in ('synonym', 'accepted')`),
  ],
);

/**
 * A size a product is sold in, as the trade writes it ('#3', '2.5" cal B&B', "6-8' B&B", 'Flat of 18'),
 * with the facets parseSizeNotation reads from it.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    ...baseColumns(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    container: text('container'),
    standardContainer: text('standard_container'),
    sizeInches: numeric('size_inches', { precision: 7, scale: 2, mode: 'number' }),
    sizeFeet: numeric('size_feet', { precision: 7, scale: 2, mode: 'number' }),
    characteristics: text('characteristics').array().notNull().default(sql`'{}'::text[]`),
    characteristicsKey: text('characteristics_key').notNull().default(''),
    unit: text('unit').notNull().default('each'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_product_size_idx').on(t.productId, t.size),
    index('product_variants_standard_container_idx').on(t.standardContainer),
    // The catalogue's few distinct sizes (under 200) are read by skipping along this index.
    index('product_variants_size_idx').on(t.size),
  ],
);

/**
 * A branch's listing of one product size: stock, field status and price tiers. product_id copies the
 * variant's product so search can filter and aggregate listings without joining variants; in_stock
 * is what "available" means (a quantity above zero, or a quantity the supplier does not count).
 * The unique (branch_id, product_variant_id) index also serves lookups by branch.
 */
export const availabilities = pgTable(
  'availabilities',
  {
    ...baseColumns(),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' })
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    ignoreQuantity: boolean('ignore_quantity').notNull().default(false),
    fieldStatus: text('field_status'),
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull().default(sql`'[]'::jsonb`),
    basePrice: integer('base_price'),
    inStock: boolean('in_stock').generatedAlwaysAs(sql`("ignore_quantity" or "quantity" > 0)`),
    // Copies of the product's name and the variant's position and size, kept by triggers (migration
    // 0030), so a branch's inventory pages walk one index in order instead of sorting every listing.
    sortName: text('sort_name').notNull().default(''),
    sortPosition: smallint('sort_position').notNull().default(0),
    sortSize: text('sort_size').notNull().default(''),
  },
  (t) => [
    uniqueIndex('availabilities_branch_variant_idx').on(t.branchId, t.productVariantId),
    // With id last, a page of a branch's inventory reads its ids from the index alone (index-only scan).
    // INCLUDE (product_id, in_stock, updated_at) is added by hand in migration 0036.
    index('availabilities_branch_order_idx').on(t.branchId, t.sortName, t.sortPosition, t.sortSize, t.id),
    // Its twin over the listings out of stock only (availabilities_branch_out_of_stock_idx) is made by
    // hand in migration 0046, with the branch_listing_counts triggers.
    index('availabilities_variant_idx').on(t.productVariantId),
    // The inventory search: a branch's listings of the products whose names match, and of the sizes
    // that match, each read from its own index alone (id last), instead of testing every listing.
    index('availabilities_branch_product_idx').on(t.branchId, t.productId, t.id),
    index('availabilities_branch_size_idx').on(t.branchId, t.sortSize, t.id),
    index('availabilities_product_idx').on(t.productId, t.basePrice),
    check('availabilities_quantity_check', sql`${t.quantity} >= 0`),
    check('availabilities_base_price_check', sql`${t.basePrice} is null or ${t.basePrice} >= 0`),
    check('availabilities_price_tiers_check', sql`jsonb_typeof(${t.priceTiers}) = 'array'`),
    check(
      'availabilities_field_status_check',
      sql`${t.fieldStatus} is null or ${t.fieldStatus} in (${sql.raw(fieldStatuses.map((status) => `'${status}'`).join(', '))})`,
    ),
  ],
);

/**
 * Discounts (spec part 2 §3): kind purchase (EVD: a buyer organisation at a supplier organisation),
 * supplier (a supplier on its own items), platform (Hedgerow Discount; all suppliers when
 * supplier_organization_id is null), online (Online Savings at the supplier's sells-online branches).
 * value is basis points for PERCENTAGE, cents for FLAT_RATE. Dates are optional bounds.
 */
export const discounts = pgTable(
  'discounts',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    operator: text('operator').notNull(),
    value: integer('value').notNull(),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' }).references(
      () => organizations.id,
      {
        onDelete: 'cascade',
      },
    ),
    supplierOrganizationId: bigint('supplier_organization_id', { mode: 'number' }).references(
      () => organizations.id,
      {
        onDelete: 'cascade',
      },
    ),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
  },
  (t) => [
    index('discounts_supplier_idx').on(t.supplierOrganizationId),
    index('discounts_buyer_idx').on(t.buyerOrganizationId),
    check('discounts_kind_check', sql`${t.kind} in ('purchase', 'supplier', 'platform', 'online')`),
    check('discounts_operator_check', sql`${t.operator} in ('PERCENTAGE', 'FLAT_RATE')`),
    check(
      'discounts_value_check',
      sql`${t.value} >= 0 and (${t.operator} <> 'PERCENTAGE' or ${t.value} <= 10000)`,
    ),
    check(
      'discounts_parties_check',
      sql`(${t.kind} = 'purchase' and ${t.buyerOrganizationId} is not null and ${t.supplierOrganizationId} is not null)
        or (${t.kind} in ('supplier', 'online') and ${t.buyerOrganizationId} is null and ${t.supplierOrganizationId} is not null)
        or ${t.kind} = 'platform'`,
    ),
  ],
);

/**
 * The one row holding the catalogue's version, bumped by triggers on every catalogue write (migration
 * 0016): the hubsheet matcher rebuilds its in-memory catalogue when it moves. Declared here, by the
 * module whose tables the triggers watch; the triggers live in the migration.
 */
export const catalogVersions = pgTable(
  'catalog_versions',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [check('catalog_versions_id_check', sql`${table.id} = 1`)],
);
