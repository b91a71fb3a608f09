import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNewUserSurvey, fillNewCompanySignUp } from './support/accounts';
import { desktop, launchBrowser, newPage, phone, screenshot, uniqueEmail } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openAccountMenu(page: Page) {
  await page.getByTestId('account-menu').click();
  // The menu renders in a portal after a short transition; wait until its items are there.
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ state: 'visible' });
}

describe('signing up, in and out', () => {
  it('a new contractor signs up, signs out, signs back in and finds the account menu', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const email = uniqueEmail('signup');
    await page.goto('/invite-requests/new');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The form refuses an empty submit with the spec's messages and keeps the user on the page.
    await expect.poll(() => page.getByText('Enter a first name for this user').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/invite-requests/new');

    await fillNewCompanySignUp(page, {
      firstName: 'Jordan',
      lastName: 'Pike',
      email,
      phone: '7045550199',
      company: 'Pike Landscapes',
      size: '6-20',
    });
    // 'Other role' appears only once Other is ticked.
    expect(await page.getByLabel('Other role').count()).toBe(0);
    await page
      .getByRole('group', { name: /^Your roles/ })
      .getByRole('checkbox', { name: 'Other', exact: true })
      .check();
    await page.getByLabel('Other role').fill('Irrigation tech');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/home');
    await closeNewUserSurvey(page);
    await expect.poll(() => page.getByText(/Good (morning|afternoon|evening), Jordan/).count()).toBe(1);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('hedgerow.token'))).toBeNull();

    await page.goto('/users/login');
    await page
      .getByRole('main')
      .getByLabel(/^Email/)
      .fill(email);
    await page.getByRole('main').locator('input[type="password"]').fill('a wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByText('The email or password you entered is incorrect.').count())
      .toBe(1);
    await page.getByRole('main').locator('input[type="password"]').fill('a strong password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');

    await openAccountMenu(page);
    for (const item of ['My Profile', 'Address Book', 'Discounts', 'Payment Methods', 'Sign Out']) {
      expect(await page.getByRole('menuitem', { name: item }).count(), item).toBe(1);
    }
    // Beehive is for admins only.
    expect(await page.getByRole('menuitem', { name: 'Beehive' }).count()).toBe(0);
    await screenshot(page, 'account-menu-1280', { fullPage: false });
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a stale token sends the user to sign in and back after signing in', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.addInitScript(() => localStorage.setItem('hedgerow.token', 'revoked-or-made-up-token'));
    await page.goto('/users/edit');
    await page.waitForURL('**/users/login?redirect_to=%2Fusers%2Fedit');
    expect(await page.evaluate(() => localStorage.getItem('hedgerow.token'))).toBeNull();
    await page
      .getByRole('main')
      .getByLabel(/^Email/)
      .fill('buyer@demo.hedgerow.test');
    await page.getByRole('main').locator('input[type="password"]').fill('hedgerow-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/users/edit');
    await context.close();
  });
});

describe('the mobile menu', () => {
  it('opens from the burger at 390 px for visitors and for signed-in users', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/');
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await expect.poll(() => menu.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    await screenshot(page, 'mobile-menu-visitor-390', { fullPage: false });
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/users/login');

    await page
      .getByRole('main')
      .getByLabel(/^Email/)
      .fill('buyer@demo.hedgerow.test');
    await page.getByRole('main').locator('input[type="password"]').fill('hedgerow-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    // Open the menu once the dashboard has drawn, so its first render does not replace the drawer.
    await page.getByText(/Good (morning|afternoon|evening), /).waitFor();
    await page.getByTestId('mobile-menu-button').click();
    await menu.getByText('My Account').click();
    await expect.poll(() => menu.getByRole('link', { name: 'My Profile' }).isVisible()).toBe(true);
    expect(await menu.getByText('Start New Cart').count()).toBeGreaterThan(0);
    await screenshot(page, 'mobile-menu-buyer-390', { fullPage: false });
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
