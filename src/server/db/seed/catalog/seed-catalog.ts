import { eq, sql } from 'drizzle-orm';
import { slugify } from '../../../../domain/text/slug';
import type { Db, Executor } from '../../../core/database';
import { addresses, branches, organizations } from '../../../modules/organizations/organizations.tables';
import { queryRows } from '../../client';
import {
  coverageBranches,
  generateBranchListings,
  generateCoverageListings,
  type ListingSeed,
  listingTargets,
} from './availability-plan';
import { bulkInsert } from './bulk-insert';
import { readCsv } from './csv';
import { buildProductPlan, type CatalogSource, type ProductSeed } from './product-plan';
import { type BranchKind, type BranchSeed, buildSupplierPlan, type SupplierSeed } from './supplier-plan';
import { advantageSeeds, brandSeeds, categorySeeds, productGroupSeeds } from './taxonomy';

export type CatalogScale = 'demo' | 'large';

/** How big each scale is: products in the catalogue and supplier listings in all. */
export const catalogScales: Record<CatalogScale, { products: number | 'all'; listings: number }> = {
  demo: { products: 5_200, listings: 110_000 },
  large: { products: 'all', listings: 1_080_000 },
};

export function loadCatalogSource(): CatalogSource {
  return {
    tradePlants: readCsv('trade-plants.csv'),
    hardGoods: readCsv('hard-goods.csv'),
    usdaPlants: readCsv('usda-plants.csv'),
    usdaSynonyms: readCsv('usda-plants-synonyms.csv'),
  };
}

const companyTypes: Record<BranchKind, string> = {
  grower: 'Grower',
  perennials: 'Grower',
  natives: 'Grower',
  tropicals: 'Grower',
  supply: 'Landscape Supply Yard',
  distributor: 'Distributor',
};

const idMap = (rows: { id: number | string; key: string }[]) =>
  new Map(rows.map((row) => [row.key, Number(row.id)]));

async function seedTaxonomy(db: Executor) {
  await bulkInsert(
    db,
    'product_groups',
    [
      ['slug', 'text'],
      ['name', 'text'],
      ['group_type', 'text'],
      ['position', 'int'],
    ],
    productGroupSeeds.map((group) => ({
      slug: group.slug,
      name: group.name,
      group_type: group.groupType,
      position: group.position,
    })),
    { onConflict: '(slug) do nothing' },
  );
  await bulkInsert(
    db,
    'categories',
    [
      ['slug', 'text'],
      ['name', 'text'],
      ['position', 'int'],
    ],
    categorySeeds.map((category, i) => ({
      slug: slugify(category.name),
      name: category.name,
      position: i + 1,
    })),
    { onConflict: '(slug) do nothing' },
  );
  await bulkInsert(
    db,
    'advantages',
    [
      ['slug', 'text'],
      ['name', 'text'],
    ],
    advantageSeeds.map((advantage) => ({ ...advantage })),
    { onConflict: '(slug) do nothing' },
  );
  await bulkInsert(
    db,
    'brands',
    [
      ['slug', 'text'],
      ['name', 'text'],
    ],
    brandSeeds.map((brand) => ({ slug: brand.slug, name: brand.name })),
    { onConflict: '(slug) do nothing' },
  );
  // One after another: a transaction is one connection.
  const slugIds = async (table: string) =>
    idMap(
      await queryRows<{ id: number; key: string }>(
        db,
        sql`select id, slug as key from ${sql.raw(`"${table}"`)}`,
      ),
    );
  return {
    groups: await slugIds('product_groups'),
    categories: await slugIds('categories'),
    advantages: await slugIds('advantages'),
    brands: await slugIds('brands'),
  };
}

