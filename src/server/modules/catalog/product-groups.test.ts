import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/catalog-factories';
import { createTestApp } from '../../test/test-app';
import { productFamilies, productGroups } from './catalog.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function insertGroup(values: { slug: string; name: string; groupType: string; position: number }) {
  const [group] = await t.db.insert(productGroups).values(values).returning();
  return group;
}

async function insertFamily(groupId: number, name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [family] = await t.db.insert(productFamilies).values({ groupId, slug, name }).returning();
  return family;
}

describe('product groups', () => {
  it('lists groups by position then name, with their non-empty families by name and product counts', async () => {
    const supplies = await insertGroup({
      slug: 'test-supplies',
      name: 'Test Supplies',
      groupType: 'HARD_GOOD',
      position: 2,
    });
    const trees = await insertGroup({
      slug: 'test-trees',
      name: 'Test Trees',
      groupType: 'GREEN_GOOD',
      position: 1,
    });
    const shrubs = await insertGroup({
      slug: 'test-shrubs',
      name: 'Test Shrubs',
      groupType: 'GREEN_GOOD',
      position: 1,
    });
    const quercus = await insertFamily(trees.id, 'Quercus');
    const acer = await insertFamily(trees.id, 'Acer');
    await insertFamily(trees.id, 'Betula'); // no products: hidden
    const mulch = await insertFamily(supplies.id, 'Mulch');
    await insertFamily(shrubs.id, 'Buxus'); // no products: hidden
    for (const familyId of [quercus.id, acer.id, acer.id, acer.id, mulch.id]) {
      await insertProduct(t.db, { familyId });
    }

    const response = await t.app.inject({ method: 'GET', url: '/api/v1/product_groups' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual({
      results: [
        { slug: 'test-shrubs', name: 'Test Shrubs', groupType: 'GREEN_GOOD', families: [] },
        {
          slug: 'test-trees',
          name: 'Test Trees',
          groupType: 'GREEN_GOOD',
          families: [
            { slug: 'acer', name: 'Acer', productCount: 3 },
            { slug: 'quercus', name: 'Quercus', productCount: 1 },
          ],
        },
        {
          slug: 'test-supplies',
          name: 'Test Supplies',
          groupType: 'HARD_GOOD',
          families: [{ slug: 'mulch', name: 'Mulch', productCount: 1 }],
        },
      ],
    });
  });

  it('needs no sign-in and ignores a stale token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/product_groups',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(200);
  });
});
