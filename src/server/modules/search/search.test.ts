import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductSearchResponse } from '../../../domain/search/search-results';
import { queryRows } from '../../db/client';
import {
  insertAvailability,
  insertDiscount,
  insertProduct,
  insertVariant,
} from '../../test/catalog-factories';
import { eventuallyTimeoutMs } from '../../test/eventually';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import {
  advantages,
  brands,
  productAdvantages,
  productFamilies,
  productGroups,
  products,
} from '../catalog/catalog.tables';
import { SearchTracker, splitQuery } from './search.service';
import { SearchIndex } from './search-index';

/** The tracker writes its batch 250 ms after a search; vi.waitFor's own 1 s left a loaded machine no room. */
const waitForTracking = { timeout: eventuallyTimeoutMs, interval: 50 };

let t: Awaited<ReturnType<typeof createTestApp>>;

// A small marketplace: three branches (A and C of one supplier near Charlotte, B of another in
// Seattle that does not sell online) and nine products with known stock.
const ids: Record<string, number> = {};
const branchIds: Record<string, number> = {};
let buyerHeaders: Record<string, string>;
let buyerUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const nearSupplier = await insertOrganization(db, { name: 'Near Nursery', isBuyer: false });
  const farSupplier = await insertOrganization(db, { name: 'Far Nursery', isBuyer: false });
  const a = await insertBranch(db, nearSupplier.id, {
    latitude: 35.227,
    longitude: -80.843,
    sellsOnline: true,
  });
  const c = await insertBranch(db, nearSupplier.id, { latitude: 35.3, longitude: -80.8, sellsOnline: true });
  const b = await insertBranch(db, farSupplier.id, {
    latitude: 47.606,
    longitude: -122.332,
    sellsOnline: false,
  });
  Object.assign(branchIds, { a: a.id, b: b.id, c: c.id });

  const buyerOrganization = await insertOrganization(db, { name: 'Buyer Landscaping' });
  const buyer = await insertUser(db, { organizationId: buyerOrganization.id });
  buyerUserId = buyer.id;
  buyerHeaders = bearer(await tokenFor(db, buyer.id));
  await insertDiscount(db, {
    name: 'Buyer at Near Nursery',
    kind: 'purchase',
    operator: 'PERCENTAGE',
    value: 1000,
    buyerOrganizationId: buyerOrganization.id,
    supplierOrganizationId: nearSupplier.id,
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/favorite_branches',
    headers: buyerHeaders,
    payload: { branchId: b.id },
  });

  const [brand] = await db.insert(brands).values({ slug: 'belgard', name: 'Belgard' }).returning();
  const [native] = await db.insert(advantages).values({ slug: 'native', name: 'Native' }).returning();

  const tiers = (price: number) => [{ quantityMin: 1, price }];

  const oak = await insertProduct(db, {
    primaryName: 'Quercus rubra',
    secondaryName: 'Northern Red Oak',
    cultivar: null,
    botanicalGenus: 'Quercus',
    botanicalSpecies: 'rubra',
    withCategories: ['Shade Tree'],
  });
  await db.insert(productAdvantages).values({ productId: oak.id, advantageId: native.id });
  const oakBb = await insertVariant(db, oak.id, { size: '2.5" cal B&B' });
  await insertAvailability(db, { branchId: a.id, variant: oakBb, quantity: 40, priceTiers: tiers(30_000) });
  await insertAvailability(db, {
    branchId: b.id,
    variant: oakBb,
    quantity: 0,
    fieldStatus: 'Dig to Order',
    priceTiers: tiers(28_000),
  });

  const october = await insertProduct(db, {
    primaryName: "Acer rubrum 'October Glory'",
    secondaryName: 'October Glory Red Maple',
    cultivar: 'October Glory',
    withCategories: ['Shade Tree'],
  });
  const octoberPot = await insertVariant(db, october.id, { size: '#15' });
  const octoberBb = await insertVariant(db, october.id, { size: '2" cal B&B' });
  await insertAvailability(db, {
    branchId: a.id,
    variant: octoberPot,
    quantity: 10,
    priceTiers: tiers(20_000),
  });
  await insertAvailability(db, {
    branchId: b.id,
    variant: octoberBb,
    quantity: 5,
    fieldStatus: 'Pre-Dug',
    priceTiers: tiers(25_000),
  });

  const redMaple = await insertProduct(db, {
    primaryName: 'Acer rubrum',
    secondaryName: 'Red Maple',
    cultivar: null,
    withCategories: ['Shade Tree'],
  });
  const redMapleVariant = await insertVariant(db, redMaple.id, { size: '#7' });
  await insertAvailability(db, {
    branchId: c.id,
    variant: redMapleVariant,
    quantity: 0,
    ignoreQuantity: true,
    priceTiers: tiers(15_000),
  });

  const limelight = await insertProduct(db, {
    primaryName: "Hydrangea paniculata 'Limelight'",
    secondaryName: 'Limelight Panicle Hydrangea',
    cultivar: 'Limelight',
    withCategories: ['Shrub'],
  });
  const limelight3 = await insertVariant(db, limelight.id, { size: '#3' });
  const limelight5 = await insertVariant(db, limelight.id, { size: '#5' });
  await insertAvailability(db, {
    branchId: a.id,
    variant: limelight3,
    quantity: 200,
    priceTiers: tiers(4_500),
  });
  await insertAvailability(db, {
    branchId: b.id,
    variant: limelight5,
    quantity: 50,
    priceTiers: tiers(6_000),
  });

  const boxwood = await insertProduct(db, {
    primaryName: "Buxus 'Green Velvet'",
    secondaryName: 'Green Velvet Boxwood',
    cultivar: 'Green Velvet',
    withCategories: ['Shrub'],
  });
  const boxwood3 = await insertVariant(db, boxwood.id, { size: '#3' });
  const boxwood1 = await insertVariant(db, boxwood.id, { size: '#1' });
  await insertAvailability(db, {
    branchId: a.id,
    variant: boxwood3,
    quantity: 100,
    priceTiers: tiers(3_500),
  });
  await insertAvailability(db, { branchId: c.id, variant: boxwood1, quantity: 30, priceTiers: tiers(1_200) });

  const stonecrop = await insertProduct(db, {
    primaryName: 'Hylotelephium spectabile',
    secondaryName: 'Showy Stonecrop',
    cultivar: null,
    withCategories: ['Perennial'],
    withSynonyms: ['Sedum spectabile'],
  });
  const stonecropQuart = await insertVariant(db, stonecrop.id, { size: 'quart' });
  await insertAvailability(db, { branchId: a.id, variant: stonecropQuart, quantity: 0 });

  const paulownia = await insertProduct(db, {
    primaryName: 'Paulownia tomentosa',
    secondaryName: 'Princess Tree',
    cultivar: null,
    restricted: true,
  });
  const paulowniaVariant = await insertVariant(db, paulownia.id, { size: '#5' });
  await insertAvailability(db, { branchId: a.id, variant: paulowniaVariant, quantity: 10 });

  const paver = await insertProduct(db, {
    primaryName: 'Holland Stone Paver',
    secondaryName: null,
    cultivar: null,
    brandId: brand.id,
    withCategories: ['Hardscape'],
  });
  const paverVariant = await insertVariant(db, paver.id, { size: 'each' });
  await insertAvailability(db, { branchId: c.id, variant: paverVariant, quantity: 5, fieldStatus: null });

  const dogwood = await insertProduct(db, {
    primaryName: 'Cornus florida',
    secondaryName: 'Flowering Dogwood',
    cultivar: null,
    withCategories: ['Flowering Tree'],
  });
  const dogwoodVariant = await insertVariant(db, dogwood.id, { size: '#5' });
  await insertAvailability(db, { branchId: b.id, variant: dogwoodVariant, quantity: 12 });

  Object.assign(ids, {
    oak: oak.id,
    october: october.id,
    redMaple: redMaple.id,
    limelight: limelight.id,
    boxwood: boxwood.id,
    stonecrop: stonecrop.id,
    paulownia: paulownia.id,
    paver: paver.id,
    dogwood: dogwood.id,
  });
  Object.assign(ids, { brand: brand.id });
});
afterAll(() => t.close());

