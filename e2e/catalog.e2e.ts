import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/accounts';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

const buyerEmail = 'buyer@demo.hedgerow.test';
const productPath = '/products/acer-rubrum-october-glory';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('product page', () => {
  it('shows a signed-in buyer the branches with price tiers and their own price', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, buyerEmail);
    await page.goto(productPath);
    await page.getByRole('heading', { name: "Acer rubrum 'October Glory'" }).waitFor();
    await page.getByTestId('branch-row').first().waitFor();
    expect(await page.getByTestId('branch-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('price-tiers').first().textContent()).toMatch(/^1\+ \$\d/);
    expect(await page.getByTestId('buyer-price').count()).toBeGreaterThan(0);
    expect(await page.getByText('Log in to view pricing').count()).toBe(0);
    // The buyer has a default postal code, so the table shows distances, nearest first.
    expect(await page.getByRole('columnheader', { name: 'Distance' }).count()).toBe(1);
    await screenshot(page, 'catalog-product-buyer-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells a visitor to log in for prices, and the link comes back to the product', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto(productPath);
    await page.getByTestId('branch-row').first().waitFor();
    expect(await page.getByTestId('buyer-price').count()).toBe(0);
    const login = page.getByTestId('login-for-pricing').first();
    expect(await login.textContent()).toBe('Log in to view pricing');
    expect(await login.getAttribute('href')).toBe(
      `/users/login?redirect_to=${encodeURIComponent(productPath)}`,
    );
    // The table scrolls inside its container: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'catalog-product-visitor-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown product', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/products/no-such-plant-anywhere');
    await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
    await context.close();
  });
});

describe('supplier directory', () => {
  it('narrows and widens the results with the radius around a postal code', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/suppliers');
    await page.getByTestId('supplier-card').first().waitFor();
    await page.getByLabel('Zip or postal code').fill('28202');
    await page.getByLabel('Zip or postal code').press('Enter');
    await page.waitForURL(/postalCode=28202/);
    await expect
      .poll(() => page.getByTestId('supplier-count').textContent())
      .toMatch(/within 100 miles of 28202/);

    await chooseOption(page, 'Radius', '10 miles');
    await page.waitForURL(/radius=10/);
    await expect.poll(() => page.getByTestId('supplier-count').textContent()).toMatch(/within 10 miles/);
    const near = await page.getByTestId('supplier-card').count();
    const distances = await page.getByTestId('supplier-distance').allTextContents();
    expect(distances.length).toBe(near);
    for (const text of distances) expect(Number.parseFloat(text)).toBeLessThanOrEqual(10);

    await chooseOption(page, 'Radius', '250 miles');
    await page.waitForURL(/radius=250/);
    await expect.poll(() => page.getByTestId('supplier-count').textContent()).toMatch(/within 250 miles/);
    expect(await page.getByTestId('supplier-card').count()).toBeGreaterThan(near);
    await screenshot(page, 'catalog-directory-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a buyer stars a supplier, finds it in favourites and unstars it there', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, buyerEmail);
    await page.goto('/suppliers?state=TX');
    const unstarred = page.locator('[data-testid="supplier-card"]:has([data-favorite="false"])').first();
    await unstarred.waitFor();
    const name = (await unstarred.getByTestId('supplier-name').textContent()) ?? '';
    const card = page.getByTestId('supplier-card').filter({ hasText: name });
    await card.getByTestId('favorite-star').click();
    await expect.poll(() => card.getByTestId('favorite-star').getAttribute('data-favorite')).toBe('true');

    await page.goto('/suppliers/favorites');
    const favorite = page.getByTestId('supplier-card').filter({ hasText: name });
    await favorite.waitFor();
    await favorite.getByTestId('favorite-star').click();
    await expect.poll(() => favorite.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Favorite Suppliers' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('supplier-card').filter({ hasText: name }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('supplier map', () => {
  it('clusters pins that would overlap on a phone, lists a cluster on tap, and shows a card per pin', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/suppliers/map');
    await page.getByTestId('us-map').waitFor();
    await page.getByTestId('map-cluster').first().waitFor();
    // Every branch is on the map once: in a cluster's count or as its own pin.
    const caption = (await page.getByText(/supplier branch(es)? on the map/).textContent()) ?? '';
    const branches = Number(caption.replace(/[^\d].*$/s, '').replace(/,/g, ''));
    const counts = (await page.getByTestId('map-cluster').allTextContents()).map(Number);
    expect(counts.every((count) => count > 1)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0) + (await page.getByTestId('map-pin').count())).toBe(
      branches,
    );
    expect(branches).toBeGreaterThan(10);

    const cluster = page.getByTestId('map-cluster').first();
    const size = Number(await cluster.textContent());
    await cluster.click();
    const list = page.getByTestId('map-cluster-list');
    await list.waitFor();
    expect(await list.getByRole('link').count()).toBe(size);
    expect(await list.getByRole('link').first().getAttribute('href')).toMatch(/^\/suppliers\//);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'catalog-map-390');

    // On a wide screen fewer pins overlap; the keyboard reaches each one and opens its card.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.getByTestId('map-pin').count()).toBeGreaterThan(counts.length);
    await page.getByTestId('map-pin').first().focus();
    await page.keyboard.press('Enter');
    const popover = page.getByTestId('map-popover');
    await popover.waitFor();
    expect(await popover.getByRole('link', { name: 'View Availability' }).getAttribute('href')).toMatch(
      /^\/suppliers\//,
    );
    await screenshot(page, 'catalog-map-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('brands', () => {
  it("a brand says where to buy it, and a supplier's page of it shows its branches and their stock", async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/brands/ridgeway-hardscapes');
    const suppliers = page.getByTestId('brand-suppliers');
    await suppliers.waitFor();
    expect(await suppliers.getByRole('link').count()).toBeGreaterThan(1);
    await suppliers.getByRole('link', { name: /^Buckeye Landscape Supply/ }).click();
    await page.waitForURL('**/brands/buckeye-landscape-supply/ridgeway-hardscapes');
    await page.getByRole('heading', { name: 'Ridgeway Hardscapes at Buckeye Landscape Supply' }).waitFor();
    const branches = page.getByTestId('supplier-brand-branches').getByRole('link');
    expect(await branches.count()).toBe(2);
    expect(await branches.first().getAttribute('href')).toMatch(/^\/suppliers\/buckeye-landscape-supply/);
    // Each product carries the stock rule's state over this supplier's branches.
    const products = page.getByTestId('brand-product');
    await products.first().waitFor();
    for (const text of await products.allTextContents())
      expect(text).toMatch(/(In Stock|Limited Supply) · [\d,]+\+ available|Out of Stock/);
    await screenshot(page, 'catalog-supplier-brand-1280');
    await page.goto('/brands/no-such-supplier/ridgeway-hardscapes');
    await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('product photos', () => {
  it('a supplier adds a photo of its stock; a buyer opens it in the lightbox; the supplier removes it', async () => {
    // The photo: a real PNG, drawn by the browser.
    const { page: easel, context: easelContext } = await newPage(browser, desktop);
    await easel.setContent(
      '<div id="photo" style="width:320px;height:240px;background:linear-gradient(#7fb069,#2d5016)"></div>',
    );
    const photo = await easel.locator('#photo').screenshot();
    await easelContext.close();

    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'supplier@demo.hedgerow.test');
    await page.goto(productPath);
    await page.getByTestId('add-photos').click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    // Nothing chosen: the spec's message, and nothing sent.
    await dialog.getByRole('button', { name: 'Add Photos' }).click();
    await dialog.getByText('Please upload at least one photo').waitFor();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'stock row.png', mimeType: 'image/png', buffer: photo });
    await dialog.getByLabel('Branch').click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Add Photos' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const enlarge = page.getByRole('button', { name: /Enlarge the photo of/ });
    await enlarge.waitFor();
    await context.close();

    // A visitor sees it and opens it: branch, date, Download under the product's name.
    const visitor = await newPage(browser, phone);
    await visitor.page.goto(productPath);
    await visitor.page.getByRole('button', { name: /Enlarge the photo of/ }).click();
    const lightbox = visitor.page.getByRole('dialog');
    await lightbox.getByText(/Taken /).waitFor();
    const download = lightbox.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/v1\/product_images\/\d+\/file\?download=1$/);
    expect(await lightbox.getByRole('button', { name: 'Remove photo' }).count()).toBe(0);
    // The modal fades in: shoot it once it is fully drawn.
    await visitor.page.waitForFunction(() => {
      const content = document.querySelector('.mantine-Modal-content');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    await screenshot(visitor.page, 'catalog-photo-lightbox-390', { fullPage: false });
    const served = await visitor.page.request.get((await download.getAttribute('href')) ?? '');
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['content-disposition']).toBe(
      'attachment; filename="Acer rubrum October Glory.png"',
    );
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // The supplier removes it again.
    const owner = await newPage(browser, desktop);
    await signInAs(owner.page, 'supplier@demo.hedgerow.test');
    await owner.page.goto(productPath);
    await owner.page.getByRole('button', { name: /Enlarge the photo of/ }).click();
    owner.page.once('dialog', (confirm) => void confirm.accept());
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Remove photo' }).click();
    await owner.page.getByTestId('image-placeholder').waitFor();
    expect(problems.concat(owner.problems)).toEqual([]);
    await owner.context.close();
  });
});
