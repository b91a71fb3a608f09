import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hubsheetNameRequiredMessage,
  noHeadersMessage,
  notSpreadsheetMessage,
  productNameRequiredMessage,
} from '../src/domain/hubsheets/hubsheet-schemas';
import type { HubsheetView } from '../src/domain/hubsheets/hubsheet-types';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

let browser: Browser;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'hubsheets-e2e-'));
const shotsDir = process.env.HUBSHEET_SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shotsDir, { recursive: true });
});
afterAll(() => browser?.close());

const buyer = 'buyer@demo.hedgerow.test';

/** Waits for what the page shows (pages load lazily and the server matches lines: allow some seconds). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shotsDir, `hubsheet-${name}.png`), fullPage: true });
}

function writeFile(name: string, content: string | Buffer) {
  const file = path.join(files, name);
  fs.writeFileSync(file, content);
  return file;
}

// Plant names of the demo catalogue, written the way schedules write them, plus one it does not carry.
const scheduleCsv = [
  'Botanical Name,Common Name,Size,Qty,Unit Price',
  'Acer rubrum,Red Maple,#15,10,45.00',
  'Acer circinatum,Vine Maple,#7,5,30',
  'Hydrangea pan. Limelight,,#3,12,',
  'Zzyzx imaginarius,,1 gal,3,',
].join('\n');

/** Fills the Upload step's job fields. */
async function fillJob(page: Page, name: string) {
  await page.getByLabel('List Name').fill(name);
  await page.getByLabel('Postal Code').fill('28202');
  await page.getByLabel('Postal Code').blur();
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function hubsheetIdFromUrl(page: Page) {
  await page.waitForURL(/\/hubsheets\/\d+$/, { timeout: 30_000 });
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function chooseColumn(page: Page, header: string, kind: string) {
  await page.getByRole('combobox', { name: `What ${header} holds` }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
}

let importedId = 0;
let token = '';

describe('hubsheets', () => {
  it('imports a CSV with headers through preview into a hubsheet whose lines carry scores', async () => {
    const { page, problems } = await newPage(browser, desktop);
    token = await signInAs(page, buyer);
    const before = await api<{ totalCount: number }>(page, token, 'GET', '/api/v1/hubsheets');

    await page.goto('/hubsheets');
    await poll(() => page.getByRole('heading', { name: 'HubSheets', exact: true }).count()).toBe(1);
    if (before.totalCount === 0) {
      await poll(() => page.getByTestId('hubsheets-empty').count()).toBe(1);
      for (const step of [
        'Upload Materials List',
        'Match Your Products',
        'Get Market Estimates',
        'Find Suppliers and Order',
      ])
        expect(await page.getByTestId('hubsheets-empty').textContent()).toContain(step);
    }
    await shot(page, 'index-empty-1280');

    // New → Import leads to the wizard's first step.
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByRole('menuitem', { name: 'Import .csv, .xls, .xlsx' }).click();
    await poll(() => page.getByRole('heading', { name: 'Upload Your List' }).count()).toBe(1);
    expect(await page.getByLabel('My file contains column headers in the first row').isChecked()).toBe(true);
    expect(await continueButton(page).isDisabled()).toBe(true);

    // A PDF is refused with the converter message.
    await page
      .getByTestId('hubsheet-file-input')
      .setInputFiles(writeFile('plants.pdf', '%PDF-1.4 not a list'));
    await poll(() => page.getByTestId('hubsheet-file-rejected').textContent()).toContain(
      notSpreadsheetMessage,
    );

    await page
      .getByTestId('hubsheet-file-input')
      .setInputFiles(writeFile('riverside-schedule.csv', scheduleCsv));
    await fillJob(page, 'Riverside Park phase 2');
    await poll(() => continueButton(page).isDisabled()).toBe(false);
    await shot(page, 'wizard-upload-1280');
    await continueButton(page).click();

    // The headers were recognised: straight to Preview.
    await poll(() => page.getByRole('heading', { name: 'Preview and Confirm Your List' }).count()).toBe(1);
    expect(await page.getByTestId('preview-line-count').textContent()).toBe('4');
    expect(await page.getByTestId('preview-file-name').textContent()).toBe('riverside-schedule.csv');
    expect(await page.getByTestId('preview-table').textContent()).toContain('Hydrangea pan. Limelight');
    await shot(page, 'wizard-preview-1280');
    await page.getByRole('button', { name: 'Create HubSheet' }).click();

    importedId = await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(4);
    expect(await page.getByTestId('hubsheet-name').textContent()).toBe('Riverside Park phase 2');
    const saved = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${importedId}`);
    expect(saved.listItems.map((item) => item.originalText)).toEqual([
      'Acer rubrum',
      'Acer circinatum',
      'Hydrangea pan. Limelight',
      'Zzyzx imaginarius',
    ]);
    // Every line shows its confidence: the catalogue's maple matches, the invented plant does not.
    await poll(() =>
      page
        .getByTestId('line-confidence')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-confidence'))),
    ).toEqual(
      saved.listItems.map((item) =>
        item.matchScore === null
          ? 'pending'
          : item.matchScore >= 100
            ? 'perfect'
            : item.matchScore >= 75
              ? 'match'
              : item.matchScore >= 25
                ? 'needs_review'
                : 'no_match',
      ),
    );
    const first = page.locator(`[data-testid="list-item-row"][data-item-id="${saved.listItems[0].id}"]`);
    expect(await first.getByTestId('line-product-name').textContent()).toBe(
      saved.listItems[0].product?.primaryName,
    );
    expect(['match', 'perfect']).toContain(
      await first.getByTestId('line-confidence').getAttribute('data-confidence'),
    );
    const last = page.locator(`[data-testid="list-item-row"][data-item-id="${saved.listItems[3].id}"]`);
    expect(await last.getByTestId('line-confidence').getAttribute('data-confidence')).toBe('no_match');
    expect(await page.getByTestId('summary-no_match').textContent()).toBe(
      `No Match: ${saved.summary.noMatch}`,
    );
    await shot(page, 'detail-1280');

    await page.goto('/hubsheets');
    await poll(() => page.getByTestId('hubsheet-card').count()).toBeGreaterThan(0);
    const card = page.locator(`[data-testid="hubsheet-card"][data-hubsheet-id="${importedId}"]`);
    expect(await card.textContent()).toContain('In Progress');
    expect(await card.textContent()).toContain('28202');
    await shot(page, 'index-1280');
    expect(problems).toEqual([]);
  });

  it('sends a file without a product-name header through the mapping step', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    const csv = ['Entry,Grade,Units', 'Acer rubrum,#15,4', 'Acer circinatum,#7,2'].join('\n');
    await page.goto('/hubsheets/new');
    await shot(page, 'create-options-1280');
    await page.getByRole('link', { name: 'Import a file' }).click();
    await page.getByTestId('hubsheet-file-input').setInputFiles(writeFile('entry-grade-units.csv', csv));
    await fillJob(page, 'Mapped list');
    await continueButton(page).click();

    await poll(() =>
      page.getByRole('heading', { name: 'Help Us Understand the Data in Your File' }).count(),
    ).toBe(1);
    // The mapping step opens on what the columns' content suggests (issue 21): the buyer confirms it.
    for (const [header, kind] of [
      ['Entry', 'Product Name'],
      ['Grade', 'Size'],
      ['Units', 'Quantity'],
    ])
      await poll(() => page.getByRole('combobox', { name: `What ${header} holds` }).inputValue()).toBe(kind);
    expect(await page.getByTestId('mapping-banner').count()).toBe(0);
    await shot(page, 'wizard-mapping-1280');
    // Taking the product name off Entry asks for it with the spec's banner.
    await chooseColumn(page, 'Entry', 'Other');
    await poll(() => page.getByTestId('mapping-banner').count()).toBe(1);
    expect(await page.getByTestId('mapping-banner').textContent()).toContain(
      "Assign Product Name to a row to proceed. If your file does not include this data, you'll need to edit the file or contact support",
    );
    expect(await page.getByTestId('mapping-errors').textContent()).toBe(productNameRequiredMessage);
    expect(await continueButton(page).isDisabled()).toBe(true);

    await chooseColumn(page, 'Entry', 'Product Name');
    await poll(() => page.getByTestId('mapping-banner').count()).toBe(0);
    // One type per column: giving Units the product name takes it off Entry.
    await chooseColumn(page, 'Units', 'Product Name');
    expect(await page.getByTestId('mapping-errors').textContent()).toContain('Quantity is required.');
    await chooseColumn(page, 'Entry', 'Product Name');
    await chooseColumn(page, 'Units', 'Quantity');
    await continueButton(page).click();

    await poll(() => page.getByRole('heading', { name: 'Preview and Confirm Your List' }).count()).toBe(1);
    expect(await page.getByTestId('preview-line-count').textContent()).toBe('2');
    await shot(page, 'wizard-mapped-preview-1280');
    // Back from Preview with a product name column: to Upload, without the file.
    await page.getByRole('button', { name: 'Back' }).click();
    await poll(() => page.getByRole('heading', { name: 'Upload Your List' }).count()).toBe(1);
    expect(await page.getByTestId('hubsheet-file-name').count()).toBe(0);
    expect(await page.getByLabel('List Name').inputValue()).toBe('Mapped list');
    await page.getByTestId('hubsheet-file-input').setInputFiles(writeFile('entry-grade-units.csv', csv));
    await continueButton(page).click();
    await poll(() => page.getByTestId('hubsheet-mapping-step').count()).toBe(1);
    // The suggestion again: Entry, Grade and Units as before.
    await poll(() => page.getByRole('combobox', { name: 'What Entry holds' }).inputValue()).toBe(
      'Product Name',
    );
    await continueButton(page).click();
    await poll(() => page.getByTestId('preview-line-count').count()).toBe(1);
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    const id = await hubsheetIdFromUrl(page);
    const created = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
    expect(created.listItems.map((item) => [item.originalText, item.sizeText, item.quantity])).toEqual([
      ['Acer rubrum', '#15', 4],
      ['Acer circinatum', '#7', 2],
    ]);
    expect(problems).toEqual([]);
  });

  it('imports an .xlsx file', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Plant Name', 'Size', 'Quantity'],
      ['Acer rubrum', '#15', 6],
      ['Hydrangea paniculata Limelight', '#3', 20],
      ['Acer circinatum', '#7', 1],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Schedule');
    const file = writeFile('schedule.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    await page.goto('/hubsheets/new?type=import');
    await page.getByTestId('hubsheet-file-input').setInputFiles(file);
    await fillJob(page, 'Spreadsheet list');
    await continueButton(page).click();
    await poll(() => page.getByTestId('preview-file-name').count()).toBe(1);
    expect(await page.getByTestId('preview-file-name').textContent()).toBe('schedule.xlsx');
    expect(await page.getByTestId('preview-line-count').textContent()).toBe('3');
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    const id = await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(3);
    const created = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
    expect(created.filename).toBe('schedule.xlsx');
    expect(created.listItems.map((item) => item.quantity)).toEqual([6, 20, 1]);
    expect(problems).toEqual([]);
  });

  it("changes a line's match to one of its alternatives", async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    const before = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${importedId}`);
    const line = before.listItems.find((item) => item.alternatives.length > 0);
    if (!line) throw new Error('no line with alternatives');
    const alternative = line.alternatives[0];

    await page.goto(`/hubsheets/${importedId}`);
    const row = page.locator(`[data-testid="list-item-row"][data-item-id="${line.id}"]`);
    await row.getByTestId('line-menu').click();
    await page.getByTestId('line-alternative').first().click();
    await poll(() => row.getByTestId('line-product-name').textContent()).toBe(
      alternative.product.primaryName,
    );
    await poll(async () => {
      const after = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${importedId}`);
      const saved = after.listItems.find((item) => item.id === line.id);
      return [saved?.product?.id, saved?.productVariant?.id ?? null, saved?.chosenByUser];
    }).toEqual([alternative.product.id, alternative.productVariant?.id ?? null, true]);
    expect(problems).toEqual([]);
  });

  it('adds the matched lines to a cart from the suppliers suggestion', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto(`/hubsheets/${importedId}`);
    await page.getByRole('button', { name: 'Match suppliers', exact: true }).click();
    await poll(() => page.getByTestId('suggested-branch').count()).toBeGreaterThan(0);
    await shot(page, 'sourcing-1280');
    // Per branch: what it can supply of the whole list.
    await page.getByRole('button', { name: 'What it can supply' }).first().click();
    await poll(() => page.getByTestId('branch-supply-check').textContent()).toMatch(
      /Can supply \d+ of 4 lines/,
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await poll(() => page.getByTestId('added-to-cart').count()).toBe(1);
    const text = (await page.getByTestId('added-to-cart').textContent()) ?? '';
    const addedCount = Number(/Added (\d+) line/.exec(text)?.[1]);
    expect(addedCount).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Open the cart' }).click();
    await page.waitForURL(/\/quotes\/\d+\/edit$/);
    const cartId = Number(new URL(page.url()).pathname.split('/')[2]);
    const cart = await api<{ items: { id: number }[] }>(page, token, 'GET', `/api/v1/carts/${cartId}`);
    expect(cart.items.length).toBe(addedCount);
    await poll(() => page.getByTestId('cart-item-row').count()).toBe(addedCount);
    // The hubsheet remembers where each line was sourced.
    const after = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${importedId}`);
    expect(after.listItems.filter((item) => item.chosenBranch !== null).length).toBe(addedCount);
    expect(problems).toEqual([]);
  });

  it('keeps a long list usable while it is matched in the background, then shows every score', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    const names = [
      'Acer rubrum,#15',
      'Acer circinatum,#7',
      'Hydrangea pan. Limelight,#3',
      'Zzyzx imaginarius,1 gal',
    ];
    const rows = Array.from(
      { length: 240 },
      (_, index) => `${names[index % names.length]},${(index % 9) + 1}`,
    );
    const file = writeFile('long-schedule.csv', ['Plant Name,Size,Qty', ...rows].join('\n'));
    await page.goto('/hubsheets/new?type=import');
    await page.getByTestId('hubsheet-file-input').setInputFiles(file);
    await fillJob(page, 'Long list');
    await continueButton(page).click();
    await poll(() => page.getByTestId('preview-line-count').textContent()).toBe('240');
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(240);
    await shot(page, 'detail-long-1280');
    // The page polls until matching is done: no line is left pending and the progress bar goes.
    await expect
      .poll(
        () =>
          page
            .getByTestId('line-confidence')
            .evaluateAll(
              (nodes) =>
                nodes.filter((n) => ['pending', 'matching'].includes(n.getAttribute('data-confidence') ?? ''))
                  .length,
            ),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(0);
    await poll(() => page.getByTestId('matching-progress').count()).toBe(0);
    expect(await page.getByTestId('summary-no_match').textContent()).toBe('No Match: 60');
    expect(problems).toEqual([]);
  });

  it('says what is wrong with a file: no header row, an empty file', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto('/hubsheets/new?type=import');
    await fillJob(page, 'Headerless list');
    const headerless = writeFile('headerless.csv', 'Acer rubrum,#15,10\nAcer circinatum,#7,5\n');
    await page.getByTestId('hubsheet-file-input').setInputFiles(headerless);
    await continueButton(page).click();
    // The server's answer shows under the headers checkbox, and the file stays.
    await poll(() => page.getByText(noHeadersMessage).count()).toBe(1);
    expect(await page.getByTestId('hubsheet-file-name').textContent()).toBe('headerless.csv');
    await shot(page, 'wizard-no-headers-1280');
    // Unticked, the columns are 'Column 1'… and the user maps them.
    await page.getByLabel('My file contains column headers in the first row').uncheck();
    await continueButton(page).click();
    await poll(() => page.getByTestId('hubsheet-mapping-step').count()).toBe(1);
    expect(await page.getByTestId('mapping-table').textContent()).toContain('Column 1');
    await page.getByRole('button', { name: 'Back' }).click();

    // Any other refusal: the message on screen and the file part of the form reset.
    await page.getByTestId('hubsheet-file-input').setInputFiles(writeFile('empty.csv', ''));
    await continueButton(page).click();
    await poll(() => page.getByTestId('hubsheet-upload-error').count()).toBe(1);
    expect(await page.getByTestId('hubsheet-upload-error').textContent()).toMatch(/empty/i);
    expect(await page.getByTestId('hubsheet-file-name').count()).toBe(0);
    expect(await page.getByLabel('List Name').inputValue()).toBe('Headerless list');
    expect(await continueButton(page).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('starts from scratch, then adds, reorders and edits lines, status and settings', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto('/hubsheets/new');
    await page.getByRole('link', { name: 'Start from scratch' }).click();
    await poll(() => page.getByRole('heading', { name: 'Add Your Job Information' }).count()).toBe(1);
    await fillJob(page, 'Scratch job');
    await page.getByRole('button', { name: 'Create HubSheet' }).click();
    const id = await hubsheetIdFromUrl(page);
    await poll(() => page.getByTestId('hubsheet-name').textContent()).toBe('Scratch job');
    expect(await page.getByTestId('list-item-row').count()).toBe(0);

    const add = async (text: string, size: string, quantity: string) => {
      await page.getByLabel('New line product').fill(text);
      await page.getByLabel('New line size').fill(size);
      await page.getByLabel('New line quantity').fill(quantity);
      await page.getByRole('button', { name: 'Add line' }).click();
    };
    await add('Acer rubrum', '#15', '3');
    await poll(() => page.getByTestId('list-item-row').count()).toBe(1);
    await add('Acer circinatum', '#7', '2');
    await poll(() => page.getByTestId('list-item-row').count()).toBe(2);
    const lines = async () =>
      (await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`)).listItems;
    const [first, second] = await lines();
    expect([first.originalText, second.originalText]).toEqual(['Acer rubrum', 'Acer circinatum']);

    // Drag the second line above the first (keyboard drag: space, arrow, space).
    const handle = page
      .locator(`[data-testid="list-item-row"][data-item-id="${second.id}"]`)
      .getByRole('button', { name: 'Drag to reorder' });
    await handle.focus();
    // dnd-kit measures between key presses: give it a moment after each.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await poll(async () =>
      (await lines()).sort((a, b) => a.position - b.position).map((item) => item.id),
    ).toEqual([second.id, first.id]);

    // A refused edit is rolled back and the server's message shown.
    const row = page.locator(`[data-testid="list-item-row"][data-item-id="${first.id}"]`);
    await row.getByLabel('Quantity').fill('x'.repeat(41));
    await row.getByLabel('Quantity').press('Enter');
    await poll(() => page.getByText('Limit quantity to 40 characters').count()).toBeGreaterThan(0);
    await poll(() => row.getByLabel('Quantity').inputValue()).toBe('3');
    // An accepted one is saved.
    await row.getByLabel('Quantity').fill('7');
    await row.getByLabel('Quantity').press('Enter');
    await poll(async () => (await lines()).find((item) => item.id === first.id)?.quantity).toBe(7);

    // Status picker.
    await page.getByRole('radio', { name: 'Ready to Bid' }).check();
    await poll(() => page.getByTestId('hubsheet-status').textContent()).toBe('Ready to Bid');
    await poll(
      async () => (await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`)).status,
    ).toBe('ready_to_bid');

    // Settings: the name is required; a new name and logistics rate are saved.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('hubsheet-settings');
    expect(await settings.textContent()).toContain('Use the location where the material will be landed.');
    await settings.getByLabel('Name').fill('');
    await settings.getByRole('button', { name: 'Save' }).click();
    await poll(() => settings.getByText(hubsheetNameRequiredMessage).count()).toBe(1);
    await settings.getByLabel('Name').fill('Scratch job, phase 2');
    await settings.getByLabel('Logistics rate').fill('1.25');
    await settings.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByTestId('hubsheet-name').textContent()).toBe('Scratch job, phase 2');
    const renamed = await api<HubsheetView>(page, token, 'GET', `/api/v1/hubsheets/${id}`);
    expect([renamed.name, renamed.logisticsRate]).toEqual(['Scratch job, phase 2', '1.25']);

    // Delete asks first.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('hubsheet-settings').getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByText('Are you sure you want to delete this hubsheet?').count()).toBe(1);
    await page
      .getByRole('dialog', { name: 'Delete hubsheet' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL(/\/hubsheets$/);
    const gone = await page.request.get(`/api/v1/hubsheets/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(404);
    expect(problems).toEqual([]);
  });

  it('searches the index and says when nothing matches', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto('/hubsheets');
    await poll(() => page.getByTestId('hubsheet-card').count()).toBeGreaterThan(0);
    await page.getByLabel('Search hubsheets').fill('Riverside');
    await poll(() => page.url()).toContain('query=Riverside');
    await poll(async () =>
      (await page.getByTestId('hubsheet-card').allTextContents()).every((t) => t.includes('Riverside')),
    ).toBe(true);
    await page.getByLabel('Search hubsheets').fill('no such list anywhere');
    await poll(() => page.getByTestId('hubsheets-no-match').textContent()).toContain(
      'Your search term "no such list anywhere" did not match any Hubsheets.',
    );
    await shot(page, 'index-no-match-1280');
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await poll(() => page.getByTestId('hubsheet-card').count()).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  it('downloads the list as CSV from the index and as XLSX from the hubsheet', async () => {
    const { page, problems } = await newPage(browser, desktop);
    await signInAs(page, buyer);
    await page.goto('/hubsheets');
    const card = page.locator(`[data-testid="hubsheet-card"][data-hubsheet-id="${importedId}"]`);
    await poll(() => card.count()).toBe(1);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download' }).click(),
    ]);
    await poll(() =>
      page.getByRole('heading', { name: 'Your download should start in a moment' }).count(),
    ).toBe(1);
    expect(csv.suggestedFilename()).toBe('Riverside Park phase 2.csv');
    const text = fs.readFileSync((await csv.path()) ?? '', 'utf8');
    expect(text.split(/\r?\n/)[0]).toContain('Botanical Name');
    expect(text).toContain('Matched Product');

    await page.getByRole('link', { name: 'Back to the hubsheet' }).click();
    await poll(() => page.getByTestId('list-item-row').count()).toBe(4);
    await page.getByRole('button', { name: 'Download' }).click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('Riverside Park phase 2.xlsx');
    const book = XLSX.read(fs.readFileSync((await xlsx.path()) ?? ''));
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows.flat()).toContain('Zzyzx imaginarius');
    expect(problems).toEqual([]);
  });

  it('shows the wizard, index and hubsheet on a phone without breaking', async () => {
    const { page, problems } = await newPage(browser, phone);
    await signInAs(page, buyer);
    await page.goto('/hubsheets');
    await poll(() => page.getByTestId('hubsheet-card').count()).toBeGreaterThan(0);
    await shot(page, 'index-390');
    await page.goto('/hubsheets/new?type=import');
    await poll(() => page.getByTestId('hubsheets-desktop-only').count()).toBe(1);
    await shot(page, 'wizard-upload-390');
    await page.goto(`/hubsheets/${importedId}`);
    await poll(() => page.getByTestId('list-item-row').count()).toBe(4);
    await shot(page, 'detail-390');
    // Nothing wider than the screen but the grid, which scrolls in its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
});
