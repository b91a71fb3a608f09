import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the home page', () => {
  for (const [label, viewport] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    it(`a visitor sees the landing page with a search box and a sign-up call at ${label} px`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      await page.goto('/');
      await expect.poll(() => page.getByTestId('landing-search').count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Sign Up' }).count()).toBeGreaterThan(0);
      // The footer is drawn just after the page's first render (it is below the fold).
      await expect.poll(() => page.getByText(`© ${new Date().getFullYear()} Hedgerow`).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `home-signed-out-${label}`);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`a signed-in buyer is greeted by first name at ${label} px`, async () => {
      const { page, context, problems } = await newPage(browser, viewport);
      await signInAs(page, 'buyer@demo.hedgerow.test');
      await page.goto('/');
      await page.waitForURL('**/home');
      await expect.poll(() => page.getByText(/Good (morning|afternoon|evening), Dana/).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `home-signed-in-${label}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('an unknown address shows the 404 page inside the shell', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText("We couldn't find that page").count()).toBe(1);
    await expect.poll(() => page.getByRole('contentinfo').count()).toBe(1);
    await context.close();
  });

  it("the header's Plants menu lists families, and a family opens the search scoped to it", async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Plants' }).click();
    const family = page
      .getByTestId('product-group-menu-Plants')
      .getByRole('menuitem', { name: 'Acer', exact: true });
    await family.waitFor();
    expect(await family.getAttribute('href')).toBe('/search?productGroupSlug=trees&productFamilySlug=acer');
    await family.click();
    await page.waitForURL('**/search?productGroupSlug=trees&productFamilySlug=acer');
    await expect.poll(() => page.getByTestId('active-filters').getByText('Family: acer').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the search box sends the query to the search page', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/about');
    const search = page.getByRole('banner').getByPlaceholder('Search products');
    await search.fill('red maple');
    await search.press('Enter');
    await page.waitForURL('**/search?query=red*maple');
    await context.close();
  });
});
