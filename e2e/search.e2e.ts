import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const headerSearch = (page: Page) => page.getByRole('combobox', { name: 'Search products' }).first();
const rangeText = (page: Page) => page.getByTestId('results-range').textContent();

async function searchFromHeader(page: Page, query: string) {
  await headerSearch(page).fill(query);
  await headerSearch(page).press('Enter');
  await page.waitForURL(`**/search?query=${encodeURIComponent(query)}`);
  await page.getByTestId('product-tile').first().waitFor();
}

describe('product search', () => {
  it('a visitor searches, filters by container, pages, goes back and opens a product', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    await page.goto('/search');
    await expect
      .poll(() => page.getByText('Find plants and hard goods from wholesale suppliers').count())
      .toBe(1);

    // The header dropdown shows live results after two characters.
    await headerSearch(page).fill('ac');
    const dropdown = page.getByTestId('header-search-dropdown');
    await dropdown.getByTestId('header-search-result').first().waitFor();
    expect(await dropdown.getByTestId('header-search-result').count()).toBeGreaterThan(0);
    expect(await dropdown.getByTestId('header-search-result').count()).toBeLessThanOrEqual(10);
    expect(await dropdown.getByRole('button', { name: /^Show (\d[\d,]* More|All) Results$/ }).count()).toBe(
      1,
    );
    await screenshot(page, 'search-header-dropdown-1280', { fullPage: false });
    await headerSearch(page).press('Escape');
    await expect.poll(() => dropdown.isVisible()).toBe(false);

    await searchFromHeader(page, 'maple');
    // Visitors see no prices.
    expect(await page.getByTestId('product-tile').first().getByText('Log in to view pricing').count()).toBe(
      1,
    );
    const unfiltered = await rangeText(page);
    expect(unfiltered).toMatch(/^Results 1-\d+ of \d+$/);

    // A container filter goes into the URL and narrows the results.
    await page.getByTestId('filter-panel').getByRole('checkbox', { name: 'B&B', exact: true }).click();
    await page.waitForURL(/standardContainer=B%26B/);
    await expect
      .poll(() => page.getByRole('button', { name: 'Remove filter Container: B&B' }).count())
      .toBe(1);
    await expect.poll(() => rangeText(page)).not.toBe(unfiltered);
    const firstPage = await rangeText(page);
    expect(firstPage).toMatch(/^Results 1-24 of \d+$/);
    await screenshot(page, 'search-maple-filtered-1280');

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => rangeText(page)).toMatch(/^Results 25-\d+ of \d+$/);

    // Back returns to page 1 of the same filtered search.
    await page.goBack();
    await page.waitForURL(
      (url) => !url.searchParams.has('page') && url.searchParams.has('standardContainer'),
    );
    await expect.poll(() => rangeText(page)).toBe(firstPage);

    await page.getByTestId('product-tile-name').first().click();
    await page.waitForURL(/\/products\/[^/]+$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in buyer sees prices, the supplier filter and a remembered sort', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/search?query=maple');
    await page.getByTestId('product-tile').first().waitFor();
    await expect.poll(() => page.getByTestId('product-price').count()).toBeGreaterThan(0);
    expect(await page.getByText(/^From \$\d[\d,]*\.\d\d$/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('radio', { name: 'Show all suppliers' }).isChecked()).toBe(true);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Common Name (A-Z)', exact: true }).click();
    await page.waitForURL(/sort=secondary_name%7Casc/);
    // A new search without a sort in its URL uses the remembered one.
    await page.goto('/search?query=oak');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue())
      .toBe('Common Name (A-Z)');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("explains a supplier filter that can find nothing, and 'Reset filters' shows every supplier again", async () => {
    const { page, problems, context } = await newPage(browser, phone);
    await page.goto('/');
    const { email } = await signUpThroughApi(page, 'Noor');
    await signInAs(page, email);
    // A new buyer: no favourite suppliers and no cart.
    await page.goto('/search?query=maple&supplierFilter=true&preferredSuppliers=true&activeCart=true');
    const notices = page.getByTestId('supplier-filter-notices');
    await notices.waitFor();
    await page.getByTestId('supplier-notice-no-favorites').waitFor();
    await page.getByTestId('supplier-notice-no-cart').waitFor();
    const noListings = page.getByTestId('supplier-notice-no-listings');
    await noListings.waitFor();
    expect(await noListings.textContent()).toContain('No supplier listings match your criteria');
    expect(await page.getByTestId('supplier-notice-no-cart').getByRole('link').getAttribute('href')).toBe(
      '/quotes/new?action=quote',
    );
    await screenshot(page, 'search-supplier-notices-390');
    await noListings.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByTestId('product-tile').first().waitFor();
    expect(await notices.count()).toBe(0);
    expect(page.url()).not.toContain('supplierFilter');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works at 390 px: the dropdown, then filters in a drawer', async () => {
    const { page, problems, context } = await newPage(browser, phone);
    await page.goto('/search');
    await headerSearch(page).fill('ac');
    await page.getByTestId('header-search-result').first().waitFor();
    await screenshot(page, 'search-header-dropdown-390', { fullPage: false });
    await headerSearch(page).press('Escape');
    await searchFromHeader(page, 'maple');
    await page.getByTestId('filters-button').click();
    await page.getByRole('dialog').getByRole('checkbox', { name: 'B&B', exact: true }).click();
    await page.waitForURL(/standardContainer=B%26B/);
    await page.getByRole('button', { name: /^Show [\d,]+ results$/ }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'search-maple-filtered-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
