import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/accounts';
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
    await expect.poll(() => page.getByTestId('order-items').count()).toBe(1);
    await expect.poll(() => page.getByText(`Order ${orderNumber}`).count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-order-1280');

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
