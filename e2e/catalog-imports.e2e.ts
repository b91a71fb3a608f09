import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Real trade plants (shared/data/trade-plants.csv layout); the second line's size is not a size.
const csv = [
  'botanical_name,cultivar,trade_name,common_name,category,sizes,hardiness_zones',
  'Ilex crenata,Sky Pencil,,Sky Pencil Japanese Holly,Evergreen Shrub,#3|#5|#7,5-9',
  'Ilex opaca,Satyr Hill,,Satyr Hill American Holly,Evergreen Tree,#7|xyz,5-9',
].join('\n');

describe('Beehive catalogue imports', () => {
  it('staff import a green-goods file with one bad line, fix it, apply, and the new plant is found in search', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'admin@demo.hedgerow.test');

    await page.goto('/admin/imports');
    await page.getByTestId('import-row').first().waitFor();
    await screenshot(page, 'admin-imports-1280');

    await page.getByRole('link', { name: 'New import' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'holly-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect
      .poll(() => page.getByText('1 invalid', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => page.getByText('Size "xyz" is not a size we know').count()).toBe(1);
    await screenshot(page, 'admin-import-preview-1280');

    // Nothing is in the catalogue before apply.
    const before = await page.request.get('/api/v1/products/search?query=satyr');
    expect(JSON.stringify(await before.json())).not.toContain('Satyr Hill');

    await page.getByRole('button', { name: 'Fix line' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('sizes').fill('#7|#15');
    await dialog.getByRole('button', { name: 'Save and preview again' }).click();
    await expect
      .poll(() => page.getByText('0 invalid', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => page.getByText('1 new', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Apply 2 valid lines' }).click();
    await expect.poll(() => page.getByTestId('import-applied').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'admin-import-applied-1280');

    await page.goto('/search?query=satyr%20hill');
    await expect
      .poll(() => page.getByText("Ilex opaca 'Satyr Hill'").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    const small = await newPage(browser, phone);
    await signInAs(small.page, 'admin@demo.hedgerow.test');
    await small.page.goto('/admin/imports');
    await small.page.getByTestId('import-row').first().waitFor();
    await screenshot(small.page, 'admin-imports-390');
    await small.page.getByRole('link', { name: 'landscape-supplies.csv' }).click();
    await small.page.getByTestId('import-line').first().waitFor();
    await screenshot(small.page, 'admin-import-preview-390');
    await small.context.close();

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
