import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAvailability,
  insertDiscount,
  insertProduct,
  insertVariant,
} from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function signedInBuyer(overrides: { status?: 'approved' | 'no_site_use' } = {}) {
  const organization = await insertOrganization(t.db, { name: 'Greenline Test' });
  const user = await insertUser(t.db, { organizationId: organization.id, ...overrides });
  return { organization, user, headers: bearer(await tokenFor(t.db, user.id)) };
}

async function supplierWithBranch(branchOverrides: Parameters<typeof insertBranch>[2] = {}) {
  const organization = await insertOrganization(t.db, { isBuyer: false });
  const branch = await insertBranch(t.db, organization.id, branchOverrides);
  return { organization, branch };
}

describe('GET /api/v1/products/:idOrPathIdentifier', () => {
  it('describes a product by path identifier with categories, sizes, synonyms and stock', async () => {
    const product = await insertProduct(t.db, {
      pathIdentifier: 'hylotelephium-spectabile-test',
      primaryName: 'Hylotelephium spectabile',
      secondaryName: 'Showy Stonecrop',
      withCategories: ['Perennial', 'Groundcover'],
      withSynonyms: ['Sedum spectabile'],
    });
    const quart = await insertVariant(t.db, product.id, { size: 'quart', position: 0 });
    await insertVariant(t.db, product.id, { size: '#1', position: 1 });
    const { branch } = await supplierWithBranch();
    await insertAvailability(t.db, { branchId: branch.id, variant: quart, quantity: 40 });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/hylotelephium-spectabile-test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: product.id,
      primaryName: 'Hylotelephium spectabile',
      secondaryName: 'Showy Stonecrop',
      categoryNames: 'Perennial, Groundcover',
      categories: [{ name: 'Perennial' }, { name: 'Groundcover' }],
      synonyms: [{ name: 'Sedum spectabile', kind: 'synonym' }],
      variants: [
        { size: 'Quart', container: 'Quart', standardContainer: 'Pot', characteristics: ['Pot'] },
        { size: '#1', container: '#1', standardContainer: 'Container' },
      ],
      availabilityCharacteristicNames: 'Pot, Container',
      productImages: [],
      brand: null,
      totalSuppliers: 1,
      totalAvailable: 40,
      stockState: 'Limited Supply',
    });
  });

  it('finds a product by its numeric id', async () => {
    const product = await insertProduct(t.db);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pathIdentifier: product.pathIdentifier,
      stockState: 'Currently Out of Stock',
    });
  });

  it('answers 404 for an unknown product', async () => {
    for (const key of ['no-such-plant', '999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: 'Product not found' });
    }
  });
});

