import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A small PNG of one colour, drawn by the browser (the upload checks the file's bytes). */
async function colourPhoto(colour: string) {
  const easel = await newPage(browser, desktop);
  await easel.page.setContent(`<div id="photo" style="width:200px;height:150px;background:${colour}"></div>`);
  const photo = await easel.page.locator('#photo').screenshot();
  await easel.context.close();
  return photo;
}

/** The ids of the product page's photos, in the order shown. */
const photoOrder = (page: Page) =>
  page
    .getByTestId('admin-product-image')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-image-id'))));

describe('Beehive brands and the product page', () => {
  it('staff add a brand, find it in the list, edit it, and the brand page shows its description', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'admin@demo.hedgerow.test');
    const name = `Fernbrook Edging ${Date.now().toString(36)}`;

    await page.goto('/admin/brands/new');
    const form = page.getByTestId('admin-brand-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('Steel landscape edging, made in Ohio.');
    await page.getByTestId('save-brand').click();
    await page.waitForURL('**/admin/brands/*/edit');
    const editPath = new URL(page.url()).pathname;

    await page.goto('/admin/brands');
    await page.getByTestId('admin-brand-search').fill(name);
    // The search has run once the list holds the new brand alone (before, the row sits elsewhere in
    // the full list, and a click there could land on whatever replaces it).
    await page.waitForURL(/query=/);
    const rows = page.getByTestId('admin-brand-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    const publicPath = (await row.getByRole('link', { name: /^\/brands\// }).textContent())?.trim() ?? '';
    expect(publicPath).toMatch(/^\/brands\/fernbrook-edging-/);
    await screenshot(page, 'admin-brands-list-1280');

    await row.getByRole('link', { name }).click();
    await page.waitForURL(`**${editPath}`);
    const description = page.getByTestId('admin-brand-form').getByLabel('Description');
    await expect.poll(() => description.inputValue()).toBe('Steel landscape edging, made in Ohio.');
    await description.fill('Steel and aluminium landscape edging, made in Ohio since 1978.');
    await page.getByTestId('save-brand').click();
    await page.getByText('Brand saved').waitFor();
    await screenshot(page, 'admin-brand-edit-1280');
    expect(problems).toEqual([]);
    await context.close();

    const visitor = await newPage(browser, phone);
    await visitor.page.goto(publicPath);
    await visitor.page.getByRole('heading', { name }).first().waitFor();
    await expect
      .poll(() => visitor.page.getByTestId('brand-description').textContent())
      .toBe('Steel and aluminium landscape edging, made in Ohio since 1978.');
    await screenshot(visitor.page, 'brand-page-390');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('staff add an advantage, switch the ignore-quantity default and put the second photo first; all of it persists', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'admin@demo.hedgerow.test');
    const found = await api<{ results: { id: number; primaryName: string }[] }>(
      page,
      token,
      'GET',
      '/api/internal/products?query=Screened%20Compost&perPage=1',
    );
    const productId = found.results[0].id;
    const before = await api<{
      advantageIds: number[];
      advantageChoices: { id: number; name: string }[];
      ignoreQuantityDefault: boolean;
    }>(page, token, 'GET', `/api/internal/products/${productId}`);
    const advantage = before.advantageChoices.find((choice) => !before.advantageIds.includes(choice.id));
    if (!advantage) throw new Error('the product already has every advantage');

    await page.goto(`/admin/products/${productId}`);
    await page.getByTestId('admin-product-form').waitFor();

    // Two photos through the page's upload button.
    for (const [file, colour] of [
      ['pile.png', '#6b4f2a'],
      ['screened.png', '#3d2b1a'],
    ] as const) {
      const count = await page.getByTestId('admin-product-image').count();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: file, mimeType: 'image/png', buffer: await colourPhoto(colour) });
      await expect.poll(() => page.getByTestId('admin-product-image').count()).toBe(count + 1);
    }
    const uploaded = await photoOrder(page);
    const second = uploaded[uploaded.length - 1];
    const secondIndex = uploaded.length - 1;

    // The advantage and the switch, saved with the form.
    await page.getByTestId('product-advantages').click();
    await page.getByRole('option', { name: advantage.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('product-ignore-quantity').setChecked(!before.ignoreQuantityDefault);
    await page.getByTestId('save-product').click();
    await page.getByText('Product saved; search shows it in a moment').waitFor();

    // The newest photo moved to the front, one step at a time.
    for (let index = secondIndex; index > 0; index--) {
      await page.getByRole('button', { name: `Move photo ${index + 1} earlier` }).click();
      await expect.poll(async () => (await photoOrder(page)).indexOf(second)).toBe(index - 1);
    }
    await screenshot(page, 'admin-product-1280');

    await page.reload();
    await page.getByTestId('admin-product-form').waitFor();
    await expect.poll(async () => (await photoOrder(page))[0]).toBe(second);
    expect(await page.getByTestId('product-ignore-quantity').isChecked()).toBe(!before.ignoreQuantityDefault);
    // The chosen advantage is a pill of the field (the options list is closed).
    await expect
      .poll(() => page.getByTestId('admin-product-form').getByText(advantage.name, { exact: true }).count())
      .toBe(1);

    // The catalogue's tiles show the photo staff put first.
    const after = await api<{ imageUrl: string | null; advantageIds: number[] }>(
      page,
      token,
      'GET',
      `/api/internal/products/${productId}`,
    );
    expect(after.imageUrl).toBe(`/api/v1/product_images/${second}/file`);
    expect(after.advantageIds).toContain(advantage.id);
    expect(problems).toEqual([]);
    await context.close();

    const small = await newPage(browser, phone);
    await signInAs(small.page, 'admin@demo.hedgerow.test');
    await small.page.goto(`/admin/products/${productId}`);
    await small.page.getByTestId('admin-product-images').waitFor();
    await screenshot(small.page, 'admin-product-390');
    expect(small.problems).toEqual([]);
    await small.context.close();
  });
});
