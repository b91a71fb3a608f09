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

type Directory = {
  results: {
    name: string;
    slug: string;
    distance: number | null;
    productCount: number;
    organizationName: string;
  }[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
};

async function supplier(name: string, branch: Parameters<typeof insertBranch>[2] = {}) {
  const organization = await insertOrganization(t.db, { name: `${name} Wholesale`, isBuyer: false });
  return { organization, branch: await insertBranch(t.db, organization.id, { name, ...branch }) };
}

async function signedInBuyer(status: 'approved' | 'no_site_use' = 'approved') {
  const organization = await insertOrganization(t.db, { name: 'Directory Buyer Co' });
  const user = await insertUser(t.db, { organizationId: organization.id, status });
  return { organization, headers: bearer(await tokenFor(t.db, user.id)) };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/suppliers', () => {
  beforeAll(async () => {
    // Charlotte NC is the centre; Greenville SC ~95 mi, Raleigh NC ~130 mi, Atlanta GA ~225 mi.
    await supplier('Radial Charlotte Yard', { latitude: 35.229, longitude: -80.8419, stateCode: 'NC' });
    await supplier('Radial Greenville Yard', { latitude: 34.8472, longitude: -82.406, stateCode: 'SC' });
    await supplier('Radial Raleigh Yard', { latitude: 35.7727, longitude: -78.6324, stateCode: 'NC' });
    await supplier('Radial Atlanta Yard', { latitude: 33.7525, longitude: -84.3888, stateCode: 'GA' });
  });

  it('lists suppliers within 100 miles of a postal code by default, nearest first, with distances', async () => {
    const response = await get('/api/v1/suppliers?query=radial&postalCode=28202');
    expect(response.statusCode).toBe(200);
    const body = response.json<Directory>();
    expect(body.results.map((row) => row.name)).toEqual(['Radial Charlotte Yard', 'Radial Greenville Yard']);
    expect(body.results[0].distance).toBe(0);
    expect(body.results[1].distance).toBeGreaterThan(80);
    expect(body.results[1].distance).toBeLessThan(100);
    expect(body).toMatchObject({ totalCount: 2, currentPage: 1, totalPages: 1 });
  });

  it('widens and narrows with the radius choices, and takes any distance', async () => {
    const names = async (radius: string) =>
      (await get(`/api/v1/suppliers?query=radial&postalCode=28202&radius=${radius}`))
        .json<Directory>()
        .results.map((row) => row.name);
    expect(await names('10')).toEqual(['Radial Charlotte Yard']);
    expect(await names('150')).toEqual([
      'Radial Charlotte Yard',
      'Radial Greenville Yard',
      'Radial Raleigh Yard',
    ]);
    expect(await names('250')).toHaveLength(4);
    expect(await names('any')).toHaveLength(4);
  });

  it('lists by name without a postal code, filtered by words and by state', async () => {
    const all = (await get('/api/v1/suppliers?query=radial')).json<Directory>();
    expect(all.results.map((row) => row.name)).toEqual([
      'Radial Atlanta Yard',
      'Radial Charlotte Yard',
      'Radial Greenville Yard',
      'Radial Raleigh Yard',
    ]);
    expect(all.results.every((row) => row.distance === null)).toBe(true);
    const carolina = (await get('/api/v1/suppliers?query=radial&state=nc')).json<Directory>();
    expect(carolina.results.map((row) => row.name)).toEqual(['Radial Charlotte Yard', 'Radial Raleigh Yard']);
    const byOrganisation = (
      await get('/api/v1/suppliers?query=Atlanta%20Yard%20Wholesale')
    ).json<Directory>();
    expect(byOrganisation.results.map((row) => row.organizationName)).toEqual([
      'Radial Atlanta Yard Wholesale',
    ]);
  });

  it('pages the directory', async () => {
    const body = (await get('/api/v1/suppliers?query=radial&perPage=3&page=2')).json<Directory>();
    expect(body).toMatchObject({ totalCount: 4, currentPage: 2, totalPages: 2 });
    expect(body.results.map((row) => row.name)).toEqual(['Radial Raleigh Yard']);
  });

  it('counts the distinct products a supplier has in stock', async () => {
    const { branch } = await supplier('Counting Nursery');
    const first = await insertProduct(t.db);
    const second = await insertProduct(t.db);
    const third = await insertProduct(t.db);
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, first.id, { size: '#1' }),
    });
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, first.id, { size: '#3' }),
    });
    await insertAvailability(t.db, { branchId: branch.id, variant: await insertVariant(t.db, second.id) });
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, third.id),
      quantity: 0,
    });
    const body = (await get('/api/v1/suppliers?query=counting%20nursery')).json<Directory>();
    expect(body.results).toMatchObject([{ name: 'Counting Nursery', productCount: 2 }]);
  });

  it('refuses a radius that is not a choice, a bad state, a bad postal code and a big page', async () => {
    const cases: [string, string][] = [
      ['radius=30&postalCode=28202', 'radius'],
      ['radius=far', 'radius'],
      ['state=ZZ', 'state'],
      ['postalCode=12', 'postalCode'],
      ['perPage=500', 'perPage'],
      ['sort=size|asc', 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/v1/suppliers?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContain(field);
    }
    const unknown = await get('/api/v1/suppliers?postalCode=00000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { postalCode: 'We could not find that postal code' } });
  });
});

