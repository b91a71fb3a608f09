import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageOrderMessages,
  unknownAdvantageMessage,
  variantMessages,
} from '../../../domain/catalog/admin-products';
import { submittedOrder } from '../../test/cart-factories';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { eventually } from '../../test/eventually';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import {
  advantages,
  availabilities,
  brands,
  categories,
  productCategories,
  productFamilies,
  productGroups,
  products,
} from './catalog.tables';
import { productImages } from './product-images.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let supportToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
  const support = await insertUser(t.db, { roles: ['support'] });
  supportToken = await tokenFor(t.db, support.id);
});
afterAll(() => t?.close());

const asAdmin = (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(adminToken) } });
const asSupport = (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(supportToken) } });

/** Searches until the answer satisfies `found` (search follows writes at its next refresh). */
async function searchUntil(url: string, found: (body: { results: Record<string, unknown>[] }) => boolean) {
  return eventually(async () => found((await asAdmin({ method: 'GET', url })).json()), 100);
}

let photoSequence = 0;
/** A photo row of a product (these tests never read its file). */
async function insertPhoto(productId: number, values: { public?: boolean; position?: number } = {}) {
  photoSequence += 1;
  const [row] = await t.db
    .insert(productImages)
    .values({
      productId,
      storageKey: `product-images/test-${photoSequence}-${productId}.png`,
      contentType: 'image/png',
      byteSize: 10,
      originalFilename: `photo-${photoSequence}.png`,
      pictureTakenOn: '2025-11-01',
      public: values.public ?? true,
      position: values.position ?? photoSequence,
    })
    .returning();
  return row;
}

