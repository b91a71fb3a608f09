import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../src/domain/carts/cart-view';
import type { HubsheetSummary } from '../src/domain/hubsheets/hubsheet-types';
import type { SupplierMatch } from '../src/domain/hubsheets/sourcing-views';
import { formatMoney } from '../src/domain/money';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

let browser: Browser;
const shotsDir = process.env.H16_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shotsDir, { recursive: true });
});
afterAll(() => browser?.close());

const buyer = 'buyer@demo.hedgerow.test';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 150 });

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The demo buyer's 'Westfield Retail Center' hubsheet (postal code 28202; the demo has trucks). */
async function demoHubsheet(page: Page, token: string) {
  const list = await api<{ results: HubsheetSummary[] }>(
    page,
    token,
    'GET',
    '/api/v1/hubsheets?query=Westfield',
  );
  const hubsheet = list.results.find((entry) => entry.name === 'Westfield Retail Center');
  if (!hubsheet) throw new Error('The demo hubsheet is missing');
  return hubsheet;
}

describe('landed cost on hubsheets', () => {
  it('estimation shows freight, truck fill and estimated unit prices that add up to the landed total', async () => {
    const { page, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, buyer);
    const hubsheet = await demoHubsheet(page, token);
    const match = await api<SupplierMatch>(
      page,
      token,
      'GET',
      `/api/v1/hubsheets/${hubsheet.id}/match_suppliers`,
    );
    expect(match.freightEstimate.available).toBe(true);
    expect(match.branches.length).toBeGreaterThan(0);
    expect(match.landedTotal).toBe(match.branches.reduce((sum, branch) => sum + branch.landedTotal, 0));

    await page.goto(`/hubsheets/${hubsheet.id}`);
    await poll(() => page.getByTestId('hubsheet-mode').count()).toBe(1);
    await page.getByText('Estimation', { exact: true }).click();
    await poll(() => page.getByTestId('estimation-branch').count()).toBe(match.branches.length);
    await poll(() => new URL(page.url()).searchParams.get('mode')).toBe('estimation');
    await poll(() => page.getByTestId('truck-fill').first().textContent()).toContain('pallets');
    await poll(() => page.getByTestId('branch-estimated-freight').first().textContent()).toBe(
      formatMoney(match.branches[0].estimatedFreight ?? 0),
    );
    await poll(() => page.getByTestId('estimation-landed-total').textContent()).toBe(
      `Landed total ${formatMoney(match.landedTotal)}`,
    );
    const firstLine = match.branches[0].lines[0];
    const row = page.locator(`[data-testid="estimation-line"][data-item-id="${firstLine.listItemId}"]`);
    await poll(() => row.getByTestId('line-estimated-unit-price').textContent()).toBe(
      formatMoney(firstLine.estimatedUnitPrice ?? 0),
    );
    await poll(() => row.getByTestId('line-freight-share').textContent()).toBe(
      formatMoney(firstLine.freightShare ?? 0),
    );
    await shot(page, 'hubsheet-estimation-1280');

    // Procurement: the suggestions carry freight and landed totals beside the price.
    await page.getByText('Procurement', { exact: true }).click();
    await page.getByRole('button', { name: 'Match suppliers', exact: true }).click();
    await poll(() => page.getByTestId('suggested-branch').count()).toBe(match.branches.length);
    await poll(() => page.getByTestId('suggested-branch-landed').first().textContent()).toBe(
      formatMoney(match.branches[0].landedTotal),
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('estimation is one card per line on a phone', async () => {
    const { page, problems } = await newPage(browser, phone);
    const token = await signInAs(page, buyer);
    const hubsheet = await demoHubsheet(page, token);
    await page.goto(`/hubsheets/${hubsheet.id}?mode=estimation`);
    await poll(() => page.getByTestId('estimation-line').count()).toBeGreaterThan(0);
    // No sideways scrolling: the page is no wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await shot(page, 'hubsheet-estimation-390');
    await page.getByTestId('estimation-line').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shotsDir, 'hubsheet-estimation-390-lines.png') });
    await page.getByText('Procurement', { exact: true }).click();
    await page.getByRole('button', { name: 'Match suppliers', exact: true }).click();
    await poll(() => page.getByTestId('suggested-branch').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.getByTestId('suggested-branches').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shotsDir, 'hubsheet-procurement-390.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('photo requests from a cart line', () => {
  for (const [viewport, size] of [
    [desktop, 1280],
    [phone, 390],
  ] as const) {
    it(`opens the product page's request form from a cart line and sends it (${size} px)`, async () => {
      const { page, problems } = await newPage(browser, viewport);
      const token = await signInAs(page, buyer);
      // One of the demo buyer's open carts with a catalogue line: another journey on this server may have
      // submitted the cart that was current (the journeys run in no fixed order).
      const open = await api<{ results: { id: number; cartItemsCount: number }[] }>(
        page,
        token,
        'GET',
        '/api/v1/carts?active=true&page=1&perPage=10',
      );
      let cart: CartView | undefined;
      let line: CartView['items'][number] | undefined;
      for (const candidate of open.results.filter((result) => result.cartItemsCount > 0)) {
        cart = await api<CartView>(page, token, 'GET', `/api/v1/carts/${candidate.id}`);
        line = cart.items.find((item) => !item.nonCatalog);
        if (line) break;
      }
      if (!cart || !line) throw new Error('The demo buyer has no open cart with a catalogue line');

      await page.goto(`/quotes/${cart.id}/edit`);
      const row = page.locator(`[data-testid="cart-item-row"][data-item-id="${line.id}"]`);
      await poll(() => row.getByTestId('request-photos').count()).toBe(1);
      await row.getByTestId('request-photos').click();
      const dialog = page.getByRole('dialog', { name: 'Request photos' });
      await poll(() => dialog.isVisible()).toBe(true);
      await poll(() => dialog.textContent()).toContain(line.name);
      await dialog.getByLabel('Notes').fill('Please show the root ball and a tape measure.');
      await page.waitForTimeout(400); // the modal's opening transition, for a clear picture
      await page.screenshot({ path: path.join(shotsDir, `cart-request-photos-${size}.png`) });
      await dialog.getByRole('button', { name: 'Send Request' }).click();
      await page.waitForURL(/\/messages\/\d+$/, { timeout: 20_000 });
      await poll(() =>
        page.getByText('Please show the root ball and a tape measure.').count(),
      ).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
