import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { brands, productFamilies, productGroups } from '../catalog/catalog.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const suffix = () => Math.random().toString(36).slice(2, 7);

describe('GET /api/v1/supplier_pages/:slug', () => {
  it('shows a visitor the supplier’s branches, what it has in stock by group and family, and its brands', async () => {
    const supplier = await insertOrganization(t.db, { name: 'Sandhill Nursery' });
    const main = await insertBranch(t.db, supplier.id, { name: 'Sandhill Main', isPrimary: true });
    const annex = await insertBranch(t.db, supplier.id, { name: 'Sandhill Annex' });
    const [group] = await t.db
      .insert(productGroups)
      .values({ slug: `trees-${suffix()}`, name: 'Trees', groupType: 'GREEN_GOOD' })
      .returning();
    const [family] = await t.db
      .insert(productFamilies)
      .values({ groupId: group.id, slug: 'acer', name: 'Acer' })
      .returning();
    const [brand] = await t.db
      .insert(brands)
      .values({ slug: `proven-${suffix()}`, name: 'Proven Winners' })
      .returning();
    const maple = await insertProduct(t.db, { groupId: group.id, familyId: family.id, brandId: brand.id });
    const oak = await insertProduct(t.db, { groupId: group.id });
    const gone = await insertProduct(t.db, { groupId: group.id });
    await insertAvailability(t.db, { branchId: main.id, variant: await insertVariant(t.db, maple.id) });
    await insertAvailability(t.db, { branchId: annex.id, variant: await insertVariant(t.db, oak.id) });
    // Out of stock: not counted.
    await insertAvailability(t.db, {
      branchId: annex.id,
      variant: await insertVariant(t.db, gone.id),
      quantity: 0,
    });

    const response = await t.app.inject({ method: 'GET', url: `/api/v1/supplier_pages/${supplier.slug}` });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ id: supplier.id, name: 'Sandhill Nursery', productCount: 2 });
    expect(
      page.branches.map((b: { name: string; productCount: number }) => [b.name, b.productCount]),
    ).toEqual([
      ['Sandhill Main', 1],
      ['Sandhill Annex', 1],
    ]);
    expect(page.groups).toEqual([
      { slug: group.slug, name: 'Trees', groupType: 'GREEN_GOOD', productCount: 2 },
    ]);
    expect(page.families).toEqual([{ name: 'Acer', groupSlug: group.slug, slug: 'acer', productCount: 1 }]);
    expect(page.brands).toEqual([{ slug: brand.slug, name: 'Proven Winners', productCount: 1 }]);
  });

  it('answers 404 for a buyer (no branches) and an unknown slug', async () => {
    const buyer = await insertOrganization(t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/supplier_pages/${buyer.slug}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/supplier_pages/no-such-supplier' })).statusCode,
    ).toBe(404);
  });
});
