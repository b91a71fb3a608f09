import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/accounts';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type ListAnswer = { results: { orderNumber: string; state: string }[] };

describe('Beehive order page', () => {
  it('an admin opens an order and holds it for review', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'admin@demo.hedgerow.test');
    const headers = { authorization: `Bearer ${token}` };
    let orderNumber: string | null = null;
    for (const state of ['purchase_order_sent', 'confirmed', 'submitted', 'needs_supplier_review']) {
      const response = await page.request.get(`/api/internal/orders?state=${state}&perPage=1`, { headers });
      expect(response.ok()).toBe(true);
      orderNumber = ((await response.json()) as ListAnswer).results[0]?.orderNumber ?? null;
      if (orderNumber) break;
    }
    expect(orderNumber).not.toBeNull();

    await page.goto(`/admin/orders/${encodeURIComponent(orderNumber as string)}`);
    // waitFor rather than a 1-second poll: the first load of the admin chunk is slow on a busy machine.
    await page.getByTestId('order-items').waitFor();
    await expect.poll(() => page.getByText(`Order ${orderNumber}`).count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-order-1280');
    await shot(page, 'admin-order-1280');

    await chooseOption(page, 'Move', 'Hold for staff review → under Hedgerow review');
    await page.getByTestId('move-order-reason').fill('Checking the price with the supplier');
    await page.getByTestId('move-order-submit').click();
    await page.getByTestId('move-order-confirm').click();
    await expect.poll(() => page.getByTestId('move-order-done').count()).toBe(1);
    await expect.poll(() => page.getByTestId('order-state').textContent()).toContain('needs_review');
    expect(await page.getByTestId('order-events').getByText('Hold for staff review').count()).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'admin-order-moved-1280');
    expect(problems).toEqual([]);
    await context.close();

    const small = await newPage(browser, phone);
    await signInAs(small.page, 'admin@demo.hedgerow.test');
    await small.page.goto(`/admin/orders/${encodeURIComponent(orderNumber as string)}`);
    await expect.poll(() => small.page.getByTestId('order-state').textContent()).toContain('needs_review');
    await screenshot(small.page, 'admin-order-390');
    expect(small.problems).toEqual([]);
    await small.context.close();
  });
});

const shotsDir = '/tmp/shots-orders';
/** Screenshots for the orders helper's own review (full page). */
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

type StaffOrder = {
  id: number;
  orderNumber: string;
  version: number;
  state: string;
  branchId: number;
  supplier: { branchName: string };
};

