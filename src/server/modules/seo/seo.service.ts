import { gzipSync } from 'node:zlib';
import type { Executor } from '../../core/database';
import { listSitemapPaths } from '../../read-models/sitemap';

/** robots.txt: the whole public site may be crawled; signed-in areas and the API may not. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /quotes',
    'Disallow: /orders',
    'Disallow: /hubsheets',
    'Disallow: /users/edit',
    '',
    `Sitemap: ${appUrl}/sitemap.xml.gz`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const segment = encodeURIComponent;

/** The public pages (sitemaps.org format), static pages first, then products, suppliers, brands, states. */
export async function sitemapXml(db: Executor, appUrl: string): Promise<string> {
  const found = await listSitemapPaths(db);
  const pagePaths = [
    '/',
    '/search',
    '/suppliers',
    '/suppliers/map',
    '/suppliers/states',
    '/brands',
    '/about',
    '/how-it-works',
    '/faqs',
    '/help',
    '/contact',
    '/sitemap',
    ...found.products.map((id) => `/products/${segment(id)}`),
    ...found.branches.map((slug) => `/suppliers/${segment(slug)}`),
    ...found.brands.map((slug) => `/brands/${segment(slug)}`),
    ...found.supplierBrands.map(
      (pair) => `/brands/${segment(pair.organizationSlug)}/${segment(pair.brandSlug)}`,
    ),
    ...found.states.map((state) => `/suppliers/states/${segment(state)}`),
  ];
  // One file holds at most 50,000 addresses (sitemaps.org); a larger catalogue would need an index.
  const urls = pagePaths.slice(0, 50_000).map((p) => `  <url><loc>${escapeXml(appUrl + p)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap gzipped, as /sitemap.xml.gz is served. */
export async function sitemapGz(db: Executor, appUrl: string): Promise<Buffer> {
  return gzipSync(await sitemapXml(db, appUrl));
}