async function seedProducts(
  db: Executor,
  plan: readonly ProductSeed[],
  taxonomy: Awaited<ReturnType<typeof seedTaxonomy>>,
) {
  const families = new Map<string, { group_id: number; slug: string; name: string }>();
  for (const product of plan) {
    const groupId = taxonomy.groups.get(product.groupSlug)!;
    families.set(`${groupId}:${product.familySlug}`, {
      group_id: groupId,
      slug: product.familySlug,
      name: product.familyName,
    });
  }
  await bulkInsert(
    db,
    'product_families',
    [
      ['group_id', 'bigint'],
      ['slug', 'text'],
      ['name', 'text'],
    ],
    [...families.values()],
    { onConflict: '(group_id, slug) do nothing' },
  );
  const familyIds = idMap(
    await queryRows(db, sql`select id, group_id || ':' || slug as key from product_families`),
  );

  await bulkInsert(
    db,
    'products',
    [
      ['path_identifier', 'text'],
      ['primary_name', 'text'],
      ['secondary_name', 'text'],
      ['patent_name', 'text'],
      ['botanical_genus', 'text'],
      ['botanical_species', 'text'],
      ['cultivar', 'text'],
      ['group_id', 'bigint'],
      ['family_id', 'bigint'],
      ['brand_id', 'bigint'],
      ['hardiness_zones', 'text'],
      ['hardiness_zone_min', 'smallint'],
      ['hardiness_zone_max', 'smallint'],
      ['restricted', 'boolean'],
      ['description', 'text'],
      ['usda_symbol', 'text'],
      ['category_names', 'text'],
      ['synonym_names', 'text'],
    ],
    plan.map((product) => {
      const groupId = taxonomy.groups.get(product.groupSlug)!;
      return {
        path_identifier: product.pathIdentifier,
        primary_name: product.primaryName,
        secondary_name: product.secondaryName,
        patent_name: product.patentName,
        botanical_genus: product.botanicalGenus,
        botanical_species: product.botanicalSpecies,
        cultivar: product.cultivar,
        group_id: groupId,
        family_id: familyIds.get(`${groupId}:${product.familySlug}`),
        brand_id: product.brandSlug ? taxonomy.brands.get(product.brandSlug) : null,
        hardiness_zones: product.hardinessZones,
        hardiness_zone_min: product.hardinessZoneMin,
        hardiness_zone_max: product.hardinessZoneMax,
        restricted: product.restricted,
        description: product.description,
        usda_symbol: product.usdaSymbol,
        category_names: product.category,
        synonym_names: product.synonyms.map((synonym) => synonym.name).join(', '),
      };
    }),
    { onConflict: '(path_identifier) do nothing', chunkSize: 2_000 },
  );
  const pathIds = idMap(await queryRows(db, sql`select id, path_identifier as key from products`));
  const productIds = plan.map((product) => pathIds.get(product.pathIdentifier)!);

  await bulkInsert(
    db,
    'product_categories',
    [
      ['product_id', 'bigint'],
      ['category_id', 'bigint'],
      ['position', 'smallint'],
    ],
    plan.map((product, i) => ({
      product_id: productIds[i],
      category_id: taxonomy.categories.get(slugify(product.category)),
      position: 0,
    })),
    { onConflict: 'do nothing' },
  );
  await bulkInsert(
    db,
    'product_advantages',
    [
      ['product_id', 'bigint'],
      ['advantage_id', 'bigint'],
    ],
    plan.flatMap((product, i) =>
      product.advantageSlugs.map((slug) => ({
        product_id: productIds[i],
        advantage_id: taxonomy.advantages.get(slug),
      })),
    ),
    { onConflict: 'do nothing' },
  );
  await bulkInsert(
    db,
    'product_synonyms',
    [
      ['product_id', 'bigint'],
      ['name', 'text'],
      ['kind', 'text'],
      ['usda_symbol', 'text'],
    ],
    plan.flatMap((product, i) =>
      product.synonyms.map((synonym) => ({
        product_id: productIds[i],
        name: synonym.name,
        kind: synonym.kind,
        usda_symbol: synonym.usdaSymbol,
      })),
    ),
    { onConflict: 'do nothing' },
  );
  await bulkInsert(
    db,
    'product_variants',
    [
      ['product_id', 'bigint'],
      ['size', 'text'],
      ['container', 'text'],
      ['standard_container', 'text'],
      ['size_inches', 'numeric'],
      ['size_feet', 'numeric'],
      ['characteristics', 'text[]'],
      ['characteristics_key', 'text'],
      ['unit', 'text'],
      ['position', 'smallint'],
    ],
    plan.flatMap((product, i) =>
      product.variants.map((variant) => ({
        product_id: productIds[i],
        size: variant.size,
        container: variant.container,
        standard_container: variant.standardContainer,
        size_inches: variant.sizeInches,
        size_feet: variant.sizeFeet,
        characteristics: variant.characteristics,
        characteristics_key: variant.characteristicsKey,
        unit: variant.unit,
        position: variant.position,
      })),
    ),
    { onConflict: '(product_id, size) do nothing' },
  );
  const variantKeys = idMap(
    await queryRows(db, sql`select id, product_id || '|' || size as key from product_variants`),
  );
  const variantIds = plan.map((product, i) =>
    product.variants.map((variant) => variantKeys.get(`${productIds[i]}|${variant.size}`)!),
  );
  return { productIds, variantIds };
}