describe('GET /api/v1/availabilities', () => {
  it('hides prices from anonymous visitors', async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id, { size: '2.5in cal B&B' });
    const { branch } = await supplierWithBranch();
    const listing = await insertAvailability(t.db, {
      branchId: branch.id,
      variant,
      fieldStatus: 'Dig to Order',
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalCount: 1,
      results: [
        {
          id: listing.id,
          branchId: branch.id,
          productVariantId: variant.id,
          size: '2.5" cal B&B',
          quantity: 120,
          ignoreQuantity: false,
          fieldStatus: 'Dig to Order',
          priceTiers: null,
          price: null,
          stale: false,
        },
      ],
    });
  });

  it('gives a signed-in buyer the tiers and their standard price for one unit', async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    const { branch } = await supplierWithBranch();
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant,
      priceTiers: [
        { quantityMin: 25, price: 2_600 },
        { quantityMin: 1, price: 2_900 },
      ],
    });
    const { headers } = await signedInBuyer();

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}`,
      headers,
    });
    expect(response.json().results[0]).toMatchObject({
      priceTiers: [
        { quantityMin: 1, price: 2_900 },
        { quantityMin: 25, price: 2_600 },
      ],
      price: {
        base: 2_900,
        value: 2_900,
        category: 'Standard Pricing',
        pricingType: 'STANDARD_PRICING',
        discount: null,
      },
    });
  });

  it("applies the buyer's purchase discount at that supplier, labelled, and only there", async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    const discounted = await supplierWithBranch();
    const other = await supplierWithBranch();
    await insertAvailability(t.db, {
      branchId: discounted.branch.id,
      variant,
      priceTiers: [{ quantityMin: 1, price: 10_000 }],
    });
    await insertAvailability(t.db, {
      branchId: other.branch.id,
      variant,
      priceTiers: [{ quantityMin: 1, price: 10_500 }],
    });
    const buyer = await signedInBuyer();
    await insertDiscount(t.db, {
      name: 'EVD',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 800,
      buyerOrganizationId: buyer.organization.id,
      supplierOrganizationId: discounted.organization.id,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}`,
      headers: buyer.headers,
    });
    const byBranch = new Map(response.json().results.map((row: { branchId: number }) => [row.branchId, row]));
    expect(byBranch.get(discounted.branch.id)).toMatchObject({
      price: {
        base: 10_000,
        value: 9_200,
        category: 'Purchase Discount',
        pricingType: 'EVD',
        discount: { operator: 'PERCENTAGE', value: 800, category: 'Purchase Discount' },
      },
    });
    expect(byBranch.get(other.branch.id)).toMatchObject({
      price: { value: 10_500, category: 'Standard Pricing' },
    });

    // Another buyer does not get it.
    const stranger = await signedInBuyer();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}&branchIds[]=${discounted.branch.id}`,
      headers: stranger.headers,
    });
    expect(theirs.json().results[0].price).toMatchObject({ value: 10_000, category: 'Standard Pricing' });
  });

  it('takes the best single discount, skips expired ones and gives Online Savings only where the branch sells online', async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    const organization = await insertOrganization(t.db, { isBuyer: false });
    const online = await insertBranch(t.db, organization.id, { sellsOnline: true });
    const offline = await insertBranch(t.db, organization.id, { sellsOnline: false });
    await insertAvailability(t.db, {
      branchId: online.id,
      variant,
      priceTiers: [{ quantityMin: 1, price: 2_000 }],
    });
    await insertAvailability(t.db, {
      branchId: offline.id,
      variant,
      priceTiers: [{ quantityMin: 1, price: 2_000 }],
    });
    const buyer = await signedInBuyer();
    const base = { supplierOrganizationId: organization.id, operator: 'PERCENTAGE' } as const;
    await insertDiscount(t.db, { ...base, name: 'Online', kind: 'online', value: 1_000 });
    await insertDiscount(t.db, { ...base, name: 'Platform', kind: 'platform', value: 500 });
    await insertDiscount(t.db, {
      ...base,
      name: 'Old sale',
      kind: 'supplier',
      value: 5_000,
      endsAt: daysAgo(1),
    });
    await insertDiscount(t.db, {
      ...base,
      name: 'Future sale',
      kind: 'supplier',
      value: 4_000,
      startsAt: daysAgo(-3),
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}`,
      headers: buyer.headers,
    });
    const byBranch = new Map(response.json().results.map((row: { branchId: number }) => [row.branchId, row]));
    expect(byBranch.get(online.id)).toMatchObject({ price: { value: 1_800, category: 'Online Savings' } });
    expect(byBranch.get(offline.id)).toMatchObject({
      price: { value: 1_900, category: 'Hedgerow Discount', pricingType: 'PLATFORM_DISCOUNT' },
    });
  });

  it('hides the prices of restricted products from buyers but not from their own supplier', async () => {
    const product = await insertProduct(t.db, { restricted: true });
    const variant = await insertVariant(t.db, product.id);
    const supplier = await supplierWithBranch();
    await insertAvailability(t.db, { branchId: supplier.branch.id, variant });
    const buyer = await signedInBuyer();
    const supplierUser = await insertUser(t.db, { organizationId: supplier.organization.id });
    const url = `/api/v1/availabilities?productId=${product.id}`;

    const asBuyer = await t.app.inject({ method: 'GET', url, headers: buyer.headers });
    expect(asBuyer.json().results[0]).toMatchObject({ price: null, priceTiers: null, quantity: 120 });
    const asSupplier = await t.app.inject({
      method: 'GET',
      url,
      headers: bearer(await tokenFor(t.db, supplierUser.id)),
    });
    expect(asSupplier.json().results[0].price).toMatchObject({ base: 3_000 });
  });

  it('hides prices from users whose site access is suspended', async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    const { branch } = await supplierWithBranch();
    await insertAvailability(t.db, { branchId: branch.id, variant });
    const { headers } = await signedInBuyer({ status: 'no_site_use' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}`,
      headers,
    });
    expect(response.json().results[0].price).toBeNull();
  });

  it('filters by branches and availability, and flags stale listings', async () => {
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    const a = await supplierWithBranch();
    const b = await supplierWithBranch();
    const c = await supplierWithBranch();
    await insertAvailability(t.db, { branchId: a.branch.id, variant, quantity: 0 });
    await insertAvailability(t.db, {
      branchId: b.branch.id,
      variant,
      quantity: 0,
      ignoreQuantity: true,
      updatedAt: daysAgo(40),
    });
    await insertAvailability(t.db, { branchId: c.branch.id, variant, quantity: 8 });

    const available = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${product.id}&available=true&sort=quantity|desc`,
    });
    expect(available.json().results.map((row: { branchId: number }) => row.branchId)).toEqual([
      b.branch.id,
      c.branch.id,
    ]);
    expect(available.json().results[0]).toMatchObject({ ignoreQuantity: true, stale: true });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?branchIds[]=${a.branch.id}`,
    });
    expect(one.json()).toMatchObject({
      totalCount: 1,
      results: [{ branchId: a.branch.id, quantity: 0, available: false }],
    });
  });

  it('refuses a list without a product or branches, and a page over 100', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/availabilities' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fields: { productId: 'Choose a product or at least one branch' } });
    const big = await t.app.inject({ method: 'GET', url: '/api/v1/availabilities?productId=1&perPage=101' });
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toMatchObject({ perPage: 'perPage must be 100 or less' });
  });

  it('answers 404 for an unknown product', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/availabilities?productId=987654321' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/v1/branches', () => {
  // Charlotte NC (28202) and branches about 11, 44 and 130 miles away.
  let near: { id: number; slug: string };
  let mid: { id: number; slug: string };
  let far: { id: number; slug: string };
  beforeAll(async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    far = await insertBranch(t.db, organization.id, {
      slug: 'radius-raleigh',
      latitude: 35.7727,
      longitude: -78.6324,
    });
    near = await insertBranch(t.db, organization.id, {
      slug: 'radius-matthews',
      latitude: 35.1149,
      longitude: -80.705,
    });
    mid = await insertBranch(t.db, organization.id, {
      slug: 'radius-statesville',
      latitude: 35.8651,
      longitude: -80.8858,
    });
  });
  const slugsOf = (body: { results: { slug: string }[] }) =>
    body.results.map((row) => row.slug).filter((slug) => slug.startsWith('radius-'));

  it('lists the branches within the radius of a postal code, nearest first, with their distance', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/branches?postalCode=28202&radius=50',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(slugsOf(body)).toEqual(['radius-matthews', 'radius-statesville']);
    const [first, second] = body.results.filter((row: { slug: string }) => row.slug.startsWith('radius-'));
    expect(first.distance).toBeGreaterThan(10);
    expect(first.distance).toBeLessThan(12);
    expect(second.distance).toBeGreaterThan(40);
    expect(second.distance).toBeLessThan(50);
    expect(first).toMatchObject({
      id: near.id,
      name: expect.any(String),
      address: { city: 'Charlotte', postalCode: '28202' },
      latitude: 35.1149,
      longitude: -80.705,
      logo: null,
    });
  });

  it('takes any distance with radius=any and 100 miles by default', async () => {
    const any = await t.app.inject({ method: 'GET', url: '/api/v1/branches?postalCode=28202&radius=any' });
    expect(slugsOf(any.json())).toEqual(['radius-matthews', 'radius-statesville', 'radius-raleigh']);
    const byDefault = await t.app.inject({ method: 'GET', url: '/api/v1/branches?postalCode=28202' });
    expect(slugsOf(byDefault.json())).toEqual(['radius-matthews', 'radius-statesville']);
  });

  it('lists branches by bracketed ids, one or many', async () => {
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/branches?branchIds[]=${mid.id}` });
    expect(one.json()).toMatchObject({
      totalCount: 1,
      results: [{ id: mid.id, slug: 'radius-statesville' }],
    });
    const two = await t.app.inject({
      method: 'GET',
      url: `/api/v1/branches?branchIds[]=${far.id}&branchIds[]=${near.id}`,
    });
    expect(
      two
        .json()
        .results.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([far.id, near.id].sort());
    expect(two.json().results[0]).not.toHaveProperty('distance');
  });

  it('refuses more than 200 ids with the field in error', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `branchIds[]=${i + 1}`).join('&');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/branches?${ids}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_data',
      fields: { 'branchIds[]': 'Limit branchIds to 200 items' },
    });
  });

  it('refuses a malformed or unknown postal code and a bad radius', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/branches?postalCode=12' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toMatchObject({
      postalCode: 'Must be a valid 5 or 9 digit zip code or Canadian postal code',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/branches?postalCode=00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toMatchObject({ postalCode: 'We could not find that postal code' });
    const radius = await t.app.inject({ method: 'GET', url: '/api/v1/branches?postalCode=28202&radius=far' });
    expect(radius.statusCode).toBe(400);
    expect(radius.json().fields).toHaveProperty('radius');
  });

  it('shows one branch by slug, and 404 for an unknown one', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/branches/radius-raleigh' });
    expect(found.json()).toMatchObject({ id: far.id, slug: 'radius-raleigh', sellsOnline: true });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/branches/no-such-branch' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Branch not found' });
  });
});