async function search(query: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/search?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductSearchResponse;
}

const idsOf = (response: ProductSearchResponse) => response.results.map((result) => result.id).sort();
const expectIds = (response: ProductSearchResponse, names: string[]) =>
  expect(idsOf(response)).toEqual(names.map((name) => ids[name]).sort());

describe('relevance', () => {
  it.each([
    ['quercs rubra', 'oak'],
    ['october glory maple', 'october'],
    ['limelite hydrangea', 'limelight'],
    ['boxwood green velvet #3', 'boxwood'],
    ['Sedum spectabile', 'stonecrop'],
    ['red maple', 'redMaple'],
    ['hydrang', 'limelight'],
  ])('%s finds the right product first', async (query, expected) => {
    const response = await search(`query=${encodeURIComponent(query)}`);
    expect(response.results[0]?.id).toBe(ids[expected]);
  });

  it('size words in the query narrow the variants a result counts', async () => {
    const response = await search(`query=${encodeURIComponent('boxwood green velvet #3')}`);
    expect(response.results[0]).toMatchObject({
      totalSuppliers: 1,
      totalAvailable: 100,
      availabilityCharacteristicNames: 'Container',
    });
  });

  it('reads size words out of a query with the size notation parser', () => {
    expect(splitQuery('boxwood green velvet #3')).toEqual({
      text: 'boxwood green velvet',
      size: { container: '#3', standardContainer: 'Container', sizeInches: null, sizeFeet: null },
    });
    expect(splitQuery('red maple 2.5" cal B&B').size).toMatchObject({
      sizeInches: 2.5,
      standardContainer: 'B&B',
    });
    expect(splitQuery('green velvet')).toEqual({ text: 'green velvet', size: null });
  });

  it.each([
    '"',
    '%',
    '_',
    '\\',
    "'; drop table products; --",
    'a:* & !b | (c',
    '桜 さくら',
    'Гортензия',
    '<script>',
  ])('answers the query %s safely', async (query) => {
    const response = await search(`query=${encodeURIComponent(query)}`);
    expect(Array.isArray(response.results)).toBe(true);
    if (query === '%' || query === '_') expect(response.totalCount).toBe(0);
  });
});

