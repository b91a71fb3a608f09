import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/catalog-factories';
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
});