describe('Beehive catalogue', () => {
  it('lists products by name with filters for missing image and no listings', async () => {
    const listedProduct = await insertProduct(t.db, {
      primaryName: 'Quercusia listedia',
      imageUrl: 'https://img.example/q.jpg',
    });
    await insertProduct(t.db, { primaryName: 'Quercusia unlistedia' });
    const variant = await insertVariant(t.db, listedProduct.id, { size: '#3' });
    const organization = await insertOrganization(t.db);
    const branch = await insertBranch(t.db, organization.id);
    await insertAvailability(t.db, { branchId: branch.id, variant });

    const all = (await asAdmin({ method: 'GET', url: '/api/internal/products?query=quercusia' })).json();
    expect(all.results.map((p: { primaryName: string }) => p.primaryName)).toEqual([
      'Quercusia listedia',
      'Quercusia unlistedia',
    ]);
    expect(all.results[0]).toMatchObject({ listingCount: 1, variantCount: 1, hasImage: true });
    const unlisted = (
      await asAdmin({ method: 'GET', url: '/api/internal/products?query=quercusia&noListings=true' })
    ).json();
    expect(unlisted.results.map((p: { primaryName: string }) => p.primaryName)).toEqual([
      'Quercusia unlistedia',
    ]);
    const noImage = (
      await asAdmin({ method: 'GET', url: '/api/internal/products?query=quercusia&missingImage=true' })
    ).json();
    expect(noImage.totalCount).toBe(1);
  });

  it('filters by group and family, category and brand, and offers the category and brand choices', async () => {
    const [group] = await t.db
      .insert(productGroups)
      .values({ slug: 'filter-trees', name: 'Filter Trees', groupType: 'GREEN_GOOD' })
      .returning();
    const [family] = await t.db
      .insert(productFamilies)
      .values({ groupId: group.id, slug: 'filter-oaks', name: 'Filter Oaks' })
      .returning();
    const [category] = await t.db
      .insert(categories)
      .values({ slug: 'filter-shade', name: 'Filter Shade' })
      .returning();
    const [brand] = await t.db
      .insert(brands)
      .values({ slug: 'filter-brand', name: 'Filter Brand' })
      .returning();
    const oak = await insertProduct(t.db, {
      primaryName: 'Filtera oak',
      groupId: group.id,
      familyId: family.id,
    });
    const other = await insertProduct(t.db, {
      primaryName: 'Filtera other',
      groupId: group.id,
      brandId: brand.id,
    });
    await insertProduct(t.db, { primaryName: 'Filtera loose' });
    await t.db.insert(productCategories).values({ productId: other.id, categoryId: category.id });
    const names = async (filters: string) =>
      (await asAdmin({ method: 'GET', url: `/api/internal/products?query=filtera&${filters}` }))
        .json()
        .results.map((p: { primaryName: string }) => p.primaryName);

    expect(await names('group=filter-trees')).toEqual(['Filtera oak', 'Filtera other']);
    expect(await names('group=filter-trees&family=filter-oaks')).toEqual([oak.primaryName]);
    expect(await names(`categoryId=${category.id}`)).toEqual([other.primaryName]);
    expect(await names(`brandId=${brand.id}`)).toEqual([other.primaryName]);

    const choices = await asAdmin({ method: 'GET', url: '/api/internal/products/filter_choices' });
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().categories).toContainEqual({ id: category.id, name: 'Filter Shade' });
    expect(choices.json().brands).toContainEqual({ id: brand.id, name: 'Filter Brand' });
    expect(
      (await asSupport({ method: 'GET', url: '/api/internal/products/filter_choices' })).statusCode,
    ).toBe(403);
  });

  it('edits names, synonyms and the restricted flag, and search finds the new name within 2 s', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Zelkova oldnamia' });
    const edited = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: {
        primaryName: 'Zelkova serratissima',
        synonyms: ['Planera acuminatissima'],
        restricted: true,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      primaryName: 'Zelkova serratissima',
      synonyms: ['Planera acuminatissima'],
      restricted: true,
    });
    expect(
      await searchUntil('/api/v1/products/search?query=acuminatissima', (body) =>
        JSON.stringify(body).includes('Zelkova serratissima'),
      ),
    ).toBe(true);
  });

  it('refuses unknown categories, a blank name, and staff without manage_catalog', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Fagus keepnamia' });
    const bad = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { primaryName: ' ', categoryIds: [999999] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('primaryName');
    const unknown = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { categoryIds: [999999] },
    });
    expect(unknown.json().fields).toEqual({ categoryIds: 'Choose categories from the list' });
    const support = await insertUser(t.db, { roles: ['support'] });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { primaryName: 'Hijacked' },
      headers: bearer(await tokenFor(t.db, support.id)),
    });
    expect(refused.statusCode).toBe(403);
    const after = (await asAdmin({ method: 'GET', url: `/api/internal/products/${product.id}` })).json();
    expect(after.primaryName).toBe('Fagus keepnamia');
  });

  it('adds, renames and removes a size, refusing one with listings', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Ostrya sizeditia' });
    const added = await asAdmin({
      method: 'POST',
      url: `/api/internal/products/${product.id}/variants`,
      payload: { size: '#7' },
    });
    expect(added.statusCode).toBe(201);
    const variant = added.json().variants.find((v: { size: string }) => v.size === '#7');
    expect(variant).toMatchObject({ listingCount: 0 });
    const duplicate = await asAdmin({
      method: 'POST',
      url: `/api/internal/products/${product.id}/variants`,
      payload: { size: '#7' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ size: variantMessages.duplicate });
    const renamed = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/product_variants/${variant.id}`,
      payload: { size: '#15' },
    });
    expect(renamed.json().variants.map((v: { size: string }) => v.size)).toEqual(['#15']);
    const organization = await insertOrganization(t.db);
    const branch = await insertBranch(t.db, organization.id);
    const listing = await insertAvailability(t.db, {
      branchId: branch.id,
      variant: { id: variant.id, productId: product.id },
    });
    const refused = await asAdmin({ method: 'DELETE', url: `/api/internal/product_variants/${variant.id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(variantMessages.inUse);
    await t.db.delete(availabilities).where(eq(availabilities.id, listing.id));
    const removed = await asAdmin({ method: 'DELETE', url: `/api/internal/product_variants/${variant.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().variants).toEqual([]);
    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/internal/product_variants/${variant.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses removing a size that order lines name, even after its listings are gone', async () => {
    const { listing } = await submittedOrder(t.db, t.app);
    await t.db.delete(availabilities).where(eq(availabilities.id, listing.availability.id));
    const refused = await asAdmin({
      method: 'DELETE',
      url: `/api/internal/product_variants/${listing.variant.id}`,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(variantMessages.inUse);
    const after = (
      await asAdmin({ method: 'GET', url: `/api/internal/products/${listing.product.id}` })
    ).json();
    expect(after.variants.map((v: { size: string }) => v.size)).toEqual(['#3']);
  });

  it('chooses the product’s brand from the brands, and the brand page lists it', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Branded paver' });
    const [brand] = await t.db
      .insert(brands)
      .values({ slug: 'paver-brand', name: 'Paver Brand' })
      .returning();
    const edited = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { brandId: brand.id },
    });
    expect(edited.json()).toMatchObject({ brand: { id: brand.id, name: 'Paver Brand' } });
    expect(edited.json().brandChoices).toContainEqual({ id: brand.id, name: 'Paver Brand' });
    expect(
      await searchUntil('/api/v1/products/search?query=branded%20paver', (body) =>
        body.results.some((p) => (p.brand as { name: string } | null)?.name === 'Paver Brand'),
      ),
    ).toBe(true);
    const page = (await t.app.inject({ method: 'GET', url: '/api/v1/brands/paver-brand' })).json();
    expect(page.products.results.map((p: { primaryName: string }) => p.primaryName)).toEqual([
      'Branded paver',
    ]);
    const unknown = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { brandId: 999999 },
    });
    expect(unknown.statusCode).toBe(400);
    const cleared = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { brandId: null },
    });
    expect(cleared.json().brand).toBeNull();
  });

  it('sets the product’s advantages from the list, and search’s advantages filter finds it within 2 s', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Amelanchier advantagia' });
    const [native, deer] = await t.db
      .insert(advantages)
      .values([
        { slug: 'test-native', name: 'Test Native' },
        { slug: 'test-deer-resistant', name: 'Test Deer Resistant' },
      ])
      .returning();
    const before = (await asAdmin({ method: 'GET', url: `/api/internal/products/${product.id}` })).json();
    expect(before.advantageIds).toEqual([]);
    expect(before.advantageChoices).toEqual(
      expect.arrayContaining([
        { id: native.id, name: 'Test Native' },
        { id: deer.id, name: 'Test Deer Resistant' },
      ]),
    );
    const edited = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { advantageIds: [native.id, deer.id] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().advantageIds).toEqual([deer.id, native.id]);
    const names = (body: { results: Record<string, unknown>[] }) =>
      body.results.map((p) => p.primaryName as string);
    expect(
      await searchUntil(
        '/api/v1/products/search?query=advantagia&advantages[]=Test%20Deer%20Resistant',
        (body) => names(body).includes('Amelanchier advantagia'),
      ),
    ).toBe(true);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json();
    expect(page.advantages.map((a: { name: string }) => a.name)).toEqual([
      'Test Deer Resistant',
      'Test Native',
    ]);

    // Taking one away takes it out of the filter too.
    await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { advantageIds: [native.id] },
    });
    expect(
      await searchUntil(
        '/api/v1/products/search?query=advantagia&advantages[]=Test%20Deer%20Resistant',
        (body) => body.results.length === 0,
      ),
    ).toBe(true);

    const unknown = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { advantageIds: [native.id, 999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ advantageIds: unknownAdvantageMessage });
    const malformed = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { advantageIds: ['native'] },
    });
    expect(malformed.statusCode).toBe(400);
    const refused = await asSupport({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { advantageIds: [] },
    });
    expect(refused.statusCode).toBe(403);
    const after = (await asAdmin({ method: 'GET', url: `/api/internal/products/${product.id}` })).json();
    expect(after.advantageIds).toEqual([native.id]);
  });

  it('switches the product’s ignore-quantity default, refusing support staff and a non-boolean', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Crushed stonia' });
    expect(
      (await asAdmin({ method: 'GET', url: `/api/internal/products/${product.id}` })).json()
        .ignoreQuantityDefault,
    ).toBe(false);
    const edited = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { ignoreQuantityDefault: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ ignoreQuantityDefault: true, primaryName: 'Crushed stonia' });
    const bad = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { ignoreQuantityDefault: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('ignoreQuantityDefault');
    const refused = await asSupport({
      method: 'PATCH',
      url: `/api/internal/products/${product.id}`,
      payload: { ignoreQuantityDefault: false },
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.db
      .select({ flag: products.ignoreQuantityDefault })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.flag).toBe(true);
  });

  it('orders the product’s photos; the first becomes its image on tiles', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Cercis orderia' });
    const first = await insertPhoto(product.id, { position: 0 });
    const second = await insertPhoto(product.id, { position: 1 });
    const third = await insertPhoto(product.id, { position: 2 });
    const hidden = await insertPhoto(product.id, { public: false, position: 3 });
    const order = (imageIds: number[], as = asAdmin, id = product.id) =>
      as({ method: 'PUT', url: `/api/internal/products/${id}/image_order`, payload: { imageIds } });

    const reordered = await order([third.id, first.id, second.id]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().results.map((entry: { id: number }) => entry.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/images` });
    expect(listed.json().results.map((entry: { id: number }) => entry.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json();
    expect(page.productImages[0].id).toBe(third.id);
    expect(
      await searchUntil('/api/v1/products/search?query=orderia', (body) =>
        body.results.some(
          (p) =>
            p.primaryName === 'Cercis orderia' && p.imageUrl === `/api/v1/product_images/${third.id}/file`,
        ),
      ),
    ).toBe(true);

    // A photo of another product (or none) is not found; a list that is not the product's photos is refused.
    const elsewhere = await insertPhoto((await insertProduct(t.db)).id);
    const foreign = await order([third.id, first.id, second.id, elsewhere.id]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(imageOrderMessages.notFound);
    expect((await order([third.id, first.id, 999999])).statusCode).toBe(404);
    for (const imageIds of [
      [first.id, second.id],
      [first.id, second.id, third.id, third.id],
      [first.id, second.id, third.id, hidden.id],
    ]) {
      const refused = await order(imageIds);
      expect(refused.statusCode, JSON.stringify(imageIds)).toBe(422);
      expect(refused.json().message).toBe(imageOrderMessages.mismatch);
    }
    expect((await order([])).statusCode).toBe(400);
    expect((await order([first.id, second.id, third.id], asAdmin, 999999)).statusCode).toBe(404);
    expect((await order([first.id, second.id, third.id], asSupport)).statusCode).toBe(403);
    const kept = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/images` });
    expect(kept.json().results.map((entry: { id: number }) => entry.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
  });
});