describe('filters', () => {
  it.each<[string, string[]]>([
    ['categories[]=Shrub', ['limelight', 'boxwood']],
    ['categories[]=Shrub&categories[]=Perennial', ['limelight', 'boxwood', 'stonecrop']],
    ['advantages[]=Native', ['oak']],
    ['available=true&categories[]=Perennial', []],
    ['quantity=100', ['limelight', 'boxwood', 'redMaple']],
    ['fieldStatus[]=Pre-Dug', ['october']],
    ['standardContainer[]=B%26B', ['oak', 'october']],
    ['container[]=%233', ['limelight', 'boxwood']],
    ['size[]=%237', ['redMaple']],
    ['brand[]=Belgard', ['paver']],
    ['postalCode=98101&radius=50', ['oak', 'october', 'limelight', 'dogwood']],
  ])('%s narrows the results', async (query, expected) => {
    expectIds(await search(`perPage=100&${query}`), expected);
  });

  it('filters by brand id and branch ids', async () => {
    expectIds(await search(`brandId=${ids.brand}`), ['paver']);
    expectIds(await search(`branchIds[]=${branchIds.c}`), ['redMaple', 'boxwood', 'paver']);
  });

  it('counts only the listings of matching variants', async () => {
    const response = await search('standardContainer[]=B%26B&query=october');
    expect(response.results[0]).toMatchObject({
      id: ids.october,
      totalAvailable: 5,
      availabilityCharacteristicNames: 'B&B',
    });
  });

  it('applies the supplier switches only for a signed-in caller who asks for them', async () => {
    const online = 'perPage=100&supplierFilter=true&sellingOnline=true';
    expect(idsOf(await search(online))).toContain(ids.paver);
    expect(idsOf(await search(online, buyerHeaders))).not.toContain(ids.dogwood);
    expectIds(await search('perPage=100&supplierFilter=true&preferredSuppliers=true', buyerHeaders), [
      'oak',
      'october',
      'limelight',
      'dogwood',
    ]);
    const evd = await search('perPage=100&supplierFilter=true&evdSuppliers=true', buyerHeaders);
    expect(idsOf(evd)).not.toContain(ids.dogwood);
    expect(idsOf(evd)).toContain(ids.boxwood);
    expect((await search('supplierFilter=true&activeCart=true', buyerHeaders)).totalCount).toBe(0);
    expect((await search('supplierFilter=false&activeCart=true', buyerHeaders)).totalCount).toBe(9);
  });
});

