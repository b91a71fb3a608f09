import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

const buyerEmail = 'buyer@demo.hedgerow.test';
const newBuyerEmail = 'newbuyer@demo.hedgerow.test';
const supplierEmail = 'supplier@demo.hedgerow.test';
const shotsDir = process.env.DASHBOARD_SHOTS_DIR ?? '/tmp/shots-dash';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shotsDir, { recursive: true });
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const setupPercent = (page: Page) => page.getByTestId('setup-percent').textContent();

/** Waits until every panel has finished loading (no skeletons left). */
async function panelsSettled(page: Page) {
  await page.getByTestId('dashboard').waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

describe('dashboard', () => {
  it('a new buyer answers the survey, sees tips and the checklist at 20%, then 60% after a favourite and a cart', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const { token } = await signUpThroughApi(page, 'Sasha');
    await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
    await page.goto('/home');

    // The survey covers the page; Get Started waits for a choice.
    const survey = page.getByTestId('new-user-survey');
    await survey.getByText('What brings you to Hedgerow today?').waitFor();
    const getStarted = survey.getByRole('button', { name: 'Get Started' });
    expect(await getStarted.isDisabled()).toBe(true);
    expect(await survey.getByRole('radio').count()).toBe(9);
    await survey.getByText("I'm looking for new suppliers").click();
    expect(await getStarted.isDisabled()).toBe(false);
    await getStarted.click();
    await expect.poll(() => survey.count()).toBe(0);
    const current = await api<{ showNewUserSurvey: boolean }>(page, token, 'GET', '/api/v1/users/current');
    expect(current.showNewUserSurvey).toBe(false);

    await page.getByRole('heading', { name: /Good (morning|afternoon|evening), Sasha/ }).waitFor();
    await page.getByTestId('tips-card').waitFor();
    expect(await page.getByTestId('tip-title').textContent()).toBe('Search by botanical or common name');
    await page.getByRole('button', { name: 'Next tip' }).click();
    expect(await page.getByTestId('tip-title').textContent()).toBe('Filter by location, size or suppliers');
    expect(
      await page.getByTestId('tips-card').getByRole('link', { name: 'Start Searching' }).getAttribute('href'),
    ).toBe('/search');
    await expect.poll(() => setupPercent(page)).toBe('20% complete');
    // Not activated: no order panels, and the carts come after the supplier card.
    expect(await page.getByTestId('recent-submitted-orders').count()).toBe(0);
    expect(await page.getByTestId('recent-orders').count()).toBe(0);
    await page.getByTestId('recent-carts').getByText('You have no open carts yet.').waitFor();
    const order = await page.evaluate(() =>
      ['shop-suppliers', 'recent-carts'].map((id) => {
        const node = document.querySelector(`[data-testid="${id}"]`);
        return node ? node.getBoundingClientRect().top : -1;
      }),
    );
    expect(order[0]).toBeGreaterThan(0);
    expect(order[0]).toBeLessThan(order[1]);

    // Star a supplier on the Shop Suppliers card, then create a cart.
    const shop = page.getByTestId('shop-suppliers');
    await shop.getByTestId('supplier-card').first().waitFor();
    await shop.getByTestId('favorite-star').first().click();
    await page.getByTestId('favorite-suppliers').getByTestId('supplier-card').first().waitFor();
    await api(page, token, 'POST', '/api/v1/carts', { name: 'Front beds' });
    await page.reload();
    await expect.poll(() => setupPercent(page)).toBe('60% complete');
    await page.getByTestId('recent-carts').getByRole('link', { name: 'Front beds' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a new user joining a company completes the profile: roles only, Other described', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const admin = await newPage(browser, desktop);
    const adminToken = await signInAs(admin.page, 'admin@demo.hedgerow.test');
    const organizations = await api<{ results: { id: number; name: string }[] }>(
      admin.page,
      adminToken,
      'GET',
      '/api/internal/organizations?query=Fresh%20Start',
    );
    await admin.context.close();
    const organizationId = organizations.results[0].id;
    const email = `joiner-${Date.now().toString(36)}@example.com`;
    const signUp = await page.request.post('/api/v1/invite_requests', {
      data: {
        firstName: 'Jo',
        lastName: 'Joiner',
        email,
        phone: '(704) 555-0177',
        password: 'hedgerow-demo',
        postalCode: '27601',
        organizationId,
      },
    });
    expect(signUp.status()).toBe(201);
    const { token } = (await signUp.json()) as { token: string };
    await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
    await page.goto('/dashboard');
    // Dismiss the survey by closing it.
    await page.getByRole('button', { name: 'Close survey' }).click();

    const modal = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await modal.waitFor();
    // Known from the invite request or the company: hidden.
    expect(await modal.getByLabel('Company name').count()).toBe(0);
    expect(await modal.getByLabel('Phone').count()).toBe(0);
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    await modal.getByText('Please select at least one role').waitFor();
    await modal.getByLabel('Other', { exact: true }).check();
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    await modal.getByText('Please describe your role').waitFor();
    await modal.getByLabel('Other role').fill('Irrigation lead');
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Success: Your profile has been saved!').waitFor();
    await expect.poll(() => modal.count()).toBe(0);
    const pending = await api<{ inviteRequest: unknown }>(
      page,
      token,
      'GET',
      '/api/v1/dashboard/invite_request',
    );
    expect(pending.inviteRequest).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a supplier sees supplier quick links and Recent Orders, and no tips', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, supplierEmail);
    await page.goto('/dashboard');
    await panelsSettled(page);
    const links = page.getByTestId('supplier-quick-links');
    await links.waitFor();
    const names = await links.getByRole('link').allTextContents();
    // The demo supplier's company has Analytics (dashboardAccess).
    expect(names).toEqual(['Orders', 'Messages', 'Analytics', 'Inventory']);
    // Two branches: Inventory goes to the organisation's inventory page.
    expect(await links.getByRole('link', { name: 'Inventory' }).getAttribute('href')).toBe(
      '/organizations/blue-ridge-growers/inventory',
    );
    const recent = page.getByTestId('recent-orders');
    await recent.getByTestId('recent-order').first().waitFor();
    expect(await recent.getByTestId('recent-order').count()).toBeLessThanOrEqual(3);
    expect(await page.getByTestId('tips-card').count()).toBe(0);
    expect(await page.getByTestId('buyer-quick-links').count()).toBe(0);
    await page.getByTestId('supplier-attention').waitFor();
    await shot(page, 'dashboard-supplier-1280');
    await page.setViewportSize(phone);
    await shot(page, 'dashboard-supplier-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an activated buyer sees carts first and the order panels; one failing panel leaves the rest', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, buyerEmail);
    await page.route('**/api/v1/dashboard/shop_suppliers', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Suppliers are resting"}',
      }),
    );
    await page.goto('/home');
    const shop = page.getByTestId('shop-suppliers');
    await shop.getByText('Suppliers are resting').waitFor({ timeout: 20_000 });
    await page.getByTestId('recent-submitted-orders').getByTestId('submitted-cart').first().waitFor();
    expect(await page.getByTestId('recent-submitted-orders').getByTestId('submitted-cart').count()).toBe(5);
    expect(await page.getByTestId('tips-card').count()).toBe(0);
    await page.getByTestId('buyer-quick-links').waitFor();
    await page.unroute('**/api/v1/dashboard/shop_suppliers');
    await page.reload();
    await panelsSettled(page);
    const order = await page.evaluate(() =>
      ['recent-carts', 'recent-submitted-orders', 'shop-suppliers'].map(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order[0]).toBeLessThan(order[1]);
    expect(order[1]).toBeLessThan(order[2]);
    await shot(page, 'dashboard-buyer-1280');
    await page.setViewportSize(phone);
    await shot(page, 'dashboard-buyer-390');
    expect(problems.filter((problem) => !problem.includes('500'))).toEqual([]);
    await context.close();
  });

  it('the demo new buyer at 1280 and 390 px', async () => {
    for (const viewport of [desktop, phone]) {
      const { page, context, problems } = await newPage(browser, viewport);
      await signInAs(page, newBuyerEmail);
      await page.goto('/home');
      await panelsSettled(page);
      await page.getByTestId('tips-card').waitFor();
      await shot(page, `dashboard-newbuyer-${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
