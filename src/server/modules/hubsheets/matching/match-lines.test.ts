import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningKey } from '../../../../domain/hubsheets/matching/learning-key';
import type { MatchLineInput } from '../../../../domain/hubsheets/matching-types';
import type { Database, Db } from '../../../core/database';
import { buildProductPlan } from '../../../db/seed/catalog/product-plan';
import { loadCatalogSource } from '../../../db/seed/catalog/seed-catalog';
import { insertProduct, insertVariant } from '../../../test/catalog-factories';
import { openTestDatabase } from '../../../test/test-app';
import { productGroups, products, productVariants } from '../../catalog/catalog.tables';
import { matchLines } from './match-lines';

let database: Database;
let db: Db;

// The demo catalogue's own plan (trade plants, hard goods, then PLANTS species) cut to 1,200
// products, so the test runs on real names and sizes without seeding a million listings.
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const [plants] = await db
    .insert(productGroups)
    .values({ slug: 'match-plants', name: 'Plants', groupType: 'GREEN_GOOD' })
    .returning();
  const [supplies] = await db
    .insert(productGroups)
    .values({ slug: 'match-supplies', name: 'Landscape Supplies', groupType: 'HARD_GOOD' })
    .returning();
  const plan = buildProductPlan(loadCatalogSource(), { targetProducts: 1200 });
  for (let start = 0; start < plan.length; start += 400) {
    const chunk = plan.slice(start, start + 400);
    const inserted = await db
      .insert(products)
      .values(
        chunk.map((seed) => ({
          pathIdentifier: seed.pathIdentifier,
          primaryName: seed.primaryName,
          secondaryName: seed.secondaryName,
          patentName: seed.patentName,
          botanicalGenus: seed.botanicalGenus,
          botanicalSpecies: seed.botanicalSpecies,
          cultivar: seed.cultivar,
          groupId: seed.source === 'hard_good' ? supplies.id : plants.id,
          hardinessZones: seed.hardinessZones,
          synonymNames: seed.synonyms.map((synonym) => synonym.name).join(', '),
        })),
      )
      .returning({ id: products.id });
    const variants = chunk.flatMap((seed, i) =>
      seed.variants.map((variant) => ({
        productId: inserted[i].id,
        size: variant.size,
        container: variant.container,
        standardContainer: variant.standardContainer,
        sizeInches: variant.sizeInches,
        sizeFeet: variant.sizeFeet,
        characteristics: variant.characteristics,
        characteristicsKey: variant.characteristicsKey,
        unit: variant.unit,
        position: variant.position,
      })),
    );
    await db.insert(productVariants).values(variants);
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const line = (text: string, sizeText: string | null = null, evidence: string[] = []): MatchLineInput => ({
  text,
  sizeText,
  evidence,
});

describe('matchLines', () => {
  it('matches abbreviations, capitals, common names and sizes to the product and size, in input order', async () => {
    const results = await matchLines(db, [
      line('Acer rub. Oct. Glory', '2.5" Cal. B&B'),
      line(`ACER RUB 'OCT GLORY' 2-1/2" CAL B&B`),
      line('Red Maple October Glory', '#15'),
      line('Hydrangea pan. Limelight', 'No. 5'),
      line('Little Lime Hydrangea', '3 gal'),
      line('Dyed black mulch'),
    ]);
    expect(results.map((result) => [result.best?.primaryName, result.best?.size])).toEqual([
      ["Acer rubrum 'October Glory'", '2.5" cal B&B'],
      ["Acer rubrum 'October Glory'", '2.5" cal B&B'],
      ["Acer rubrum 'October Glory'", '#15'],
      ["Hydrangea paniculata 'Limelight'", '#5'],
      ["Hydrangea paniculata 'Jane'", '#3'],
      ['Dyed Black Mulch', 'Black'],
    ]);
    for (const result of results) {
      expect(result.score).toBeGreaterThanOrEqual(75);
      expect(result.score).toBe(result.best?.score);
      expect(result.alternatives.length).toBeLessThanOrEqual(5);
      expect(result.alternatives.map((alternative) => alternative.productId)).not.toContain(
        result.best?.productId,
      );
      for (const [i, alternative] of result.alternatives.entries()) {
        expect(alternative.score).toBeLessThanOrEqual(
          i === 0 ? result.score : result.alternatives[i - 1].score,
        );
      }
    }
    const [first] = results;
    expect(first.best?.productVariantId).toEqual(expect.any(Number));
    expect(first.alternatives.map((alternative) => alternative.primaryName)).toContain('Acer rubrum');
  });

  it('scores the species over its cultivars when the line names only the species', async () => {
    const [result] = await matchLines(db, [line('Acer rubrum', '2" cal')]);
    expect(result.best?.primaryName).toBe('Acer rubrum');
    expect(result.best?.size).toBe('2" cal B&B');
    expect(result.score).toBeGreaterThanOrEqual(75);
  });

  it('scores plants the catalogue does not have as No Match', async () => {
    const results = await matchLines(db, [
      line('Strelitzia nicolai', '#25'),
      line('Ficus lyrata', '#15'),
      line('Fiddle Leaf Fig', '#15'),
      line('Davidia involucrata', '2" cal B&B'),
    ]);
    for (const result of results) expect(result.score).toBeLessThan(25);
  });

  it('answers No Match with no candidates for a line without product text', async () => {
    const results = await matchLines(db, [line('', '#3'), line('   ', null)]);
    expect(results).toEqual([
      { best: null, score: 0, alternatives: [] },
      { best: null, score: 0, alternatives: [] },
    ]);
  });

  it('answers a learned choice at 100 with the alternatives still computed', async () => {
    const [boxwood] = await matchLines(db, [line("Buxus 'Green Velvet'")]);
    const learnedLine = line('Acer rub. Oct. Glory', '2.5" Cal. B&B');
    const learned = new Map([
      [
        learningKey({ text: 'ACER RUB OCT GLORY', sizeText: '2.5" cal b&b' }),
        { productId: boxwood.best?.productId as number, productVariantId: null },
      ],
    ]);
    const [result] = await matchLines(db, [learnedLine], { learned });
    expect(result.score).toBe(100);
    expect(result.best?.primaryName).toBe("Buxus 'Green Velvet'");
    expect(result.best?.productVariantId).toEqual(expect.any(Number));
    expect(result.alternatives[0].primaryName).toBe("Acer rubrum 'October Glory'");
  });

  it('sees a product added to the catalogue on the next call, also inside a transaction', async () => {
    const before = await matchLines(db, [line('Zelkovia testiana Hedgerow Gold')]);
    expect(before[0].score).toBeLessThan(25);
    const product = await insertProduct(db, {
      primaryName: "Zelkovia testiana 'Hedgerow Gold'",
      secondaryName: 'Hedgerow Gold Test Tree',
      botanicalGenus: 'Zelkovia',
      botanicalSpecies: 'testiana',
      cultivar: 'Hedgerow Gold',
    });
    await insertVariant(db, product.id, { size: '#7' });
    const after = await db.transaction((tx) =>
      matchLines(tx, [line('Zelkovia testiana Hedgerow Gold', '7 gal')]),
    );
    expect(after[0].best?.productId).toBe(product.id);
    expect(after[0].best?.size).toBe('#7');
    expect(after[0].score).toBe(100);
  });
});
