import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/domain/money';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type OrderItem = {
  price?: number | null;
  total?: number;
  supplierPrice?: number | null;
  totalSupplierPrice?: number;
};
type Order = { id: number; orderNumber: string; items: OrderItem[] };

/** The demo buyer submits a cart of two priced items from the demo supplier's Hendersonville branch. */
async function submitOrderToDemoSupplier(page: Page, token: string) {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    page,
    token,
    'GET',
    '/api/v1/branches/blue-ridge-growers-hendersonville/availabilities',
  );
  const rows = (Array.isArray(answer) ? answer : answer.results).filter(
    (row) => row.priceTiers?.length && (row.ignoreQuantity || row.quantity >= 5),
  );
  if (rows.length < 2) throw new Error('The demo supplier lists too few priced items');
  const branchId = rows[0].branch?.id ?? rows[0].branchId;
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
    name: `E2E order ${Date.now()}`,
  });
  for (const row of rows.slice(0, 2)) {
    await api(page, token, 'POST', '/api/v1/cart_items', {
      cartId: cart.id,
      branchId,
      productVariantId: row.productVariantId,
      quantity: 2,
    });
  }
  const submitted = await api<{ orders: { id: number; orderNumber: string }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  return submitted.orders[0];
}

describe('order page', () => {
  it('shows the buyer and the supplier their order, with documents; others get not found', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const created = await submitOrderToDemoSupplier(buyer.page, buyerToken);
    const asBuyer = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${created.id}`);

    await buyer.page.goto(`/orders/${created.id}`);
    const badge = buyer.page.getByTestId('order-state-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Supplier Reviewing');
    await buyer.page.getByRole('heading', { name: `Order ${created.orderNumber}` }).waitFor();
    const submittedStep = buyer.page.locator('[data-testid="order-timeline-step"][data-step="submitted"]');
    expect(await submittedStep.getAttribute('data-status')).toBe('done');
    expect(await submittedStep.textContent()).toContain('Submitted');
    const sentStep = buyer.page.locator(
      '[data-testid="order-timeline-step"][data-step="purchase_order_sent"]',
    );
    expect(await sentStep.getAttribute('data-status')).toBe('current');
    await expect
      .poll(() => buyer.page.getByTestId('order-counterpart').textContent())
      .toContain('Blue Ridge Growers');
    expect(await buyer.page.getByTestId('order-item-row').count()).toBe(2);
    const buyerPrices = await buyer.page.getByTestId('order-item-price').allTextContents();
    expect(buyerPrices).toEqual(asBuyer.items.map((item) => formatMoney(item.price ?? 0)));
    // The buyer may propose a new date, never answer the purchase order.
    const buyerActions = buyer.page.getByTestId('order-actions');
    expect(await buyerActions.getByRole('button', { name: 'Propose a new date' }).count()).toBe(1);
    expect(await buyerActions.getByRole('link', { name: 'Respond to Order' }).count()).toBe(0);
    await screenshot(buyer.page, 'order-buyer-1280');

    // The purchase order downloads through the download page.
    await buyer.page.getByRole('link', { name: 'Purchase order (PDF)' }).click();
    const [pdfDownload] = await Promise.all([
      buyer.page.waitForEvent('download'),
      buyer.page.waitForURL(`**/downloads/${created.id}/order_document?type=purchase_order`),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`Purchase Order ${created.orderNumber}.pdf`);
    const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync((await pdfDownload.path()) as string)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(created.orderNumber);
    expect(text).toContain(formatMoney(asBuyer.items[0].price ?? 0));
    await buyer.page.getByRole('heading', { name: 'Your download should start in a moment' }).waitFor();
    await buyer.page.getByRole('link', { name: 'Back to the order' }).click();
    await buyer.page.waitForURL(`**/orders/${created.id}`);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();

    const buyerPhone = await newPage(browser, phone);
    await signInAs(buyerPhone.page, 'buyer@demo.hedgerow.test');
    await buyerPhone.page.goto(`/orders/${created.id}`);
    await buyerPhone.page.getByTestId('order-item-row').first().waitFor();
    const overflow = await buyerPhone.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await screenshot(buyerPhone.page, 'order-buyer-390');
    await buyerPhone.context.close();

    // The demo supplier answers for the branch, with its own prices.
    for (const viewport of [desktop, phone]) {
      const supplier = await newPage(browser, viewport);
      const supplierToken = await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
      const asSupplier = await api<Order>(
        supplier.page,
        supplierToken,
        'GET',
        `/api/v1/orders/${created.id}`,
      );
      await supplier.page.goto(`/orders/${created.id}`);
      await supplier.page.getByTestId('order-state-badge').waitFor();
      expect(await supplier.page.getByTestId('order-state-badge').textContent()).toBe('Needs Response');
      expect(await supplier.page.getByTestId('order-item-price').allTextContents()).toEqual(
        asSupplier.items.map((item) => formatMoney(item.supplierPrice ?? 0)),
      );
      await supplier.page.getByRole('link', { name: 'Respond to Order' }).waitFor();
      await expect
        .poll(() => supplier.page.getByTestId('order-counterpart').textContent())
        .toContain('Buyer:');
      await screenshot(supplier.page, `order-supplier-${viewport.width}`);
      expect(supplier.problems).toEqual([]);
      await supplier.context.close();
    }

    // Another buyer organisation's user is told there is no such page.
    const other = await newPage(browser, desktop);
    await signInAs(other.page, 'newbuyer@demo.hedgerow.test');
    await other.page.goto(`/orders/${created.id}`);
    await other.page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
    expect(await other.page.getByTestId('order-state-badge').count()).toBe(0);
    expect(other.problems).toEqual([]);
    await other.context.close();
  });
});
