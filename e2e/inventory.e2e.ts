import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const branchSlug = 'blue-ridge-growers-greenville';

type InventoryPage = {
  results: {
    id: number;
    primaryName: string;
    pathIdentifier: string;
    size: string;
    productVariantId: number;
    branchId: number;
  }[];
};

async function greenvilleListings(page: Page, token: string) {
  const organization = await api<{ branches: { id: number; slug: string }[] }>(
    page,
    token,
    'GET',
    `/api/v1/inventory/branches/${branchSlug}`,
  );
  const branch = organization.branches.find((candidate) => candidate.slug === branchSlug);
  if (!branch) throw new Error('no Greenville branch');
  const listings = await api<InventoryPage>(
    page,
    token,
    'GET',
    `/api/v1/inventory?branchId=${branch.id}&perPage=10`,
  );
  return { branchId: branch.id, listings: listings.results };
}

describe('supplier inventory', () => {
  it('a supplier uploads a spreadsheet with an unknown product, maps it, replaces the stock, and buyers see it', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'supplier@demo.hedgerow.test');
    const { listings } = await greenvilleListings(page, token);
    const [first, second] = listings;
    expect(first && second).toBeTruthy();

    await page.goto(`/suppliers/${branchSlug}/inventory`);
    await page.getByTestId('inventory-row').first().waitFor();
    await screenshot(page, 'inventory-1280');

    await page.getByRole('tab', { name: 'Upload availability' }).click();
    const csv = [
      'Plant,Size,Qty,Price',
      `"${first.primaryName}",${first.size},4321,77.70`,
      `Mystery Chicago Lustre Shrub,${second.size},12,19.00`,
    ].join('\n');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'greenville.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Replace: set them to 0').click();
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect.poll(() => page.getByText('1 unmatched').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'inventory-upload-preview-1280');

    await page.getByRole('button', { name: 'Choose product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Product').fill(second.primaryName);
    await page.getByRole('option', { name: second.primaryName, exact: true }).first().click();
    await dialog.getByLabel('Size').click();
    await page.getByRole('option', { name: second.size, exact: true }).click();
    await dialog.getByRole('button', { name: 'Use this product' }).click();
    await expect.poll(() => page.getByText('0 unmatched').count(), { timeout: 20_000 }).toBe(1);

    await page.getByRole('button', { name: 'Replace availability' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replace availability' }).click();
    await expect.poll(() => page.getByText('Availability updated').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'inventory-upload-applied-1280');

    // The buyer sees the new quantity and price.
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const rows = await api<{
      results: { branch: { slug: string }; quantity: number; priceTiers: { price: number }[] | null }[];
    }>(
      buyer.page,
      buyerToken,
      'GET',
      `/api/v1/availabilities?productId=${await productIdOf(buyer.page, buyerToken, first.pathIdentifier)}&perPage=100`,
    );
    const greenville = rows.results.find((row) => row.branch.slug === branchSlug);
    expect(greenville).toMatchObject({ quantity: 4321, priceTiers: [{ price: 7770 }] });
    await buyer.page.goto(`/products/${first.pathIdentifier}`);
    await expect.poll(() => buyer.page.getByText('4,321').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await buyer.context.close();

    // Phone layout.
    const small = await newPage(browser, phone);
    await signInAs(small.page, 'supplier@demo.hedgerow.test');
    await small.page.goto(`/suppliers/${branchSlug}/inventory`);
    await small.page.getByTestId('inventory-card').first().waitFor();
    await screenshot(small.page, 'inventory-390');
    await small.context.close();

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("a branch's minimum order blocks a too-small submit with the message", async () => {
    const supplier = await newPage(browser, desktop);
    await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
    await supplier.page.goto(`/suppliers/${branchSlug}/inventory`);
    await supplier.page.getByRole('tab', { name: 'Branch settings' }).click();
    const minimum = supplier.page.getByLabel('Minimum order');
    await expect.poll(() => minimum.inputValue()).not.toBe('');
    await minimum.fill('1000');
    await supplier.page.getByRole('button', { name: 'Save requirements' }).click();
    await expect.poll(() => supplier.page.getByText('Order requirements saved').count()).toBe(1);
    await screenshot(supplier.page, 'inventory-settings-1280');

    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'buyer@demo.hedgerow.test');
    const supplierToken = await supplier.page.evaluate(() => localStorage.getItem('hedgerow.token') ?? '');
    const { branchId, listings } = await greenvilleListings(supplier.page, supplierToken);
    const listing = listings.find((row) => row.primaryName) ?? listings[0];
    const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
      name: `E2E minimum ${Date.now()}`,
    });
    await api(page, token, 'POST', '/api/v1/cart_items', {
      cartId: cart.id,
      branchId,
      productVariantId: listing.productVariantId,
      quantity: 1,
    });
    await api(page, token, 'POST', `/api/v1/carts/${cart.id}/checkout`);
    await page.goto(`/quotes/${cart.id}/review`);
    await page.getByTestId('order-requirements').first().waitFor();
    expect(await page.getByTestId('order-requirements').first().textContent()).toContain(
      'Minimum order $1,000.00',
    );
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect
      .poll(() => page.getByText(/requires a minimum order of \$1,000\.00/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'inventory-minimum-order-1280', { fullPage: false });
    expect(page.url()).toContain('/review');

    // Back to the demo's rule, so other journeys can submit small Greenville carts as before.
    await api(supplier.page, supplierToken, 'POST', `/api/v1/branches/${branchId}/order_requirements`, {
      minimumOrderCents: 75_000,
      minimumLeadDays: 2,
      deliveryDays: ['Tuesday', 'Thursday'],
      pickupHours: 'Mon–Fri 7am–3:30pm, Sat 8am–noon',
    });
    expect(problems).toEqual([]);
    await context.close();
    await supplier.context.close();
  }, 90_000);
});

async function productIdOf(page: Page, token: string, pathIdentifier: string) {
  const product = await api<{ id: number }>(page, token, 'GET', `/api/v1/products/${pathIdentifier}`);
  return product.id;
}