/** The demo buyer submits a pickup order of one item from Blue Ridge Growers (Hendersonville). */
async function submitOrder(page: Page, token: string) {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    page,
    token,
    'GET',
    '/api/v1/branches/blue-ridge-growers-hendersonville/availabilities',
  );
  const row = (Array.isArray(answer) ? answer : answer.results).find(
    (candidate) => candidate.priceTiers?.length && (candidate.ignoreQuantity || candidate.quantity >= 10),
  );
  const branchId = row?.branch?.id ?? row?.branchId;
  if (!row || !branchId) throw new Error('The demo supplier lists no priced item');
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
    name: `E2E staff ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 3,
  });
  const submitted = await api<{ orders: { id: number; orderNumber: string }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  return submitted.orders[0];
}

describe('Beehive staff actions', () => {
  it('staff swap the supplier, deactivate and reactivate, and are told when the order changed underneath', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const submitted = await submitOrder(buyer.page, buyerToken);

    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'admin@demo.hedgerow.test');
    await page.goto(`/admin/orders/${encodeURIComponent(submitted.orderNumber)}`);
    await page.getByTestId('staff-actions').waitFor();
    const before = await api<StaffOrder>(
      page,
      token,
      'GET',
      `/api/internal/orders/by_number/${submitted.orderNumber}`,
    );
    expect(before.version).toBe(1);

    // Swap supplier: choose a branch, keep Update pricing, add a note, confirm.
    await page.getByTestId('swap-supplier-open').click();
    await page.getByTestId('swap-supplier-form').waitFor();
    await page.getByRole('combobox', { name: /^New branch/ }).click();
    const firstOption = page.getByRole('option').first();
    await firstOption.waitFor();
    const optionText = (await firstOption.textContent()) ?? '';
    await firstOption.click();
    await page.getByTestId('swap-supplier-note').fill('Please call the site before loading');
    await page.getByTestId('swap-supplier-reason').fill('Hendersonville is short this week');
    await page.getByTestId('swap-supplier-submit').click();
    await page.getByTestId('swap-supplier-confirm-text').waitFor();
    expect(await page.getByTestId('swap-supplier-confirm-text').textContent()).toContain('version 2');
    await shot(page, 'admin-order-swap-supplier-dialog-1280');
    await page.getByTestId('swap-supplier-confirm').click();
    await page.getByTestId('staff-action-done').waitFor();
    expect(await page.getByTestId('staff-action-done').textContent()).toContain('version 2');
    const swapped = await api<StaffOrder>(
      page,
      token,
      'GET',
      `/api/internal/orders/by_number/${submitted.orderNumber}`,
    );
    expect(swapped.version).toBe(2);
    expect(swapped.branchId).not.toBe(before.branchId);
    expect(optionText).toContain(swapped.supplier.branchName);
    await expect.poll(() => page.getByTestId('order-version-row').count()).toBe(2);
    expect(await page.getByTestId('order-events').getByText('Hedgerow changed the supplier').count()).toBe(1);
    expect(
      await page.getByTestId('order-events').getByText('Hendersonville is short this week').count(),
    ).toBe(1);

    // Deactivate with a reason: the badge shows and the buyer's list drops it.
    await page.getByTestId('deactivate-open').click();
    await page.getByTestId('activation-confirm').click();
    await page.getByText('Enter a reason for this order').waitFor();
    await page.getByTestId('activation-reason').fill('Duplicate of another order');
    await page.getByTestId('activation-confirm').click();
    await page.getByTestId('order-deactivated-badge').waitFor();
    expect(await page.getByTestId('order-deactivated').textContent()).toContain('Duplicate of another order');
    const buyerList = await api<{ results: { id: number }[] }>(
      buyer.page,
      buyerToken,
      'GET',
      '/api/v1/orders?tab=buyer&perPage=100',
    );
    expect(buyerList.results.map((row) => row.id)).not.toContain(submitted.id);
    await shot(page, 'admin-order-deactivated-1280');

    // The buyer's order page shows the notice.
    await buyer.page.goto(`/orders/${submitted.id}`);
    await buyer.page.getByTestId('order-deactivated').waitFor();
    expect(await buyer.page.getByTestId('order-deactivated').textContent()).not.toContain('Duplicate');

    await page.getByTestId('reactivate-open').click();
    await page.getByTestId('activation-reason').fill('Not a duplicate after all');
    await page.getByTestId('activation-confirm').click();
    await expect.poll(() => page.getByTestId('order-deactivated-badge').count()).toBe(0);
    const relisted = await api<{ results: { id: number }[] }>(
      buyer.page,
      buyerToken,
      'GET',
      '/api/v1/orders?tab=buyer&perPage=100',
    );
    expect(relisted.results.map((row) => row.id)).toContain(submitted.id);

    // Another staff member swaps the supplier back while this page still shows version 2.
    await page.getByTestId('swap-supplier-open').click();
    await page.getByRole('combobox', { name: /^New branch/ }).click();
    await page.getByRole('option').first().click();
    await page.getByTestId('swap-supplier-submit').click();
    await api(page, token, 'POST', `/api/internal/orders/${submitted.id}/swap_supplier`, {
      version: 2,
      branchId: before.branchId,
      sendEmail: false,
    });
    await page.getByTestId('swap-supplier-confirm').click();
    await page.getByTestId('staff-action-conflict').waitFor();
    expect(await page.getByTestId('staff-action-conflict').textContent()).toContain('version 3');
    await expect.poll(() => page.getByTestId('order-version-row').count()).toBe(3);
    await shot(page, 'admin-order-conflict-1280');
    expect(problems).toEqual([]);
    await context.close();
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();

    const small = await newPage(browser, phone);
    await signInAs(small.page, 'admin@demo.hedgerow.test');
    await small.page.goto(`/admin/orders/${encodeURIComponent(submitted.orderNumber)}`);
    await small.page.getByTestId('staff-actions').waitFor();
    await expect.poll(() => small.page.getByTestId('order-version-row').count()).toBe(3);
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await shot(small.page, 'admin-order-390');
    await small.page.getByTestId('swap-supplier-open').click();
    await small.page.getByTestId('swap-supplier-form').waitFor();
    await small.page.waitForTimeout(500); // the dialog's opening transition
    await small.page.screenshot({ path: path.join(shotsDir, 'admin-order-swap-dialog-390.png') });
    expect(small.problems).toEqual([]);
    await small.context.close();
  });
});
