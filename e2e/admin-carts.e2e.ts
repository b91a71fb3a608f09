import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const shotsDir = '/work/wt/shots/h20c';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

type AdminCart = {
  cart: { id: number; cartNumber: string; items: { id: number; name: string; branchId: number }[] };
  lines: { itemId: number; branchOptions: { id: number; name: string }[] }[];
};

/**
 * The demo buyer's new cart holding one line that another branch also lists: lines are added from the
 * demo supplier until Beehive shows one with another branch, and the rest are removed.
 */
async function cartWithMovableLine(buyer: Page, buyerToken: string, admin: Page, adminToken: string) {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    buyer,
    buyerToken,
    'GET',
    '/api/v1/branches/blue-ridge-growers-hendersonville/availabilities?perPage=100',
  );
  const rows = (Array.isArray(answer) ? answer : answer.results).filter(
    (row) => row.priceTiers?.length && (row.ignoreQuantity || row.quantity >= 10),
  );
  const cart = await api<{ id: number; cartNumber: string }>(buyer, buyerToken, 'POST', '/api/v1/carts', {
    name: `Staff tools ${Date.now()}`,
  });
  for (const row of rows.slice(0, 40)) {
    await api(buyer, buyerToken, 'POST', '/api/v1/cart_items', {
      cartId: cart.id,
      branchId: row.branch?.id ?? row.branchId,
      productVariantId: row.productVariantId,
      quantity: 3,
    });
    const view = await api<AdminCart>(
      admin,
      adminToken,
      'GET',
      `/api/internal/carts/by_number/${cart.cartNumber}`,
    );
    const movable = view.lines.find((line) => line.branchOptions.length > 0);
    if (!movable) continue;
    for (const item of view.cart.items) {
      if (item.id === movable.itemId) continue;
      const removed = await buyer.request.delete(`/api/v1/cart_items/${item.id}`, {
        headers: { Authorization: `Bearer ${buyerToken}` },
      });
      expect(removed.ok()).toBe(true);
    }
    const item = view.cart.items.find((candidate) => candidate.id === movable.itemId);
    return { cart, item: item as AdminCart['cart']['items'][number], target: movable.branchOptions[0] };
  }
  throw new Error('No demo size is listed by two branches');
}

describe('Beehive cart tools', () => {
  it('staff override a line price and move the line; the buyer sees both, never the staff note', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const staff = await newPage(browser, desktop);
    const adminToken = await signInAs(staff.page, 'admin@demo.hedgerow.test');
    const { cart, item, target } = await cartWithMovableLine(buyer.page, buyerToken, staff.page, adminToken);

    const { page } = staff;
    await page.goto(`/admin/carts/${cart.cartNumber}/edit`);
    await page.getByTestId('admin-cart-lines').waitFor();

    // A price staff agreed: $12.34 a unit for the buyer.
    await page.getByRole('button', { name: 'Edit prices' }).click();
    await page.getByRole('textbox', { name: 'Buyer price' }).fill('12.34');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await expect
      .poll(() => page.getByTestId('admin-cart-lines').getByText('$12.34').count())
      .toBeGreaterThan(0);
    // 3 at $12.34.
    await expect.poll(() => page.getByTestId('admin-cart-lines').getByText('$37.02').count()).toBe(1);

    // Move the line to the other branch listing its size.
    await page.getByRole('combobox', { name: `Branch of ${item.name}` }).click();
    await page.getByRole('option', { name: new RegExp(`^${target.name.replace(/[()]/g, '\\$&')}`) }).click();
    await expect
      .poll(
        async () =>
          (await api<AdminCart>(page, adminToken, 'GET', `/api/internal/carts/by_number/${cart.cartNumber}`))
            .cart.items[0].branchId,
      )
      .toBe(target.id);

    await page
      .getByRole('textbox', { name: 'Add a staff note' })
      .fill('Price agreed with the supplier by phone');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() =>
        page.getByTestId('internal-notes').getByText('Price agreed with the supplier by phone').count(),
      )
      .toBe(1);
    await shot(page, 'admin-cart-1280');
    await screenshot(page, 'admin-cart-1280');
    expect(staff.problems).toEqual([]);

    // The buyer's cart shows the staff price at the new branch, and nothing of the note.
    await buyer.page.goto(`/quotes/${cart.id}/edit`);
    await expect.poll(() => buyer.page.getByText('$12.34').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await buyer.page.getByText(target.name).count()).toBeGreaterThan(0);
    expect(await buyer.page.getByText('Price agreed with the supplier').count()).toBe(0);
    expect(buyer.problems).toEqual([]);

    const small = await newPage(browser, phone);
    await signInAs(small.page, 'admin@demo.hedgerow.test');
    await small.page.goto(`/admin/carts/${cart.cartNumber}/edit`);
    await small.page.getByTestId('admin-cart-lines').waitFor();
    await shot(small.page, 'admin-cart-390');
    await small.page.goto('/admin/caretaker');
    await small.page
      .locator('[data-testid=caretaker-orders],[data-testid=caretaker-empty]')
      .first()
      .waitFor();
    await small.page.waitForLoadState('networkidle');
    await shot(small.page, 'caretaker-390');
    expect(small.problems).toEqual([]);
    await small.context.close();

    await page.goto('/admin/caretaker');
    await page.locator('[data-testid=caretaker-orders],[data-testid=caretaker-empty]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'caretaker-1280');
    await page.goto('/admin/carts');
    await page.getByTestId('admin-carts').waitFor();
    await shot(page, 'admin-carts-1280');
    await page.goto('/admin/accounting');
    await page.getByText('Export for QuickBooks').waitFor();
    await shot(page, 'accounting-1280');
    await staff.context.close();
    await buyer.context.close();
  });
});
