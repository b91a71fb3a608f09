import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubsheetView } from '../src/domain/hubsheets/hubsheet-types';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

/** Issue 21: columns read by their content, flagged quantities, and the image/PDF converter. */

let browser: Browser;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'hubsheets-trust-e2e-'));
const shotsDir = process.env.HUBSHEET_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shotsDir, { recursive: true });
});
afterAll(() => browser?.close());

const buyer = 'buyer@demo.hedgerow.test';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 150 });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shotsDir, `hubsheet-trust-${name}.png`), fullPage: true });
}

function writeFile(name: string, content: string | Buffer) {
  const file = path.join(files, name);
  fs.writeFileSync(file, content);
  return file;
}

async function fillJob(page: Page, name: string) {
  await page.getByLabel('List Name').fill(name);
  await page.getByLabel('Postal Code').fill('28202');
  await page.getByLabel('Postal Code').blur();
}

async function importCsv(page: Page, name: string, csv: string) {
  await page.goto('/hubsheets/new?type=import');
  await poll(() => page.getByRole('heading', { name: 'Upload Your List' }).count()).toBe(1);
  await page.getByTestId('hubsheet-file-input').setInputFiles(writeFile(`${name}.csv`, csv));
  await fillJob(page, name);
  await poll(() => page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(false);
  await page.getByRole('button', { name: 'Continue' }).click();
  await poll(() => page.getByRole('heading', { name: 'Preview and Confirm Your List' }).count()).toBe(1);
}

async function hubsheetIdFromUrl(page: Page) {
  await page.waitForURL(/\/hubsheets\/\d+$/, { timeout: 60_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('hubsheets a buyer can trust', () => {
  it("imports the 'Item, Description, Qty' file and takes Description as the product", async () => {
    for (const viewport of [desktop, phone]) {
      const { page, problems } = await newPage(browser, viewport);
      await signInAs(page, buyer);
      await importCsv(
        page,
        `Item list ${viewport.width}`,
        [
          'Item,Description,Qty,Unit Price',
          '1,Acer rubrum #15,10,$45.00',
          '2,Hydrangea paniculata Limelight #3,12,$28.00',
          '3,Acer circinatum #7,5,$30.00',
        ].join('\n'),
      );
      const headers = page.getByTestId('preview-table').locator('th');
      await poll(() => headers.nth(1).textContent()).toContain('Product Name');
      expect(await headers.nth(0).textContent()).not.toContain('Product Name');
      expect(await page.getByTestId('preview-column-notes').textContent()).toContain(
        "'Item' holds numbers or codes, not plant names, so 'Description' is read as the product.",
      );
      await shot(page, `item-description-${viewport.width}`);
      if (viewport === desktop) {
        await page.getByRole('button', { name: 'Create HubSheet' }).click();
        const id = await hubsheetIdFromUrl(page);
        const token = (await page.evaluate(() => localStorage.getItem('hedgerow.token'))) ?? '';
        const saved = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
        expect(saved.listItems.map((item) => item.originalText)).toEqual([
          'Acer rubrum #15',
          'Hydrangea paniculata Limelight #3',
          'Acer circinatum #7',
        ]);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('flags a quantity, says sourcing will skip the line, and adds it to the cart once fixed', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await importCsv(
      page,
      'Flagged quantities',
      ['Botanical Name,Size,Qty', 'Acer rubrum,#15,ten', 'Acer circinatum,#7,5'].join('\n'),
    );
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    const id = await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(2);
    await poll(() => page.getByText('Enter a quantity for this line', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('summary-quantity-flagged').textContent()).toBe('Need a quantity: 1');
    await page.getByRole('button', { name: 'Match suppliers', exact: true }).click();
    await poll(() => page.getByTestId('sourcing-skipped-lines').count()).toBe(1);
    expect(await page.getByTestId('sourcing-skipped-lines').textContent()).toBe(
      'Line #1 will be skipped: enter a quantity for this line to include it.',
    );
    await shot(page, 'flagged-quantity-1280');

    // Fix the quantity: the flag goes, and sourcing includes the line.
    const quantity = page.getByTestId('list-item-row').first().getByLabel('Quantity');
    await quantity.fill('10');
    await quantity.press('Enter');
    await poll(() => page.getByText('Enter a quantity for this line', { exact: true }).count()).toBe(0);
    const token = (await page.evaluate(() => localStorage.getItem('hedgerow.token'))) ?? '';
    await poll(async () => {
      const saved = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
      return saved.listItems[0].quantity;
    }).toBe(10);
    await page.reload();
    await page.getByRole('button', { name: 'Match suppliers', exact: true }).click();
    await poll(() => page.getByTestId('suggested-branch').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('sourcing-skipped-lines').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await poll(() => page.getByTestId('added-to-cart').count()).toBe(1);
    expect(await page.getByTestId('added-to-cart').textContent()).toMatch(/Added [12] lines? to/);
    const saved = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
    expect(saved.listItems[0].chosenBranch).not.toBeNull();
    expect(problems).toEqual([]);
  });

  it('converts a PDF schedule into a hubsheet', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto('/hubsheets');
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByRole('menuitem', { name: /Convert \.jpg, \.pdf, \.png/ }).click();
    await page.waitForURL(/\/hubsheets\/file_converter$/);
    await poll(() => page.getByRole('heading', { name: 'Upload a PDF or Image of Your List' }).count()).toBe(
      1,
    );
    await page
      .getByTestId('converter-upload-step')
      .locator('input[type="file"]')
      .setInputFiles(path.resolve(import.meta.dirname, '../bench/converter-fixtures/text-layer.pdf'));
    await fillJob(page, 'Riverside from PDF');
    // The PDF's first page is shown (drawn by the server); the buyer marks the header and three lines.
    const firstPage = page.getByRole('img', { name: 'The first page of your plant list' });
    await firstPage.waitFor();
    await poll(() => firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const box = await page.getByTestId('converter-crop').boundingBox();
    if (!box) throw new Error('The page preview has no box');
    await page.mouse.move(box.x + box.width * 0.02, box.y + box.height * 0.13);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Use the whole page' }).waitFor();
    await shot(page, 'converter-upload-1280');
    await page.getByRole('button', { name: 'Convert' }).click();
    await poll(() => page.getByRole('heading', { name: 'Preview and Confirm Your List' }).count()).toBe(1);
    // The keyboard and a screen reader start at the new step's heading.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Preview and Confirm Your List',
    );
    expect(await page.getByTestId('preview-line-count').textContent()).toBe('3');
    const previewText = await page.getByTestId('preview-table').textContent();
    expect(previewText).toContain("Acer rubrum 'October Glory'");
    expect(previewText).not.toContain('Betula nigra');
    await shot(page, 'converter-preview-1280');
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(3);
    expect(problems).toEqual([]);

    const small = await newPage(browser, phone);
    await signInAs(small.page, buyer);
    await small.page.goto('/hubsheets/file_converter');
    await poll(() =>
      small.page.getByRole('heading', { name: 'Upload a PDF or Image of Your List' }).count(),
    ).toBe(1);
    await shot(small.page, 'converter-upload-390');
  });
});
