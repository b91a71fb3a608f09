import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, desktop, launchBrowser, phone } from './support/browser';
import { type CataloguePage, demoToken, routeCatalogue, type Viewer } from './support/route-catalogue';

// axe-core from npm. page.evaluate runs it through the DevTools protocol, which the page's
// Content-Security-Policy (script-src 'self') does not govern: the app's CSP stays as it is.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

let browser: Browser;
let pages: CataloguePage[] = [];
const tokens: Partial<Record<Viewer, string>> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const request = await playwrightRequest.newContext({ baseURL: baseUrl() });
  pages = await routeCatalogue(request);
  for (const viewer of ['buyer', 'supplier', 'admin'] as const)
    tokens[viewer] = await demoToken(request, viewer);
  await request.dispose();
}, 180_000);
afterAll(() => browser?.close());

/** The WCAG 2.1 A and AA violations axe finds on one page, as readable lines. */
async function violationsOn(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  // Lazy sections and fonts settle after the network does.
  await page.waitForTimeout(250);
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags } })
        .then((result) => result.violations),
    wcagTags,
  )) as Violation[];
  await page.close();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${path} ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
    ),
  );
}

describe('accessibility: axe-core WCAG 2.1 A and AA on every page of the route catalogue', () => {
  for (const [label, viewport] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    for (const viewer of ['visitor', 'buyer', 'supplier', 'admin'] as const) {
      it(`reports no violations on the ${viewer}'s pages at ${label} px`, { timeout: 600_000 }, async () => {
        const mine = pages.filter((page) => page.as === viewer);
        expect(mine.length).toBeGreaterThan(2);
        const context = await browser.newContext({ viewport, baseURL: baseUrl() });
        const token = tokens[viewer as Exclude<Viewer, 'visitor'>];
        if (token)
          await context.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
        const found: string[] = [];
        for (const { path } of mine) found.push(...(await violationsOn(context, path)));
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }

  it('finds a violation when there is one (the check is live)', async () => {
    const context = await browser.newContext({ viewport: desktop, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Too faint to read';
      faint.style.color = '#cccccc';
      document.querySelector('main')?.append(faint);
    });
    await page.evaluate(axeSource);
    const ids = await page.evaluate(() =>
      (
        window as unknown as {
          axe: { run: (...args: unknown[]) => Promise<{ violations: { id: string }[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: ['wcag2aa'] } })
        .then((result) => result.violations.map((violation) => violation.id)),
    );
    expect(ids).toContain('color-contrast');
    await context.close();
  });
});