describe('aggregations', () => {
  it('counts each facet over the filtered products, leaving out its own filter', async () => {
    const { aggregations, totalCount } = await search('categories[]=Shrub');
    expect(totalCount).toBe(2);
    expect(aggregations.categories).toEqual([
      { name: 'Shade Tree', count: 3 },
      { name: 'Shrub', count: 2 },
      { name: 'Flowering Tree', count: 1 },
      { name: 'Hardscape', count: 1 },
      { name: 'Perennial', count: 1 },
    ]);
    expect(aggregations.standardContainer).toEqual([
      {
        name: 'Container',
        count: 2,
        children: [
          { name: '#3', count: 2 },
          { name: '#1', count: 1 },
          { name: '#5', count: 1 },
        ],
      },
    ]);
    expect(aggregations.fieldStatus).toEqual([{ name: 'Ready', count: 2 }]);
    expect(aggregations.availability).toEqual([{ name: 'Available', count: 2 }]);
    expect(aggregations.brand).toEqual([]);
  });

  it('keeps the other container types countable when one is chosen', async () => {
    const { aggregations } = await search('standardContainer[]=B%26B');
    expect(aggregations.standardContainer.map((facet) => facet.name)).toEqual(
      expect.arrayContaining(['B&B', 'Container', 'Pot']),
    );
    expect(aggregations.sizesInches).toEqual([
      { name: '2', count: 1 },
      { name: '2.5', count: 1 },
    ]);
    expect(aggregations.fieldStatus).toEqual([
      { name: 'Dig to Order', count: 1 },
      { name: 'Pre-Dug', count: 1 },
      { name: 'Ready', count: 1 },
    ]);
  });

  it('skips the aggregations for the header dropdown', async () => {
    const response = await search('query=maple&include=results');
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.aggregations.categories).toEqual([]);
    const header = await search('query=maple&pageName=Header%20Search');
    expect(header.aggregations.categories).toEqual([]);
  });
});

describe('prices and stock', () => {
  it('hides prices from anonymous visitors', async () => {
    const [oak] = (await search('query=quercus%20rubra')).results;
    expect(oak).toMatchObject({
      priceMin: null,
      priceMax: null,
      price: null,
      totalSuppliers: 1,
      totalAvailable: 40,
    });
  });

  it("gives a signed-in buyer their own lowest price with the discount's label", async () => {
    const [oak] = (await search('query=quercus%20rubra', buyerHeaders)).results;
    expect(oak).toMatchObject({
      id: ids.oak,
      priceMin: 28_000,
      priceMax: 30_000,
      price: { base: 30_000, value: 27_000, category: 'Purchase Discount' },
      unavailable: false,
      ignoreQuantity: false,
    });
  });

  it('hides prices of restricted products even from signed-in buyers', async () => {
    const [paulownia] = (await search('query=paulownia', buyerHeaders)).results;
    expect(paulownia).toMatchObject({ id: ids.paulownia, restricted: true, price: null, priceMin: null });
  });

  it('marks products without stock unavailable and reports ignored quantities', async () => {
    const [stonecrop] = (await search('query=hylotelephium')).results;
    expect(stonecrop).toMatchObject({ unavailable: true, totalSuppliers: 0, totalAvailable: 0 });
    const [redMaple] = (await search('size[]=%237')).results;
    expect(redMaple).toMatchObject({ ignoreQuantity: true, totalSuppliers: 1, unavailable: false });
  });
});

