import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
let files: string;
beforeAll(async () => {
  browser = await launchBrowser();
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-e2e-freight-'));
  fs.writeFileSync(path.join(files, 'estimate.pdf'), '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  // 1×1 PNG and GIF: the smallest real photos.
  fs.writeFileSync(
    path.join(files, 'front.png'),
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  fs.writeFileSync(
    path.join(files, 'side.gif'),
    Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  );
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const buyerEmail = 'buyer@demo.hedgerow.test';
const supplierEmail = 'supplier@demo.hedgerow.test';
const logisticsEmail = 'logistics@demo.hedgerow.test';
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const today = () => {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
};

async function demoListing(page: Page, token: string) {
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
  return { row, branchId };
}

/** The demo buyer submits a delivery order to Blue Ridge Growers (Hendersonville). */
async function deliveryOrder(page: Page, token: string) {
  const { row, branchId } = await demoListing(page, token);
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
    name: `E2E freight ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 4,
  });
  const { version } = await api<{ version: number }>(page, token, 'GET', `/api/v1/carts/${cart.id}`);
  await api(page, token, 'PUT', `/api/v1/carts/${cart.id}/fulfillments/${branchId}`, {
    version,
    fulfillment: 'delivery',
    requestedOn: dayFromNow(10),
    deliveryAddress: {
      name: 'Site foreman',
      street1: '400 Fayetteville St',
      city: 'Raleigh',
      state: 'NC',
      postalCode: '27601',
      country: 'USA',
      phone: '(919) 555-0142',
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

const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

describe('freight estimates', () => {
  it('platform freight → the logistics admin estimates with a PDF → the buyer sees the freight and no Freight Pending', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await deliveryOrder(buyer.page, buyerToken);

    const supplier = await newPage(browser, desktop);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto(`/purchase_orders/${order.id}/respond`);
    await supplier.page.getByText('Hedgerow arranges freight').click();
    await supplier.page.getByTestId('respond-submit').click();
    await supplier.page.getByTestId('respond-confirmation').waitFor();
    await supplier.context.close();

    await buyer.page.goto(`/orders/${order.id}`);
    await expect
      .poll(() => buyer.page.getByTestId('order-state-badge').textContent())
      .toBe('Confirmed (Freight Pending)');

    const logistics = await newPage(browser, desktop);
    await signInAs(logistics.page, logisticsEmail);
    await logistics.page.goto('/admin/logistics');
    const row = logistics.page.getByTestId('freight-request-row').filter({ hasText: order.orderNumber });
    await row.waitFor();
    await screenshot(logistics.page, 'freight-queue-1280');
    await row.getByRole('link', { name: 'Create Freight Estimate' }).click();
    await logistics.page.getByTestId('freight-estimate-form').waitFor();
    await logistics.page.getByTestId('estimate-cost').fill('612.50');
    await logistics.page
      .getByTestId('freight-estimate-form')
      .locator('input[type="file"]')
      .setInputFiles(path.join(files, 'estimate.pdf'));
    await screenshot(logistics.page, 'freight-estimate-1280');
    await logistics.page.getByRole('button', { name: 'Create Freight Estimate' }).click();
    await logistics.page.waitForURL(/\/messages\/\d+/);
    await logistics.page.getByRole('button', { name: 'Freight Estimate Added' }).waitFor();
    expect(await logistics.page.getByTestId('feed-attachments').textContent()).toContain('estimate.pdf');
    expect(logistics.problems).toEqual([]);
    await logistics.context.close();

    await buyer.page.reload();
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Confirmed');
    const amounts = buyer.page.getByTestId('order-amounts');
    expect(await amounts.textContent()).toContain('$612.50');
    const lines = await amounts.locator('[data-testid="order-total"]').textContent();
    const view = await api<{
      total: number;
      amounts: { subtotal: { data: number }; shipping: { data: number }; taxes?: { data: number } };
    }>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(view.amounts.shipping.data).toBe(61_250);
    expect(money(lines)).toBe(view.total);
    await screenshot(buyer.page, 'freight-order-buyer-1280');
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });
});

describe('photo requests', () => {
  it('a buyer asks for photos → the supplier replies with two photos → the buyer adds the item to its cart', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const { row } = await demoListing(buyer.page, buyerToken);
    const product = (row as AvailabilityRow & { product?: { pathIdentifier: string } }).product;
    if (!product) throw new Error('The availability row names no product');
    await buyer.page.goto(`/products/${product.pathIdentifier}`);
    // The demo supplier's row of the branch table (both Blue Ridge Growers branches are its own).
    await buyer.page.getByTestId('request-photos').first().waitFor();
    const request = buyer.page
      .locator('tr')
      .filter({ hasText: 'Blue Ridge Growers' })
      .getByTestId('request-photos')
      .first();
    await request.click();
    await buyer.page
      .getByRole('textbox', { name: 'Notes' })
      .fill('Full crowns please, with something for scale.');
    await screenshot(buyer.page, 'photo-request-1280', { fullPage: false });
    await buyer.page.getByRole('button', { name: 'Send Request' }).click();
    await buyer.page.waitForURL(/\/messages\/\d+/);
    const threadUrl = buyer.page.url();

    const supplier = await newPage(browser, phone);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto(threadUrl);
    await supplier.page.getByRole('button', { name: 'Add Photos' }).click();
    await supplier.page
      .getByTestId('add-photos-form')
      .locator('input[type="file"]')
      .setInputFiles([path.join(files, 'front.png'), path.join(files, 'side.gif')]);
    await supplier.page.getByTestId('add-photos-date').fill(today());
    await supplier.page.getByText('Yes, show on the product page').click();
    await supplier.page.getByRole('button', { name: 'Send Photos' }).click();
    await supplier.page.getByRole('button', { name: 'Photos Added' }).waitFor();
    await supplier.page.getByRole('button', { name: 'Undo' }).waitFor();
    await screenshot(supplier.page, 'photo-reply-supplier-390');
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    await buyer.page.reload();
    await expect.poll(() => buyer.page.getByTestId('reply-photo').count()).toBe(2);
    const adder = buyer.page.getByTestId('photo-cart-adder');
    await adder.getByRole('button', { name: 'Add to Cart' }).click();
    const noCart = buyer.page.getByTestId('photo-cart-no-cart');
    await expect
      .poll(
        async () =>
          (await noCart.count()) > 0 ||
          (await adder.getByRole('button', { name: 'Added to Cart' }).count()) > 0,
      )
      .toBe(true);
    if ((await noCart.count()) === 0)
      expect(await adder.getByRole('button', { name: 'Added to Cart' }).isDisabled()).toBe(true);
    await screenshot(buyer.page, 'photo-reply-buyer-1280');
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });
});
