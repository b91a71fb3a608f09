import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandMessages } from '../../../domain/catalog/admin-brands';
import { insertProduct } from '../../test/catalog-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let supportToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id);
  supportToken = await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const asAdmin = (options: InjectOptions) => as(adminToken, options);

describe('Beehive brands', () => {
  it('creates a brand with its organisation, lists it by search and pages, and edits it', async () => {
    const maker = await insertOrganization(t.db, { name: 'Brandmaker Works' });
    const created = await asAdmin({
      method: 'POST',
      url: '/api/internal/brands',
      payload: { name: 'Zephyr Pavers', description: 'Concrete pavers', organizationId: maker.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Zephyr Pavers',
      slug: 'zephyr-pavers',
      description: 'Concrete pavers',
      organization: { id: maker.id, name: 'Brandmaker Works' },
      productCount: 0,
    });
    await asAdmin({ method: 'POST', url: '/api/internal/brands', payload: { name: 'Zephyr Edging' } });

    const page = (
      await asAdmin({ method: 'GET', url: '/api/internal/brands?query=zephyr&perPage=1&page=2' })
    ).json();
    expect(page).toMatchObject({ totalCount: 2, totalPages: 2, currentPage: 2 });
    expect(page.results.map((b: { name: string }) => b.name)).toEqual(['Zephyr Pavers']);

    const id = created.json().id;
    const edited = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/brands/${id}`,
      payload: { name: 'Zephyr Stone', description: '', organizationId: null },
    });
    expect(edited.statusCode).toBe(200);
    // The public page keeps its address after a rename and shows the new name.
    expect(edited.json()).toMatchObject({
      name: 'Zephyr Stone',
      slug: 'zephyr-pavers',
      description: null,
      organization: null,
    });
    const publicPage = await t.app.inject({ method: 'GET', url: '/api/v1/brands/zephyr-pavers' });
    expect(publicPage.json()).toMatchObject({ name: 'Zephyr Stone', description: null });
    expect((await asAdmin({ method: 'GET', url: `/api/internal/brands/${id}` })).json().name).toBe(
      'Zephyr Stone',
    );
  });

  it('refuses a duplicate name (any case) or slug with 409, on create and on rename', async () => {
    await asAdmin({ method: 'POST', url: '/api/internal/brands', payload: { name: 'Quarry Gold' } });
    const other = (
      await asAdmin({ method: 'POST', url: '/api/internal/brands', payload: { name: 'Quarry Silver' } })
    ).json();
    const sameName = await asAdmin({
      method: 'POST',
      url: '/api/internal/brands',
      payload: { name: 'quarry gold' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(brandMessages.duplicate);
    const sameSlug = await asAdmin({
      method: 'POST',
      url: '/api/internal/brands',
      payload: { name: 'Quarry Gold!', slug: 'quarry-gold' },
    });
    expect(sameSlug.statusCode).toBe(409);
    const rename = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/brands/${other.id}`,
      payload: { name: 'Quarry GOLD' },
    });
    expect(rename.statusCode).toBe(409);
    const badSlug = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/brands/${other.id}`,
      payload: { slug: 'Not A Slug' },
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields.slug).toBe(brandMessages.slugInvalid);
  });

  it('uploads a logo resized to PNG, and refuses a file that is not an image', async () => {
    const brand = (
      await asAdmin({ method: 'POST', url: '/api/internal/brands', payload: { name: 'Logo Brand' } })
    ).json();
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336633' } })
      .jpeg()
      .toBuffer();
    const form = multipartForm([
      { field: 'file', filename: 'logo.jpg', data: jpeg, contentType: 'image/jpeg' },
    ]);
    const uploaded = await asAdmin({
      method: 'POST',
      url: `/api/internal/brands/${brand.id}/logo`,
      payload: form.payload,
      headers: { 'content-type': form.contentType },
    });
    expect(uploaded.statusCode).toBe(200);
    const { logoUrl } = uploaded.json();
    const file = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(256);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/brands/logo-brand' })).json().logoUrl).toBe(
      logoUrl,
    );

    const text = multipartForm([
      { field: 'file', filename: 'logo.png', data: 'not an image', contentType: 'image/png' },
    ]);
    const refused = await asAdmin({
      method: 'POST',
      url: `/api/internal/brands/${brand.id}/logo`,
      payload: text.payload,
      headers: { 'content-type': text.contentType },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('counts the brand’s products and answers 404 for an unknown brand', async () => {
    const brand = (
      await asAdmin({ method: 'POST', url: '/api/internal/brands', payload: { name: 'Counted Brand' } })
    ).json();
    await insertProduct(t.db, { brandId: brand.id });
    expect(
      (await asAdmin({ method: 'GET', url: `/api/internal/brands/${brand.id}` })).json().productCount,
    ).toBe(1);
    expect((await asAdmin({ method: 'GET', url: '/api/internal/brands/999999' })).statusCode).toBe(404);
    expect(
      (await asAdmin({ method: 'PATCH', url: '/api/internal/brands/999999', payload: { name: 'Nobody' } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses staff without manage_catalog and people who are not signed in', async () => {
    expect((await as(supportToken, { method: 'GET', url: '/api/internal/brands' })).statusCode).toBe(403);
    expect(
      (await as(supportToken, { method: 'POST', url: '/api/internal/brands', payload: { name: 'Sneaky' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/brands' })).statusCode).toBe(401);
  });
});
