import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

const buyerEmail = 'buyer@demo.hedgerow.test';
const newBuyerEmail = 'newbuyer@demo.hedgerow.test';
const productPath = '/products/acer-rubrum-october-glory';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const headerCart = (page: Page) => page.getByTestId('header-cart');

describe('saved carts', () => {
  it('a buyer adds an item from a branch table, sees it in the header and on /quotes, and copies the cart', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, buyerEmail);
    const current = await page.request.get('/api/v1/carts/current', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const hadCart = ((await current.json()) as { cart: { cartItemsCount: number } | null }).cart;
    await page.goto(productPath);
    await page.getByTestId('branch-row').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Add to cart' }).count()).toBe(1);

    if (hadCart) {
      // Another journey left the buyer a current cart: the add goes straight into it.
      await page
        .getByRole('button', { name: /^Add .* to cart$/ })
        .first()
        .click();
      await expect.poll(() => page.getByText(/^Success: Added to /).count()).toBe(1);
      await expect
        .poll(() => headerCart(page).getAttribute('aria-label'))
        .toBe(`Cart: ${hadCart.cartItemsCount + 1} ${hadCart.cartItemsCount === 0 ? 'item' : 'items'}`);
    } else {
      // No cart yet: the first add asks for a cart name and creates the cart with the item.
      await page
        .getByRole('button', { name: /^Add .* to cart$/ })
        .first()
        .click();
      const form = page.getByTestId('create-cart-form');
      await form.waitFor();
      await form.getByRole('button', { name: 'Create Cart' }).click();
      await expect.poll(() => form.getByText('Enter a name for this cart').count()).toBe(1);
      await form.getByLabel('Cart name').fill('E2E front beds');
      await form.getByRole('button', { name: 'Create Cart' }).click();
      await expect.poll(() => page.getByText('Success: Cart created').count()).toBe(1);
      // The page stays put and the header shows the check for a moment, then the count.
      expect(new URL(page.url()).pathname).toBe(productPath);
      await expect.poll(() => headerCart(page).getAttribute('data-state')).toBe('added');
      await expect.poll(() => headerCart(page).getAttribute('aria-label')).toBe('Cart: 1 item');
    }
    const href = await headerCart(page).getAttribute('href');
    expect(href).toMatch(/^\/quotes\/\d+\/edit$/);
    const cartId = Number(href?.split('/')[2]);
    await screenshot(page, 'saved-carts-product-added-1280', { fullPage: false });

    // /quotes lists the cart, flagged Active.
    await page.goto('/quotes');
    await page.getByRole('heading', { name: 'Saved Carts' }).waitFor();
    const row = page.locator(`[data-testid="cart-row"][data-cart-id="${cartId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('cart-active-badge').textContent()).toBe('Active');
    await screenshot(page, 'saved-carts-open-1280');

    // Submitted: the open cart is not there (other journeys may have submitted carts), and the
    // filter goes into the URL.
    await page.getByRole('radio', { name: 'Submitted' }).click();
    await page.waitForURL(/filter=submitted/);
    await expect.poll(() => page.getByRole('radio', { name: 'Submitted' }).isChecked()).toBe(true);
    await expect
      .poll(async () =>
        (await page.getByText('You have not submitted any carts').count()) > 0
          ? 'empty'
          : await page.getByRole('columnheader', { name: /^Submitted/ }).count(),
      )
      .not.toBe(0);
    // The open list stays on screen (placeholder) until the submitted one arrives, so this polls.
    await expect
      .poll(() => page.locator(`[data-testid="cart-row"][data-cart-id="${cartId}"]`).count())
      .toBe(0);
    await page.goBack();
    await row.waitFor();

    // Copy Cart opens the copy's edit page.
    await row.getByRole('button', { name: 'Copy Cart' }).click();
    await page.waitForURL(
      (url) => /^\/quotes\/\d+\/edit$/.test(url.pathname) && !url.pathname.startsWith(`/quotes/${cartId}/`),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a new buyer without carts is invited to start one, on a phone', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, newBuyerEmail);
    await page.goto('/quotes');
    const panel = page.getByTestId('no-carts-yet');
    await panel.waitFor();
    expect(await panel.getByText("You haven't made any carts yet").count()).toBe(1);
    expect(await panel.getByRole('link', { name: 'Search our catalog' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(await headerCart(page).getAttribute('aria-label')).toBe('Cart: 0 items');
    await panel.getByRole('button', { name: 'Start building a cart' }).click();
    await page.getByTestId('create-cart-form').waitFor();
    // Let the modal finish opening before the picture.
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'saved-carts-new-buyer-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});