async function ensureBranch(db: Executor, organizationId: number, seed: BranchSeed) {
  const [address] = await db
    .insert(addresses)
    .values({
      organizationId,
      name: seed.name,
      street1: seed.street1,
      city: seed.city,
      state: seed.state,
      postalCode: seed.postalCode,
      phone: seed.phone,
      addressType: 'branch',
    })
    .returning({ id: addresses.id });
  await db
    .insert(branches)
    .values({
      organizationId,
      name: seed.name,
      slug: seed.slug,
      addressId: address.id,
      displayAddress: `${seed.city}, ${seed.state}`,
      latitude: seed.latitude,
      longitude: seed.longitude,
      isPrimary: seed.isPrimary,
      sellsOnline: seed.sellsOnline,
      notices: seed.notices,
      stateCode: seed.state,
      postalCode: seed.postalCode,
    })
    .onConflictDoNothing();
}

/** Creates the supplier companies and branches that are missing; fills the catalogue columns of existing branches. */
async function seedSuppliers(db: Executor, suppliers: readonly SupplierSeed[]) {
  const organizationIds = idMap(await queryRows(db, sql`select id, slug as key from organizations`));
  const branchIds = idMap(await queryRows(db, sql`select id, slug as key from branches`));
  for (const supplier of suppliers) {
    let organizationId = organizationIds.get(supplier.slug);
    if (organizationId === undefined) {
      if (supplier.existing) continue;
      const first = supplier.branches[0];
      const [organization] = await db
        .insert(organizations)
        .values({
          slug: supplier.slug,
          name: supplier.name,
          email: supplier.email,
          invoiceEmail: supplier.email,
          companyType: companyTypes[first.kind],
          companySize: '21-50',
          projectTypes: ['Inventory Stocking'],
          isBuyer: false,
        })
        .returning({ id: organizations.id });
      organizationId = organization.id;
      const [address] = await db
        .insert(addresses)
        .values({
          organizationId,
          name: supplier.name,
          street1: first.street1,
          city: first.city,
          state: first.state,
          postalCode: first.postalCode,
          phone: first.phone,
        })
        .returning({ id: addresses.id });
      await db
        .update(organizations)
        .set({ addressId: address.id })
        .where(eq(organizations.id, organizationId));
    }
    for (const branch of supplier.branches) {
      if (!branchIds.has(branch.slug)) await ensureBranch(db, organizationId, branch);
    }
  }
  // Branches made before these columns existed (the demo supplier's) get them once.
  const updates = suppliers.flatMap((supplier) =>
    supplier.branches.map((branch) => ({
      slug: branch.slug,
      state_code: branch.state,
      postal_code: branch.postalCode,
      notices: branch.notices,
    })),
  );
  await db.execute(sql`
    update branches b set state_code = x.state_code, postal_code = x.postal_code, notices = coalesce(b.notices, x.notices)
      from json_to_recordset(${JSON.stringify(updates)}::json) as x(slug text, state_code text, postal_code text, notices text)
     where b.slug = x.slug and b.state_code is null`);
  return idMap(await queryRows(db, sql`select id, slug as key from branches`));
}