describe('GET /api/v1/suppliers/states and /pins', () => {
  it('counts branches per state with the state names', async () => {
    await supplier('Wyoming One', { stateCode: 'WY', latitude: 41.14, longitude: -104.8 });
    await supplier('Wyoming Two', { stateCode: 'WY' });
    await supplier('Vermont One', { stateCode: 'VT' });
    const response = await get('/api/v1/suppliers/states');
    expect(response.statusCode).toBe(200);
    const states = response.json<{ state: string; name: string; branchCount: number }[]>();
    expect(states).toContainEqual({ state: 'WY', name: 'Wyoming', branchCount: 2 });
    expect(states).toContainEqual({ state: 'VT', name: 'Vermont', branchCount: 1 });
    const names = states.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('gives a pin for every branch with coordinates', async () => {
    const response = await get('/api/v1/suppliers/pins');
    expect(response.statusCode).toBe(200);
    const pins = response.json<{ name: string; latitude: number; longitude: number }[]>();
    expect(pins).toContainEqual(
      expect.objectContaining({ name: 'Wyoming One', latitude: 41.14, longitude: -104.8 }),
    );
    expect(pins.find((pin) => pin.name === 'Wyoming Two')).toBeUndefined();
  });
});

describe('GET /api/v1/branches/:slug/availabilities', () => {
  async function stockedBranch() {
    const { organization, branch } = await supplier(`Stocked ${Math.random().toString(36).slice(2, 7)}`);
    const maple = await insertProduct(t.db, {
      primaryName: "Acer rubrum 'Branchtest'",
      secondaryName: 'Red Maple',
    });
    const holly = await insertProduct(t.db, { primaryName: 'Ilex opaca', secondaryName: 'American Holly' });
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, maple.id, { size: '#3' }),
      priceTiers: [
        { quantityMin: 1, price: 5_000 },
        { quantityMin: 10, price: 4_500 },
      ],
    });
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, holly.id, { size: '#7' }),
      ignoreQuantity: true,
      quantity: 0,
      updatedAt: daysAgo(45),
    });
    await insertAvailability(t.db, {
      branchId: branch.id,
      variant: await insertVariant(t.db, holly.id, { size: '#15' }),
      quantity: 0,
    });
    return { organization, branch };
  }

  it('lists what a branch has in stock by product name, without prices for visitors', async () => {
    const { branch } = await stockedBranch();
    const response = await get(`/api/v1/branches/${branch.slug}/availabilities`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalCount: 2,
      results: [
        {
          product: { primaryName: "Acer rubrum 'Branchtest'", secondaryName: 'Red Maple' },
          branch: { slug: branch.slug },
          size: '#3',
          quantity: 120,
          priceTiers: null,
          price: null,
          stale: false,
        },
        {
          product: { primaryName: 'Ilex opaca' },
          size: '#7',
          ignoreQuantity: true,
          stale: true,
          price: null,
        },
      ],
    });
  });

  it('gives a signed-in buyer the tiers and their discounted price, labelled', async () => {
    const { organization, branch } = await stockedBranch();
    const buyer = await signedInBuyer();
    await insertDiscount(t.db, {
      name: 'Agreed',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 1_000,
      buyerOrganizationId: buyer.organization.id,
      supplierOrganizationId: organization.id,
    });
    const response = await get(`/api/v1/branches/${branch.slug}/availabilities?query=maple`, buyer.headers);
    expect(response.json()).toMatchObject({
      totalCount: 1,
      results: [
        {
          priceTiers: [
            { quantityMin: 1, price: 5_000 },
            { quantityMin: 10, price: 4_500 },
          ],
          price: {
            base: 5_000,
            value: 4_500,
            category: 'Purchase Discount',
            discount: { category: 'Purchase Discount' },
          },
        },
      ],
    });
  });

  it('hides prices from users whose site access is suspended', async () => {
    const { branch } = await stockedBranch();
    const { headers } = await signedInBuyer('no_site_use');
    const body = (await get(`/api/v1/branches/${branch.slug}/availabilities`, headers)).json<{
      results: { price: unknown; priceTiers: unknown }[];
    }>();
    expect(body.results.every((row) => row.price === null && row.priceTiers === null)).toBe(true);
  });

  it('searches within the branch by name and size, and sorts', async () => {
    const { branch } = await stockedBranch();
    const holly = (
      await get(`/api/v1/branches/${branch.slug}/availabilities?query=holly%20%237`)
    ).json<Directory>();
    expect(holly.totalCount).toBe(1);
    const descending = (await get(`/api/v1/branches/${branch.slug}/availabilities?sort=name|desc`)).json<{
      results: { product: { primaryName: string } }[];
    }>();
    expect(descending.results[0].product.primaryName).toBe('Ilex opaca');
  });

  it('answers 404 for an unknown branch and 400 for a bad sort', async () => {
    const missing = await get('/api/v1/branches/no-such-branch/availabilities');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Branch not found' });
    const { branch } = await supplier('Sorting Yard');
    const bad = await get(`/api/v1/branches/${branch.slug}/availabilities?sort=colour|asc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { sort: expect.any(String) } });
  });
});

describe('GET /api/v1/availabilities with a postal code', () => {
  it('gives each listing its branch and the distance from the postal code, nearest first', async () => {
    const near = await supplier('Distance Near', { latitude: 35.229, longitude: -80.8419 });
    const far = await supplier('Distance Far', { latitude: 35.7727, longitude: -78.6324 });
    const product = await insertProduct(t.db);
    const variant = await insertVariant(t.db, product.id);
    await insertAvailability(t.db, {
      branchId: far.branch.id,
      variant,
      priceTiers: [{ quantityMin: 1, price: 100 }],
    });
    await insertAvailability(t.db, { branchId: near.branch.id, variant });
    const response = await get(
      `/api/v1/availabilities?productId=${product.id}&postalCode=28202&sort=distance|asc`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ results: { branch: { name: string }; distance: number }[] }>();
    expect(body.results.map((row) => row.branch.name)).toEqual(['Distance Near', 'Distance Far']);
    expect(body.results[0].distance).toBe(0);
    expect(body.results[1].distance).toBeGreaterThan(100);
  });
});
