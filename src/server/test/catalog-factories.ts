import { normalizePriceTiers, type PriceTier } from '../../domain/catalog/pricing';
import { characteristicsKey, parseSizeNotation } from '../../domain/catalog/size-notation';
import type { Executor } from '../core/database';
import { refreshProductSearchColumns } from '../modules/catalog/catalog.repository';
import {
  availabilities,
  categories,
  discounts,
  productCategories,
  productSynonyms,
  products,
  productVariants,
} from '../modules/catalog/catalog.tables';

let sequence = 0;
const next = () => ++sequence;
const suffix = () => Math.random().toString(36).slice(2, 7);

/** A plant product; `withCategories` and `withSynonyms` link categories and synonyms by name too. */
export async function insertProduct(
  db: Executor,
  overrides: Partial<typeof products.$inferInsert> & {
    withCategories?: string[];
    withSynonyms?: string[];
  } = {},
) {
  const n = next();
  const { withCategories: categoryNames = [], withSynonyms: synonyms = [], ...values } = overrides;
  const [product] = await db
    .insert(products)
    .values({
      pathIdentifier: `test-plant-${n}-${suffix()}`,
      primaryName: `Acer testum 'Number ${n}'`,
      secondaryName: `Test Maple ${n}`,
      botanicalGenus: 'Acer',
      botanicalSpecies: 'testum',
      cultivar: `Number ${n}`,
      hardinessZones: '4-8',
      hardinessZoneMin: 4,
      hardinessZoneMax: 8,
      description: 'A test plant.',
      ...values,
    })
    .returning();
  for (const [position, name] of categoryNames.entries()) {
    const category = await ensureCategory(db, name);
    await db.insert(productCategories).values({ productId: product.id, categoryId: category.id, position });
  }
  for (const name of synonyms) await db.insert(productSynonyms).values({ productId: product.id, name });
  if (categoryNames.length > 0 || synonyms.length > 0) await refreshProductSearchColumns(db, [product.id]);
  return product;
}

async function ensureCategory(db: Executor, name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [created] = await db.insert(categories).values({ slug, name }).onConflictDoNothing().returning();
  if (created) return created;
  const found = await db.select().from(categories);
  return found.find((category) => category.slug === slug)!;
}

/** A size of a product, its facets read from the size as written ('#3', '2.5" cal B&B', …). */
export async function insertVariant(
  db: Executor,
  productId: number,
  overrides: Partial<typeof productVariants.$inferInsert> & { size?: string } = {},
) {
  const { size = '#3', ...rest } = overrides;
  const parsed = parseSizeNotation(size);
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId,
      size: parsed.label,
      container: parsed.container,
      standardContainer: parsed.standardContainer,
      sizeInches: parsed.sizeInches,
      sizeFeet: parsed.sizeFeet,
      characteristics: parsed.characteristics,
      characteristicsKey: characteristicsKey(parsed.characteristics),
      ...rest,
    })
    .returning();
  return variant;
}

/** A branch's listing of a variant; base_price follows the first tier. */
export async function insertAvailability(
  db: Executor,
  values: { branchId: number; variant: { id: number; productId: number } } & Partial<
    typeof availabilities.$inferInsert
  >,
) {
  const { branchId, variant, priceTiers, ...overrides } = values;
  const tiers: PriceTier[] = normalizePriceTiers(
    priceTiers ?? [
      { quantityMin: 1, price: 3_000 },
      { quantityMin: 10, price: 2_800 },
    ],
  );
  const [row] = await db
    .insert(availabilities)
    .values({
      branchId,
      productVariantId: variant.id,
      productId: variant.productId,
      quantity: 120,
      fieldStatus: 'Ready',
      priceTiers: tiers,
      basePrice: tiers[0]?.price ?? null,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertDiscount(db: Executor, values: typeof discounts.$inferInsert) {
  const [row] = await db.insert(discounts).values(values).returning();
  return row;
}