const listingColumns = [
  ['branch_id', 'bigint'],
  ['product_variant_id', 'bigint'],
  ['product_id', 'bigint'],
  ['quantity', 'int'],
  ['ignore_quantity', 'boolean'],
  ['field_status', 'text'],
  ['price_tiers', 'jsonb'],
  ['base_price', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

async function seedListings(
  db: Executor,
  input: {
    products: readonly ProductSeed[];
    branches: readonly BranchSeed[];
    branchIds: Map<string, number>;
    ids: Awaited<ReturnType<typeof seedProducts>>;
    total: number;
    now: Date;
  },
) {
  const stocked = new Set(
    (await queryRows<{ branch_id: number }>(db, sql`select distinct branch_id from availabilities`)).map(
      (row) => Number(row.branch_id),
    ),
  );
  const targets = listingTargets(input.branches, input.products, input.total);
  let buffer: Record<string, unknown>[] = [];
  let inserted = 0;
  const flush = async () => {
    await bulkInsert(db, 'availabilities', listingColumns, buffer, {
      onConflict: '(branch_id, product_variant_id) do nothing',
      chunkSize: 10_000,
    });
    inserted += buffer.length;
    buffer = [];
  };
  const row = (branchId: number, listing: ListingSeed) => ({
    branch_id: branchId,
    product_variant_id: input.ids.variantIds[listing.productIndex][listing.variantIndex],
    product_id: input.ids.productIds[listing.productIndex],
    quantity: listing.quantity,
    ignore_quantity: listing.ignoreQuantity,
    field_status: listing.fieldStatus,
    price_tiers: listing.priceTiers,
    base_price: listing.basePrice,
    created_at: listing.updatedAt.toISOString(),
    updated_at: listing.updatedAt.toISOString(),
  });
  const listed = new Set<number>();
  const seeding = input.branches.filter((branch) => {
    const branchId = input.branchIds.get(branch.slug);
    // A branch that lists anything was seeded before (or is run by a real supplier): leave it alone.
    return branchId !== undefined && !stocked.has(branchId);
  });
  for (const branch of seeding) {
    const branchId = input.branchIds.get(branch.slug)!;
    for (const listing of generateBranchListings(
      branch,
      input.products,
      targets.get(branch.slug) ?? 0,
      input.now,
    )) {
      listed.add(listing.productIndex);
      buffer.push(row(branchId, listing));
    }
    if (buffer.length >= 10_000) await flush();
  }
  if (seeding.length === input.branches.length) {
    for (const [slug, productIndexes] of coverageBranches(input.branches, input.products, listed)) {
      const branch = input.branches.find((candidate) => candidate.slug === slug)!;
      const branchId = input.branchIds.get(slug)!;
      for (const listing of generateCoverageListings(branch, input.products, productIndexes, input.now)) {
        buffer.push(row(branchId, listing));
      }
    }
  }
  if (buffer.length > 0) await flush();
  return inserted;
}

type DiscountSeed = {
  name: string;
  kind: 'purchase' | 'platform' | 'supplier' | 'online';
  operator: 'PERCENTAGE' | 'FLAT_RATE';
  value: number;
  buyer?: string;
  supplier?: string;
  startsDaysAgo?: number;
  endsDaysAgo?: number;
};

const discountSeeds: DiscountSeed[] = [
  {
    name: 'Greenline Landscaping purchase discount at Blue Ridge Growers',
    kind: 'purchase',
    operator: 'PERCENTAGE',
    value: 800,
    buyer: 'greenline-landscaping',
    supplier: 'blue-ridge-growers',
  },
  {
    name: 'Greenline Landscaping purchase discount at Queen City Stone & Soil',
    kind: 'purchase',
    operator: 'PERCENTAGE',
    value: 500,
    buyer: 'greenline-landscaping',
    supplier: 'queen-city-stone-and-soil',
  },
  {
    name: 'Hedgerow Discount on Carolina Tree Farm trees',
    kind: 'platform',
    operator: 'PERCENTAGE',
    value: 500,
    supplier: 'carolina-tree-farm',
    startsDaysAgo: 14,
  },
  {
    name: 'Midlands Nursery Wholesale supplier discount',
    kind: 'supplier',
    operator: 'PERCENTAGE',
    value: 600,
    supplier: 'midlands-nursery-wholesale',
  },
  {
    name: 'Piney Woods Nursery fall sale',
    kind: 'supplier',
    operator: 'PERCENTAGE',
    value: 1_500,
    supplier: 'piney-woods-nursery',
    startsDaysAgo: 60,
    endsDaysAgo: 10,
  },
  {
    name: 'Blue Ridge Growers Online Savings',
    kind: 'online',
    operator: 'PERCENTAGE',
    value: 300,
    supplier: 'blue-ridge-growers',
  },
  {
    name: 'Gulf Coast Nursery Supply Online Savings',
    kind: 'online',
    operator: 'PERCENTAGE',
    value: 300,
    supplier: 'gulf-coast-nursery-supply',
  },
];

async function seedDiscounts(db: Executor, now: Date) {
  const organizationIds = idMap(await queryRows(db, sql`select id, slug as key from organizations`));
  const existing = new Set(
    (await queryRows<{ name: string }>(db, sql`select name from discounts`)).map((row) => row.name),
  );
  const daysAgo = (days: number | undefined) =>
    days === undefined ? null : new Date(now.getTime() - days * 86_400_000);
  for (const seed of discountSeeds) {
    if (existing.has(seed.name)) continue;
    const buyerId = seed.buyer ? organizationIds.get(seed.buyer) : null;
    const supplierId = seed.supplier ? organizationIds.get(seed.supplier) : null;
    if (buyerId === undefined || supplierId === undefined) continue;
    await db.execute(sql`
      insert into discounts (name, kind, operator, value, buyer_organization_id, supplier_organization_id, starts_at, ends_at)
      values (${seed.name}, ${seed.kind}, ${seed.operator}, ${seed.value}, ${buyerId}, ${supplierId},
              ${daysAgo(seed.startsDaysAgo)?.toISOString() ?? null}, ${daysAgo(seed.endsDaysAgo)?.toISOString() ?? null})`);
  }
}

const demoFavoriteBranches = [
  'blue-ridge-growers-hendersonville',
  'queen-city-stone-and-soil-charlotte',
  'carolina-tree-farm-statesville',
  'piedmont-native-nursery-pittsboro',
];

async function seedFavorites(db: Executor) {
  await db.execute(sql`
    insert into favorite_branches (user_id, branch_id)
    select u.id, b.id from users u cross join branches b
     where lower(u.email) = 'buyer@demo.hedgerow.test'
       and b.slug in (select json_array_elements_text(${JSON.stringify(demoFavoriteBranches)}::json))
    on conflict do nothing`);
}

async function isSeeded(db: Executor, products: readonly ProductSeed[], branchSlugs: readonly string[]) {
  const [{ n: productCount }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products
         where path_identifier in (select json_array_elements_text(${JSON.stringify(products.map((p) => p.pathIdentifier))}::json))`,
  );
  const [{ n: stockedBranches }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from branches b
         where b.slug in (select json_array_elements_text(${JSON.stringify(branchSlugs)}::json))
           and exists (select 1 from availabilities a where a.branch_id = b.id)`,
  );
  return productCount === products.length && stockedBranches === branchSlugs.length;
}

export type CatalogSeedOptions = { scale: CatalogScale; now?: Date; log?: (line: string) => void };

/**
 * Seeds the catalogue (taxonomy, products with sizes and synonyms, supplier companies and branches,
 * listings, discounts, the demo buyer's favourite branches) in one transaction. Deterministic, and
 * idempotent: keyed on slugs and path identifiers, it adds only what is missing, and skips at once
 * when everything is there. Call it after the demo accounts exist.
 */
export async function seedCatalog(db: Db, options: CatalogSeedOptions) {
  const log = options.log ?? ((line: string) => console.info(line));
  const now = options.now ?? new Date();
  const scale = catalogScales[options.scale];
  const products = buildProductPlan(loadCatalogSource(), { targetProducts: scale.products });
  const suppliers = buildSupplierPlan(options.scale);
  const branchPlan = suppliers.flatMap((supplier) => supplier.branches);
  if (
    await isSeeded(
      db,
      products,
      branchPlan.map((branch) => branch.slug),
    )
  ) {
    log(`Catalogue (${options.scale}) already seeded: nothing to add`);
    return;
  }
  const listings = await db.transaction(async (tx) => {
    const taxonomy = await seedTaxonomy(tx);
    const ids = await seedProducts(tx, products, taxonomy);
    const branchIds = await seedSuppliers(tx, suppliers);
    const inserted = await seedListings(tx, {
      products,
      branches: branchPlan,
      branchIds,
      ids,
      total: scale.listings,
      now,
    });
    await seedDiscounts(tx, now);
    await seedFavorites(tx);
    return inserted;
  });
  // VACUUM as well as ANALYZE: it folds the new products into the name search's GIN indexes (their
  // pending list is otherwise read by every search until autovacuum comes) and marks the pages visible.
  await db.execute(
    sql`vacuum (analyze) products, product_variants, product_categories, product_advantages, product_synonyms, availabilities`,
  );
  log(
    `Catalogue (${options.scale}): ${products.length.toLocaleString('en-US')} products, ` +
      `${branchPlan.length} branches of ${suppliers.length} suppliers, ${listings.toLocaleString('en-US')} listings added`,
  );
}