describe('favourite branches', () => {
  it('asks anonymous callers to sign in', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      payload: { branchId: 1 },
    });
    expect(add.statusCode).toBe(401);
    const remove = await t.app.inject({ method: 'DELETE', url: '/api/v1/favorite_branches/1' });
    expect(remove.statusCode).toBe(401);
  });

  it("adds and removes a branch in the caller's own favourites", async () => {
    const { branch } = await supplierWithBranch();
    const { user, headers } = await signedInBuyer();
    const other = await signedInBuyer();

    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      headers,
      payload: { branchId: branch.id },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({ branchId: branch.id, favoriteBranchIds: [branch.id] });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      headers,
      payload: { branchId: branch.id },
    });
    expect(again.statusCode).toBe(200);

    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });
    expect(current.json()).toMatchObject({ id: user.id, preferredSupplierIds: [branch.id] });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: other.headers,
    });
    expect(theirs.json().preferredSupplierIds).toEqual([]);

    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/favorite_branches/${branch.id}`,
      headers,
    });
    expect(remove.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });
    expect(after.json().preferredSupplierIds).toEqual([]);
  });

  it('answers 404 for an unknown branch and 400 without one', async () => {
    const { headers } = await signedInBuyer();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      headers,
      payload: { branchId: 987654321 },
    });
    expect(add.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/favorite_branches/987654321',
      headers,
    });
    expect(remove.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ branchId: 'Choose a branch' });
  });
});
