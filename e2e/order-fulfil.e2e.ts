import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const shotsDir = '/tmp/shots-orders';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const instructions = 'Gate code 4512; unload at the north lot';

/** The demo buyer's delivery order from Blue Ridge Growers (Hendersonville), due in two days. */
async function submitDeliveryOrder(page: Page, token: string) {
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
    name: `E2E fulfil ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 5,
  });
  const { version } = await api<{ version: number }>(page, token, 'GET', `/api/v1/carts/${cart.id}`);
  await api(page, token, 'PUT', `/api/v1/carts/${cart.id}/fulfillments/${branchId}`, {
    version,
    fulfillment: 'delivery',
    requestedOn: dayFromNow(2),
    deliveryInstructions: instructions,
    deliveryAddress: {
      name: 'Site foreman',
      street1: '12 Orchard Lane',
      city: 'Asheville',
      state: 'NC',
      postalCode: '28801',
      country: 'USA',
      phone: '(828) 555-0142',
    },
  });
  const submitted = await api<{ orders: { id: number; orderNumber: string; branchId: number }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  return submitted.orders.find((entry) => entry.branchId === branchId) ?? submitted.orders[0];
}

describe('fulfilling an order', () => {
  it('delivery instructions show only with DELIVERY_INSTRUCTIONS; the supplier marks the order fulfilled and the buyer sees it', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const order = await submitDeliveryOrder(buyer.page, buyerToken);

    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
    const seen = await api<{ version: number }>(
      supplier.page,
      supplierToken,
      'GET',
      `/api/v1/orders/${order.id}`,
    );
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${order.id}/respond`, {
      version: seen.version,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 4_500,
      shippingNotes: 'Box truck',
    });

    // The feature is off for the buyer: the address shows, the instructions do not.
    const admin = await newPage(browser, desktop);
    const adminToken = await signInAs(admin.page, 'admin@demo.hedgerow.test');
    const features = await api<{ results: { id: number; name: string }[] }>(
      admin.page,
      adminToken,
      'GET',
      '/api/internal/features',
    );
    const feature = features.results.find((entry) => entry.name === 'DELIVERY_INSTRUCTIONS');
    if (!feature) throw new Error('DELIVERY_INSTRUCTIONS is not a known feature');
    await admin.page.request.fetch(`/api/internal/features/${feature.id}`, {
      method: 'PATCH',
      data: { active: true, enabledGlobally: false },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const me = await api<{ id: number }>(buyer.page, buyerToken, 'GET', '/api/v1/users/current');
    const enable = (enabled: boolean) =>
      admin.page.request.fetch(`/api/internal/features/${feature.id}/enablements`, {
        method: 'POST',
        data: { userId: me.id, enabled },
        headers: { Authorization: `Bearer ${adminToken}` },
      });
    await enable(false);
    await buyer.page.goto(`/orders/${order.id}`);
    await buyer.page.getByTestId('order-delivery-address').waitFor();
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Confirmed');
    expect(await buyer.page.getByTestId('order-delivery-instructions').count()).toBe(0);

    // Turned on for this buyer, the instructions appear.
    const enabled = await enable(true);
    expect(enabled.ok(), await enabled.text()).toBe(true);
    await admin.context.close();
    await buyer.page.reload();
    await buyer.page.getByTestId('order-delivery-instructions').waitFor();
    expect(await buyer.page.getByTestId('order-delivery-instructions').textContent()).toContain(instructions);

    // The supplier marks it fulfilled from the fulfilment queue.
    await supplier.page.goto('/orders/fulfillment');
    const row = supplier.page.locator(`[data-testid="queue-order"][data-order-id="${order.id}"]`);
    await row.waitFor();
    await shot(supplier.page, 'order-fulfillment-1280');
    await row.getByRole('button', { name: 'Mark fulfilled' }).click();
    const dialog = supplier.page.getByRole('dialog', { name: 'Mark this order fulfilled' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark fulfilled' }).click();
    // Today is before the requested day (in two days): the dialog asks first.
    const early = supplier.page.getByRole('dialog', { name: 'Fulfilled before the requested date?' });
    await early.waitFor();
    expect(await early.getByTestId('fulfil-early').textContent()).toContain('before the requested date');
    await shot(supplier.page, 'order-fulfil-early-confirm-1280');
    await early.getByRole('button', { name: 'Yes, it was fulfilled early' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    await buyer.page.reload();
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Fulfilled');
    expect(
      await buyer.page
        .locator('[data-testid="order-timeline-step"][data-step="invoiced"]')
        .getAttribute('data-status'),
    ).toBe('current');
    // Reorder: a new cart with the same item, opened for editing.
    await buyer.page.getByTestId('order-reorder').click();
    await buyer.page.waitForURL(/\/quotes\/\d+\/edit\?reorder=true$/);
    await expect
      .poll(() => buyer.page.getByText('This is a copy of a submitted cart.', { exact: false }).count())
      .toBe(1);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();

    // The buyer's order page on a phone: the versions list links each version's purchase order.
    const small = await newPage(browser, phone);
    await signInAs(small.page, 'buyer@demo.hedgerow.test');
    await small.page.goto(`/orders/${order.id}`);
    await small.page.getByTestId('order-versions').waitFor();
    expect(await small.page.getByTestId('order-version-po').first().getAttribute('href')).toBe(
      `/downloads/${order.id}/order_document?type=purchase_order&version=1`,
    );
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await shot(small.page, 'order-page-buyer-390');
    expect(small.problems).toEqual([]);
    await small.context.close();
  });
});
