import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAds } from './modules/marketing/house-ads.tables';
import type { TestApp } from './test/test-app';

// A built web app of its own (the real build may be missing or another checkout's): webDistDir is
// read from WEB_DIST_DIR when app.ts loads, so the app is imported after setting it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Hedgerow</title></head><body>${' '.repeat(2000)}</body></html>`,
  );
  fs.writeFileSync(
    path.join(dist, 'index.html.gz'),
    gzipSync(fs.readFileSync(path.join(dist, 'index.html'))),
  );
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
  process.env.WEB_DIST_DIR = dist;
  const { createTestApp } = await import('./test/test-app');
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  delete process.env.WEB_DIST_DIR;
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app files', () => {
  it('sends hashed assets cached for a year, precompressed when the browser accepts it', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(200);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html (and every page path) with no-cache, compressed', async () => {
    for (const url of ['/', '/search?query=maple', '/quotes/12/edit']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    }
  });

  it('answers robots.txt itself, not with the web app', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<!doctype html>');
  });

  it("names the search page's first-screen ad images in its HTML: the phone image for phones, the wide one for the rest", async () => {
    await t.database.db.insert(houseAds).values([
      {
        name: 'Above the results',
        zoneId: '21639',
        imageUrl: '/ads/wide.svg',
        phoneImageUrl: '/ads/phone.svg',
        linkUrl: '/how-it-works',
        altText: 'How it works',
      },
      {
        name: 'Below the results, one image',
        zoneId: '21640',
        imageUrl: '/ads/only.svg?a=1&b="2"',
        linkUrl: '/faqs',
        altText: 'FAQs',
      },
    ]);
    const response = await t.app.inject({ url: '/search?query=maple', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    const head = brotliDecompressSync(response.rawPayload).toString().split('</head>')[0];
    expect(head).toContain(
      '<link rel="preload" as="image" href="/ads/phone.svg" media="(max-width: 37.5em)" fetchpriority="high">',
    );
    expect(head).toContain(
      '<link rel="preload" as="image" href="/ads/wide.svg" media="not all and (max-width: 37.5em)" fetchpriority="high">',
    );
    // An ad without a phone image shows its one image everywhere; its address is escaped.
    expect(head).toContain(
      '<link rel="preload" as="image" href="/ads/only.svg?a=1&amp;b=&quot;2&quot;" fetchpriority="high">',
    );
    // Other pages have no ad on their first screen.
    const home = await t.app.inject({ url: '/' });
    expect(home.body).not.toContain('rel="preload"');
  });
});
