import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { brands } from './catalog.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function insertBrand(name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [brand] = await t.db.insert(brands).values({ slug, name }).returning();
  return brand;
}

describe('brands', () => {
  it('lists brands by name with their product counts, searchable and paged', async () => {
    const stone = await insertBrand('Testline Stone');
    await insertBrand('Testline Edging');
    await insertProduct(t.db, { brandId: stone.id });
    await insertProduct(t.db, { brandId: stone.id });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brands?query=testline' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalCount: 2,
      results: [
        { name: 'Testline Edging', productCount: 0 },
        { name: 'Testline Stone', slug: 'testline-stone', productCount: 2 },
      ],
    });
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/brands?query=testline&perPage=1&page=2',
    });
    expect(paged.json()).toMatchObject({
      totalPages: 2,
      currentPage: 2,
      results: [{ name: 'Testline Stone' }],
    });
  });

  it('shows a brand with a page of its products by name', async () => {
    const brand = await insertBrand('Pagebrand');
    await insertProduct(t.db, {
      brandId: brand.id,
      primaryName: 'Zeta Pavers',
      pathIdentifier: 'zeta-pavers-test',
    });
    await insertProduct(t.db, { brandId: brand.id, primaryName: 'Alpha Edging' });
    await insertProduct(t.db, { brandId: brand.id, primaryName: 'Mid Mulch' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brands/pagebrand?perPage=2&page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Pagebrand',
      productCount: 3,
      products: {
        totalCount: 3,
        totalPages: 2,
        currentPage: 2,
        results: [{ primaryName: 'Zeta Pavers', pathIdentifier: 'zeta-pavers-test', totalSuppliers: 0 }],
      },
    });
  });

  it('answers 404 for an unknown brand and 400 for a bad page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/brands/no-such-brand' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found', message: 'Brand not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/brands?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { page: expect.any(String) } });
  });

  describe('as one supplier carries it', () => {
    /** A brand with three products: two listed by one supplier at two branches, one by another supplier. */
    async function carriedBrand() {
      const brand = await insertBrand(`Carried ${Math.random().toString(36).slice(2, 7)}`);
      const supplier = await insertOrganization(t.db, { name: 'Aardvark Stone Supply' });
      const north = await insertBranch(t.db, supplier.id, { name: 'North Yard' });
      const south = await insertBranch(t.db, supplier.id, { name: 'South Yard' });
      const other = await insertOrganization(t.db, { name: 'Zebra Landscape Depot' });
      const otherBranch = await insertBranch(t.db, other.id);
      const pavers = await insertProduct(t.db, { brandId: brand.id, primaryName: 'Alpha Pavers' });
      const edging = await insertProduct(t.db, { brandId: brand.id, primaryName: 'Beta Edging' });
      const mulch = await insertProduct(t.db, { brandId: brand.id, primaryName: 'Gamma Mulch' });
      const paversPallet = await insertVariant(t.db, pavers.id, { size: '#3' });
      const edgingRoll = await insertVariant(t.db, edging.id, { size: '#3' });
      const mulchBag = await insertVariant(t.db, mulch.id, { size: '#3' });
      await insertAvailability(t.db, { branchId: north.id, variant: paversPallet, quantity: 40 });
      await insertAvailability(t.db, { branchId: south.id, variant: paversPallet, quantity: 25 });
      await insertAvailability(t.db, { branchId: south.id, variant: edgingRoll, quantity: 0 });
      await insertAvailability(t.db, { branchId: otherBranch.id, variant: mulchBag, quantity: 9 });
      return { brand, supplier, other, north, south };
    }

    it('lists on the brand page the suppliers that carry it', async () => {
      const { brand, supplier, other } = await carriedBrand();
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/brands/${brand.slug}` });
      expect(response.json().suppliers).toEqual([
        {
          organizationId: supplier.id,
          slug: supplier.slug,
          name: supplier.name,
          branchCount: 2,
          productCount: 2,
        },
        { organizationId: other.id, slug: other.slug, name: other.name, branchCount: 1, productCount: 1 },
      ]);
    });

    it("shows the supplier's branches and products of the brand with that supplier's stock", async () => {
      const { brand, supplier, north, south } = await carriedBrand();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brands/${supplier.slug}/${brand.slug}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        name: brand.name,
        supplier: { name: 'Aardvark Stone Supply', productCount: 2 },
      });
      expect(
        body.branches.map((branch: { id: number; productCount: number }) => [branch.id, branch.productCount]),
      ).toEqual([
        [north.id, 1],
        [south.id, 2],
      ]);
      expect(body.products).toMatchObject({
        totalCount: 2,
        results: [
          {
            primaryName: 'Alpha Pavers',
            stock: { supplierCount: 2, totalAvailable: 65, ignoreQuantity: false },
          },
          {
            primaryName: 'Beta Edging',
            stock: { supplierCount: 0, totalAvailable: 0, ignoreQuantity: false },
          },
        ],
      });
      const paged = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brands/${supplier.slug}/${brand.slug}?perPage=1&page=2`,
      });
      expect(paged.json().products).toMatchObject({
        totalPages: 2,
        results: [{ primaryName: 'Beta Edging' }],
      });
    });

    it('answers 404 for an unknown supplier, and for a supplier that carries none of the brand', async () => {
      const { brand } = await carriedBrand();
      const stranger = await insertOrganization(t.db);
      for (const url of [
        `/api/v1/brands/no-such-supplier/${brand.slug}`,
        `/api/v1/brands/${stranger.slug}/${brand.slug}`,
        `/api/v1/brands/${stranger.slug}/no-such-brand`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Brand not found' });
      }
    });
  });
});