describe('sorting and paging', () => {
  it('sorts by botanical name by default without a query, and by the chosen name sort', async () => {
    const names = async (query: string) =>
      (await search(`perPage=100&${query}`)).results.map((result) => result.primaryName);
    const ascending = await names('');
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : 1)));
    expect(await names('sort=primary_name|desc')).toEqual([...ascending].reverse());
    const common = (await search('perPage=100&sort=secondary_name|asc')).results.map((r) => r.secondaryName);
    expect(common.at(-1)).toBeNull();
    expect(common[0]).toBe('Flowering Dogwood');
  });

  it('answers an empty page past the end', async () => {
    expect(await search('perPage=2&page=100')).toMatchObject({
      results: [],
      totalCount: 9,
      currentPage: 100,
      totalPages: 5,
    });
  });
});

describe('bad input', () => {
  it.each([
    ['sort=price|asc', 'sort'],
    ['perPage=101', 'perPage'],
    [`query=${'a'.repeat(201)}`, 'query'],
    [Array.from({ length: 201 }, (_, i) => `categories[]=c${i}`).join('&'), 'categories'],
    ['postalCode=ABCDE', 'postalCode'],
    ['quantity=0', 'quantity'],
  ])('%s answers 400 naming the field', async (query, field) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });
});

describe('search tracking', () => {
  const eventsFor = (query: string) =>
    queryRows<{
      event_type: string;
      results_count: number | null;
      page_name: string;
      user_id: number | null;
    }>(
      t.db,
      sql`select event_type, results_count, page_name, user_id::int as user_id from search_events
           where query = ${query} order by id`,
    );

  it('records the search and its result count, and marks that the user has searched', async () => {
    await search('query=tracked%20oak&pageName=Product%20Search', buyerHeaders);
    await vi.waitFor(async () => {
      expect(await eventsFor('tracked oak')).toEqual([
        { event_type: 'MAKE_SEARCH', results_count: null, page_name: 'Product Search', user_id: buyerUserId },
        {
          event_type: 'COMPLETE_SEARCH',
          results_count: 0,
          page_name: 'Product Search',
          user_id: buyerUserId,
        },
      ]);
      const [user] = await queryRows<{ searched: boolean }>(
        t.db,
        sql`select searched_for_products as searched from users where id = ${buyerUserId}`,
      );
      expect(user.searched).toBe(true);
    }, waitForTracking);
  });

  it('records a click, anonymous or not, and validates it', async () => {
    const click = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search_clicks',
      payload: {
        query: 'clicked maple',
        pageName: 'Header Search',
        productId: ids.redMaple,
        resultsCount: 3,
        productData: { primaryName: 'Acer rubrum' },
      },
    });
    expect(click.statusCode).toBe(204);
    await vi.waitFor(async () => {
      expect(await eventsFor('clicked maple')).toEqual([
        { event_type: 'CLICK', results_count: 3, page_name: 'Header Search', user_id: null },
      ]);
    }, waitForTracking);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/search_clicks',
      payload: { productId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('productId');
  });

  it('still answers the search when tracking cannot be written', async () => {
    await t.db.execute(sql`alter table search_events rename to search_events_away`);
    try {
      const response = await search('query=quercus&pageName=Product%20Search');
      expect(response.results[0]?.id).toBe(ids.oak);
      // Let the batched write fail while the table is away.
      await new Promise((resolve) => setTimeout(resolve, 400));
    } finally {
      await t.db.execute(sql`alter table search_events_away rename to search_events`);
    }
  });

  it('logs a failed tracking write at warn and drops it', async () => {
    const warn = vi.fn();
    const tracker = new SearchTracker(t.db, { warn } as never, { delayMs: 1, maxBatch: 10 }, async () => {
      throw new Error('database is away');
    });
    tracker.record(null, [{ eventType: 'MAKE_SEARCH', query: 'x', pageName: null, userId: null }]);
    await expect(tracker.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'search tracking failed');
  });

  it('counts impressions in memory by day and writes each day once per batch', async () => {
    const writes: [string, Map<number, number>][] = [];
    let now = new Date('2025-11-24T23:59:00Z');
    const tracker = new SearchTracker(
      t.db,
      { warn: vi.fn() } as never,
      { delayMs: 60_000, maxBatch: 10, now: () => now },
      async () => {},
      async (_db, day, counts) => {
        writes.push([day, new Map(counts)]);
      },
    );
    tracker.recordImpressions([1, 2]);
    tracker.recordImpressions([1]);
    now = new Date('2025-11-25T00:01:00Z');
    tracker.recordImpressions([2]);
    // Nothing is written while the batch waits: a search only updates the counts.
    expect(writes).toEqual([]);
    await tracker.flush();
    expect(writes).toEqual([
      [
        '2025-11-24',
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ],
      ['2025-11-25', new Map([[2, 1]])],
    ]);
    await tracker.flush();
    expect(writes).toHaveLength(2);
  });
});

