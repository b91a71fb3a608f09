import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.getByTestId('order-row');
const statuses = async (page: Page) => (await page.getByTestId('order-status').allTextContents()).sort();

describe('orders list', () => {
  it('the demo buyer sees its orders with status badges and filters by Needs Response', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/orders');
    await expect.poll(() => page.getByRole('heading', { name: 'Orders', level: 1 }).count()).toBe(1);
    await rows(page).first().waitFor();
    // A buyer-only user has the Buyer tab and no Supplier tab.
    expect(await page.getByRole('tab', { name: 'Buyer' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Supplier' }).count()).toBe(0);
    expect(await rows(page).count()).toBeGreaterThan(10);
    const all = await statuses(page);
    expect(all).toContain('Supplier Reviewing');
    expect(all).toContain('Fulfilled');
    // (The demo buyer's proposals to review sit past the first page, behind its newer invoiced
    // orders; the Needs Response filter below finds them.)
    expect(await page.getByRole('columnheader', { name: 'Supplier' }).count()).toBe(1);
    await screenshot(page, 'orders-buyer-1280');

    await page.getByText('Needs Response', { exact: true }).click();
    await page.waitForURL(/orderType=needs_response/);
    await expect.poll(async () => [...new Set(await statuses(page))]).toEqual(['Needs Proposal Review']);

    // Filters survive a reload; a search that matches nothing offers Reset Filters.
    await page.reload();
    await expect.poll(async () => [...new Set(await statuses(page))]).toEqual(['Needs Proposal Review']);
    await page.getByRole('textbox', { name: 'Search orders' }).fill('no such order zzz');
    await page.waitForURL(/query=no/);
    await expect
      .poll(() => page.getByTestId('orders-empty').textContent())
      .toContain('No orders match your filters');
    await page.getByTestId('orders-empty').getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => !url.search.includes('orderType') && !url.search.includes('query'));
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);

    // Sorting by total, then opening an order.
    await page.getByRole('button', { name: 'Total' }).click();
    await page.waitForURL(/sort=total%7Casc|sort=total\|asc/);
    await rows(page).first().getByRole('link').first().click();
    await page.waitForURL(/\/orders\/\d+$/);

    const mobile = await newPage(browser, phone);
    await signInAs(mobile.page, 'buyer@demo.hedgerow.test');
    await mobile.page.goto('/orders');
    // On a phone each order is a card with its state and total, so nothing scrolls sideways.
    await mobile.page.getByTestId('order-card').first().waitFor();
    const pageWidth = await mobile.page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(phone.width);
    await screenshot(mobile.page, 'orders-buyer-390');
    expect(mobile.problems).toEqual([]);
    await mobile.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the demo supplier sees the Supplier tab with its branches’ orders', async () => {
    for (const viewport of [desktop, phone]) {
      const { page, problems, context } = await newPage(browser, viewport);
      await signInAs(page, 'supplier@demo.hedgerow.test');
      await page.goto('/orders');
      await (viewport === desktop ? rows(page) : page.getByTestId('order-card')).first().waitFor();
      expect(await page.getByRole('tab', { name: 'Supplier' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('tab', { name: 'Buyer' }).count()).toBe(0);
      expect(await statuses(page)).toContain('Needs Response');
      if (viewport === desktop) {
        expect(await page.getByRole('columnheader', { name: 'Buyer' }).count()).toBe(1);
        expect(await page.getByRole('columnheader', { name: 'Branch' }).count()).toBe(1);
        expect(await page.getByRole('cell', { name: /Greenline Landscaping/ }).count()).toBeGreaterThan(0);
      } else {
        expect(
          await page
            .getByTestId('order-card')
            .first()
            .getByText(/Greenline Landscaping/)
            .count(),
        ).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          phone.width,
        );
      }
      await screenshot(page, `orders-supplier-${viewport.width}`);
      if (viewport === desktop) {
        // Orders waiting for the supplier: new purchase orders, and changes other journeys left for it.
        await page.goto('/orders?orderType=needs_response');
        await expect.poll(async () => (await statuses(page)).includes('Needs Response')).toBe(true);
        for (const status of await statuses(page)) {
          expect(['Needs Response', 'Needs Proposal Review']).toContain(status);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
