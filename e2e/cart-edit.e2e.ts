import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/domain/money';
import { chooseOption } from './support/accounts';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listing = {
  branchId: number;
  branchName: string;
  productVariantId: number;
  tiers: { quantityMin: number; price: number }[];
};
type CartItem = {
  id: number;
  branchId: number;
  quantity: number;
  sortPosition: number;
  price: { value: number; quantityMin: number } | null;
};
type Cart = {
  id: number;
  name: string;
  cartNumber: string;
  items: CartItem[];
  branches: { id: number; name: string }[];
};

/** Two branches with listings whose second price tier is in reach: one branch with two sizes, one with one. */
async function pickListings(page: Page, token: string) {
  const search = await api<{ results: { id: number }[] }>(
    page,
    token,
    'GET',
    '/api/v1/products/search?query=maple',
  );
  const byBranch = new Map<number, Listing[]>();
  for (const product of search.results.slice(0, 20)) {
    const answer = await api<{ results: Record<string, unknown>[] } | Record<string, unknown>[]>(
      page,
      token,
      'GET',
      `/api/v1/availabilities?productId=${product.id}&available=true`,
    );
    const rows = Array.isArray(answer) ? answer : answer.results;
    for (const row of rows as {
      branchId?: number;
      branch?: { id: number; name: string };
      productVariantId: number;
      quantity: number;
      ignoreQuantity: boolean;
      priceTiers: { quantityMin: number; price: number }[] | null;
    }[]) {
      const branchId = row.branch?.id ?? row.branchId;
      const second = row.priceTiers?.[1];
      if (!branchId || !row.branch || !second || second.quantityMin > 20) continue;
      if (!row.ignoreQuantity && row.quantity < 25) continue;
      const list = byBranch.get(branchId) ?? [];
      if (list.some((entry) => entry.productVariantId === row.productVariantId)) continue;
      list.push({
        branchId,
        branchName: row.branch.name,
        productVariantId: row.productVariantId,
        tiers: row.priceTiers ?? [],
      });
      byBranch.set(branchId, list);
    }
  }
  const withTwo = [...byBranch.values()].filter((list) => list.length >= 2);
  for (const first of withTwo) {
    // The single-item branch sorts after the two-item one, so sorting by supplier moves it.
    const other = [...byBranch.values()].find(
      (list) =>
        list[0].branchId !== first[0].branchId && list[0].branchName.localeCompare(first[0].branchName) > 0,
    );
    if (other) return { pair: first.slice(0, 2), single: other[0] };
  }
  throw new Error('No suitable listings in the demo data');
}

const groupNames = (page: Page) => page.getByTestId('cart-branch-name').allTextContents();
const rowOf = (page: Page, itemId: number) =>
  page.locator(`[data-testid="cart-item-row"][data-item-id="${itemId}"]`);