describe('product group and family filters', () => {
  it('narrow the results to the group, and within it to the family', async () => {
    const [trees] = await t.db
      .insert(productGroups)
      .values({ slug: 'test-trees', name: 'Trees', groupType: 'GREEN_GOOD' })
      .returning();
    const [acer, quercus] = await t.db
      .insert(productFamilies)
      .values([
        { groupId: trees.id, slug: 'test-acer', name: 'Acer' },
        { groupId: trees.id, slug: 'test-quercus', name: 'Quercus' },
      ])
      .returning();
    const place = (productId: number, familyId: number) =>
      t.db.update(products).set({ groupId: trees.id, familyId }).where(eq(products.id, productId));
    await place(ids.oak, quercus.id);
    await place(ids.october, acer.id);
    await place(ids.redMaple, acer.id);

    expectIds(await search('productGroupSlug=test-trees'), ['oak', 'october', 'redMaple']);
    expectIds(await search('productGroupSlug=test-trees&productFamilySlug=test-acer'), [
      'october',
      'redMaple',
    ]);
    expect((await search('productFamilySlug=no-such-family')).totalCount).toBe(0);
  });
});

describe('the in-memory search index follows the database', () => {
  it('shows new products, stock changes, renames and deletions at the next search', async () => {
    const before = await search('query=ginkgo');
    expect(before.totalCount).toBe(0);
    // Written straight to the database, as another process or a supplier's upload would.
    const ginkgo = await insertProduct(t.db, {
      primaryName: 'Ginkgo biloba',
      secondaryName: 'Maidenhair tree',
      pathIdentifier: 'ginkgo-biloba-index-test',
    });
    const variant = await insertVariant(t.db, ginkgo.id, { size: '#15' });
    const listing = await insertAvailability(t.db, { branchId: branchIds.a, variant, quantity: 12 });
    const [found] = (await search('query=ginkgo')).results;
    expect(found).toMatchObject({ id: ginkgo.id, totalAvailable: 12, totalSuppliers: 1 });

    await queryRows(t.db, sql`update availabilities set quantity = 40 where id = ${listing.id}`);
    expect((await search('query=ginkgo')).results[0]?.totalAvailable).toBe(40);

    // A new platform discount prices the next search.
    const undiscounted = (await search('query=ginkgo', buyerHeaders)).results[0]?.price;
    expect(undiscounted?.category).not.toBe('Hedgerow Discount');
    await insertDiscount(t.db, {
      name: 'Ginkgo week',
      kind: 'platform',
      operator: 'PERCENTAGE',
      value: 5000,
    });
    const discounted = (await search('query=ginkgo', buyerHeaders)).results[0]?.price;
    expect(discounted).toMatchObject({ category: 'Hedgerow Discount' });
    expect(discounted?.value).toBeLessThan(undiscounted?.value ?? 0);

    await t.db
      .update(products)
      .set({ primaryName: 'Ginkgo biloba Autumn Gold' })
      .where(eq(products.id, ginkgo.id));
    expect((await search('query=autumn%20gold')).results[0]?.id).toBe(ginkgo.id);

    await queryRows(t.db, sql`delete from availabilities where product_id = ${ginkgo.id}`);
    await queryRows(t.db, sql`delete from product_variants where product_id = ${ginkgo.id}`);
    await t.db.delete(products).where(eq(products.id, ginkgo.id));
    expect((await search('query=ginkgo')).totalCount).toBe(0);
  });

  it("reloads only the changed branch's listings after a stock change, keeping the other branches'", async () => {
    const ninebark = await insertProduct(t.db, {
      primaryName: 'Physocarpus opulifolius',
      secondaryName: 'Ninebark',
      pathIdentifier: 'physocarpus-index-test',
    });
    const small = await insertVariant(t.db, ninebark.id, { size: '#3' });
    const large = await insertVariant(t.db, ninebark.id, { size: '#7', position: 1 });
    const atA = await insertAvailability(t.db, { branchId: branchIds.a, variant: small, quantity: 5 });
    await insertAvailability(t.db, { branchId: branchIds.c, variant: large, quantity: 7 });
    expect((await search('query=ninebark')).results[0]).toMatchObject({
      totalAvailable: 12,
      totalSuppliers: 2,
    });

    const reloads = vi.spyOn(SearchIndex.prototype, 'applyChanges');
    try {
      // A supplier's upload at branch A: a quantity changes, and a second size is listed there too.
      await queryRows(t.db, sql`update availabilities set quantity = 50 where id = ${atA.id}`);
      await insertAvailability(t.db, { branchId: branchIds.a, variant: large, quantity: 3 });
      expect((await search('query=ninebark')).results[0]?.totalAvailable).toBe(60);
      expect(reloads.mock.calls.flatMap(([, changes]) => changes.productIds)).toEqual([]);
      expect(reloads.mock.calls.flatMap(([, changes]) => changes.listings)).toEqual([
        { productId: ninebark.id, branchId: branchIds.a },
      ]);

      // Replacing branch A's stock removes its listings; branch C's stay.
      await queryRows(
        t.db,
        sql`delete from availabilities where branch_id = ${branchIds.a} and product_id = ${ninebark.id}`,
      );
      expect((await search('query=ninebark')).results[0]?.totalAvailable).toBe(7);
    } finally {
      reloads.mockRestore();
    }
  });

  it('moves its version only once the changed listings are in place, so no answer is kept under the new version with the old stock', async () => {
    const spirea = await insertProduct(t.db, {
      primaryName: 'Spiraea japonica',
      pathIdentifier: 'spiraea-version-test',
    });
    const size = await insertVariant(t.db, spirea.id, { size: '#2' });
    const listing = await insertAvailability(t.db, {
      branchId: branchIds.a,
      variant: size,
      quantity: 0,
    });
    const index = new SearchIndex();
    await index.loadAll(t.db, 1n);
    expect(index.all().find((product) => product.id === spirea.id)?.hasStock).toBe(false);

    await queryRows(t.db, sql`update availabilities set quantity = 40 where id = ${listing?.id}`);
    // The rows arrive only when the gate opens: meanwhile the index must still say it holds version 1
    // (the search answer cache is keyed by that version; it once said 2 while holding the old stock).
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const slowDb = {
      execute: async (query: Parameters<typeof t.db.execute>[0]) => {
        await gate;
        return t.db.execute(query);
      },
    } as unknown as typeof t.db;
    const applying = index.applyChanges(
      slowDb,
      { discounts: false, productIds: [], listings: [{ productId: spirea.id, branchId: branchIds.a }] },
      2n,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(index.version).toBe(1n);
    expect(index.all().find((product) => product.id === spirea.id)?.hasStock).toBe(false);
    openGate();
    await applying;
    expect(index.version).toBe(2n);
    expect(index.all().find((product) => product.id === spirea.id)?.hasStock).toBe(true);
  });
});
