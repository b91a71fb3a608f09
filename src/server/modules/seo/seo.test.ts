import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { insertBranch, insertOrganization } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { brands } from '../catalog/catalog.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /robots.txt', () => {
  it('answers crawling rules naming the sitemap, not the web app', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toMatch(/^Sitemap: http.*\/sitemap\.xml\.gz$/m);
  });
});

describe('GET /sitemap.xml.gz', () => {
  it('lists public product, supplier, brand and state pages, without restricted products', async () => {
    const db = t.database.db;
    const organization = await insertOrganization(db, { slug: 'sitemap-nursery' });
    const branch = await insertBranch(db, organization.id, { slug: 'sitemap-branch', stateCode: 'OR' });
    const [brand] = await db
      .insert(brands)
      .values({ name: 'Sitemap Brand', slug: 'sitemap-brand' })
      .returning();
    const open = await insertProduct(db, { pathIdentifier: 'open-maple', brandId: brand.id });
    await insertAvailability(db, { branchId: branch.id, variant: await insertVariant(db, open.id) });
    await insertProduct(db, { pathIdentifier: 'secret-maple', restricted: true });

    const response = await t.app.inject({ url: '/sitemap.xml.gz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    const xml = gunzipSync(response.rawPayload).toString('utf8');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    for (const page of [
      '/products/open-maple',
      '/suppliers/sitemap-branch',
      '/brands/sitemap-brand',
      '/brands/sitemap-nursery/sitemap-brand',
      '/suppliers/states/OR',
      '/how-it-works',
    ]) {
      expect(xml).toContain(`${page}</loc>`);
    }
    expect(xml).not.toContain('secret-maple');
  });
});

describe('compression', () => {
  it('sends answers over 1 KB with brotli or gzip as the caller accepts, and small ones as they are', async () => {
    const big = { url: '/api/docs/json' };
    const brotli = await t.app.inject({ ...big, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ ...big, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);
    const plain = await t.app.inject({ ...big, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