describe('cart editing', () => {
  it('a buyer edits, sorts, notes, downloads, meets a conflict, checks out and submits', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const token = await signInAs(page, 'buyer@demo.hedgerow.test');
    const { pair, single } = await pickListings(page, token);
    const cart = await api<Cart>(page, token, 'POST', '/api/v1/carts', { name: `E2E cart ${Date.now()}` });
    // The single item first: before sorting its branch's group comes first.
    for (const listing of [single, ...pair]) {
      await api(page, token, 'POST', '/api/v1/cart_items', {
        cartId: cart.id,
        branchId: listing.branchId,
        productVariantId: listing.productVariantId,
        quantity: 1,
      });
    }
    const loaded = await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`);
    const pairItem = loaded.items.find((item) => item.branchId === pair[0].branchId);
    const singleItem = loaded.items.find((item) => item.branchId === single.branchId);
    if (!pairItem || !singleItem) throw new Error('items missing');

    await page.goto(`/quotes/${cart.id}/edit`);
    await expect.poll(() => page.getByTestId('cart-item-row').count()).toBe(3);
    expect(await groupNames(page)).toEqual([single.branchName, pair[0].branchName]);
    await screenshot(page, 'cart-edit-1280');

    // A quantity in the second tier brings that tier's price.
    const row = rowOf(page, pairItem.id);
    const before = await row.getByTestId('cart-item-unit-price').textContent();
    const tierQuantity = pair[0].tiers[1].quantityMin;
    await row.getByTestId('cart-item-quantity').fill(String(tierQuantity));
    await row.getByTestId('cart-item-quantity').press('Enter');
    await expect
      .poll(
        async () =>
          (await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`)).items.find(
            (i) => i.id === pairItem.id,
          )?.quantity,
      )
      .toBe(tierQuantity);
    const saved = (await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`)).items.find(
      (i) => i.id === pairItem.id,
    );
    expect(saved?.price?.quantityMin).toBe(tierQuantity);
    await expect
      .poll(() => row.getByTestId('cart-item-unit-price').textContent())
      .toBe(formatMoney(saved?.price?.value ?? 0));
    expect(await row.getByTestId('cart-item-unit-price').textContent()).not.toBe(before);

    // Sort by supplier: groups follow branch names, and the order is saved.
    await chooseOption(page, 'Sort by', 'Supplier');
    await expect.poll(() => groupNames(page)).toEqual([pair[0].branchName, single.branchName]);
    await expect
      .poll(async () => {
        const items = (await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`)).items;
        return items.find((i) => i.id === singleItem.id)?.sortPosition;
      })
      .toBe(3);

    // Notes in the Download Quote dialog.
    await page.getByRole('button', { name: 'Download Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Quote' });
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Note').fill('Deliver to the north gate');
    await save.click();
    await expect.poll(() => dialog.getByTestId('cart-note').count()).toBe(1);
    expect(await dialog.getByTestId('cart-note').textContent()).toContain('Deliver to the north gate');
    await screenshot(page, 'cart-download-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await expect.poll(() => dialog.getByTestId('cart-note').count()).toBe(0);

    // The PDF and a CSV download with the cart in them.
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'PDF', exact: true }).click(),
    ]);
    const pdfBuffer = fs.readFileSync((await pdfDownload.path()) as string);
    const pdf = await getDocumentProxy(new Uint8Array(pdfBuffer));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(loaded.cartNumber);
    expect(text).toContain(pair[0].branchName);
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Buyer CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await csvDownload.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^"?Line"?,"?Product"?,/);
    await page.keyboard.press('Escape');

    // Another tab changes the single item; this tab's stale change shows the conflict and keeps what was typed.
    const other = await context.newPage();
    await other.goto(`/quotes/${cart.id}/edit`);
    const otherQuantity = rowOf(other, singleItem.id).getByTestId('cart-item-quantity');
    await otherQuantity.fill('7');
    await otherQuantity.press('Enter');
    await expect
      .poll(
        async () =>
          (await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`)).items.find(
            (i) => i.id === singleItem.id,
          )?.quantity,
      )
      .toBe(7);
    await other.close();

    const staleQuantity = rowOf(page, singleItem.id).getByTestId('cart-item-quantity');
    await staleQuantity.fill('9');
    await staleQuantity.press('Enter');
    const conflict = page.getByTestId('cart-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('was changed somewhere else');
    await rowOf(page, singleItem.id).getByTestId('cart-item-unsaved').waitFor();
    // After the reload the typed value is still there.
    await page.waitForTimeout(500);
    expect(await staleQuantity.inputValue()).toBe('9');
    await screenshot(page, 'cart-edit-conflict-1280');
    await rowOf(page, singleItem.id).getByRole('button', { name: 'Save again' }).click();
    await expect
      .poll(
        async () =>
          (await api<Cart>(page, token, 'GET', `/api/v1/carts/${cart.id}`)).items.find(
            (i) => i.id === singleItem.id,
          )?.quantity,
      )
      .toBe(9);

    // Checkout, review and submit: one order per supplier branch.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`**/quotes/${cart.id}/review`);
    await expect.poll(() => page.getByTestId('fulfillment-card').count()).toBe(2);
    await screenshot(page, 'cart-review-1280');
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(`**/quotes/${cart.id}/submitted`);
    await page.getByRole('heading', { name: 'Your cart was submitted' }).waitFor();
    await expect.poll(() => page.getByTestId('cart-order').count()).toBe(2);

    // A submitted cart's edit page sends the buyer to the read-only page.
    await page.goto(`/quotes/${cart.id}/edit`);
    await page.waitForURL(`**/quotes/${cart.id}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone the item rows stack', async () => {
    const { page, problems, context } = await newPage(browser, phone);
    const token = await signInAs(page, 'buyer@demo.hedgerow.test');
    const { pair } = await pickListings(page, token);
    const cart = await api<Cart>(page, token, 'POST', '/api/v1/carts', { name: `E2E phone ${Date.now()}` });
    await api(page, token, 'POST', '/api/v1/cart_items', {
      cartId: cart.id,
      branchId: pair[0].branchId,
      productVariantId: pair[0].productVariantId,
      quantity: 2,
    });
    await page.goto(`/quotes/${cart.id}/edit`);
    await page.getByTestId('cart-item-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'cart-edit-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});
