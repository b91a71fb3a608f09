// Full-page screenshots of every page of the route catalogue (e2e/support/route-catalogue.ts) at
// 390 and 1280 px, each as the user who would open it, for people to look at. Against a running app:
//   npx tsx e2e/support/route-shots.ts [--base http://localhost:4103] [--out screenshots/routes] [--only /orders,/quotes] [--widths 390]
// It also prints, per shot, anything wider than the window and every box that scrolls sideways.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { demoToken, routeCatalogue, type Viewer } from './route-catalogue';

function option(name: string, fallback: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const baseURL = option('base', process.env.BASE_URL ?? 'http://localhost:4103');
const outDir = path.resolve(option('out', 'screenshots/routes'));
const only = option('only', '').split(',').filter(Boolean);
const widths = [
  { label: '390', viewport: { width: 390, height: 844 } },
  { label: '1280', viewport: { width: 1280, height: 900 } },
].filter(({ label }) => option('widths', '390,1280').split(',').includes(label));

/** A file name from the viewer and the path: `buyer-orders-12-390.png`. */
const fileName = (as: Viewer, pagePath: string, label: string) =>
  `${as}${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '')}-${label}.png`;

fs.mkdirSync(outDir, { recursive: true });
const api = await playwrightRequest.newContext({ baseURL });
const pages = (await routeCatalogue(api)).filter(
  (page) => only.length === 0 || only.some((part) => page.path.includes(part)),
);
const tokens: Partial<Record<Viewer, string>> = {};
for (const viewer of ['buyer', 'supplier', 'admin'] as const) tokens[viewer] = await demoToken(api, viewer);
await api.dispose();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let count = 0;
for (const { label, viewport } of widths) {
  for (const viewer of ['visitor', 'buyer', 'supplier', 'admin'] as const) {
    const mine = pages.filter((page) => page.as === viewer);
    if (mine.length === 0) continue;
    const context = await browser.newContext({ viewport, baseURL });
    const token = tokens[viewer as Exclude<Viewer, 'visitor'>];
    if (token) await context.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
    for (const { path: pagePath } of mine) {
      const page = await context.newPage();
      await page.goto(pagePath, { waitUntil: 'networkidle' });
      // Skeletons and loaders go once their data is drawn; fonts and lazy sections settle after that.
      await page
        .waitForFunction(
          () =>
            document.querySelectorAll('.mantine-Skeleton-root[data-visible], .mantine-Loader-root').length ===
            0,
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => console.warn(`  ${pagePath}: still loading after 15 s`));
      await page.waitForTimeout(300);
      const wide = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const found: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>('main *, header *, footer *')) {
          const box = element.getBoundingClientRect();
          if (box.width === 0 || box.right <= width + 1) continue;
          // Inside a box that scrolls sideways on purpose (a table's scroll area): not the page's overflow.
          let parent = element.parentElement;
          let clipped = false;
          while (parent && parent !== document.body) {
            const style = getComputedStyle(parent);
            if (
              (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden') &&
              parent.getBoundingClientRect().right <= width + 1
            ) {
              clipped = true;
              break;
            }
            parent = parent.parentElement;
          }
          if (clipped) continue;
          const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
          found.push(`${name} to ${Math.round(box.right)} px`);
          if (found.length >= 3) break;
        }
        // Boxes that scroll sideways: a wide table or a tab bar hides part of itself behind a scroll.
        const scrollers: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>('main *')) {
          const style = getComputedStyle(element);
          if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
          if (element.scrollWidth <= element.clientWidth + 1) continue;
          const inner = element.querySelector('table, [role=tablist]');
          const what = inner
            ? inner.tagName.toLowerCase() === 'table'
              ? 'table'
              : 'tabs'
            : element.tagName.toLowerCase();
          scrollers.push(`${what} ${element.scrollWidth} in ${element.clientWidth}`);
        }
        return { scrollWidth: document.documentElement.scrollWidth, width, found, scrollers };
      });
      const file = fileName(viewer, pagePath, label);
      await page.screenshot({ path: path.join(outDir, file), fullPage: true });
      await page.close();
      count += 1;
      const note =
        wide.scrollWidth > wide.width || wide.found.length > 0
          ? `  WIDER than ${wide.width} px (page ${wide.scrollWidth} px): ${wide.found.join(', ')}`
          : '';
      const scrolls = wide.scrollers.length > 0 ? `  scrolls sideways: ${wide.scrollers.join(', ')}` : '';
      console.info(`${file}${note}${scrolls}`);
    }
    await context.close();
  }
}
await browser.close();
console.info(`${count} screenshots of ${pages.length} pages in ${outDir}`);
