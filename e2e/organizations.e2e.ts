import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNewUserSurvey } from './support/accounts';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs, uniqueEmail } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('organisations', () => {
  it('a new user joins the demo buyer company at sign-up and its manager approves them', async () => {
    const newcomer = await newPage(browser, desktop);
    const { page } = newcomer;
    const email = uniqueEmail('joiner');
    await page.goto('/invite-requests/new');
    await page.getByLabel(/^First name/).fill('Jamie');
    await page.getByLabel(/^Last name/).fill('Joiner');
    await page.getByRole('textbox', { name: /^Email( \*)?$/ }).fill(email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('7045550166');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('hedgerow-demo');
    await page.getByLabel(/^Zip or postal code/).fill('99501');
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByTestId('company-finder').fill('Greenline');
    await page.getByTestId('company-result').filter({ hasText: 'Greenline Landscaping' }).click();
    await page.getByTestId('joining-company').getByText('Joining Greenline Landscaping').waitFor();
    // The company's postal code replaces the one typed, and cannot be changed.
    const zip = page.getByLabel(/^Zip or postal code/);
    expect(await zip.isDisabled()).toBe(true);
    expect(await zip.inputValue()).not.toBe('99501');
    // Company questions are hidden once the company is linked.
    expect(await page.getByLabel(/^Company type/).count()).toBe(0);
    await screenshot(page, 'sign-up-join-company-1280');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/home');
    await closeNewUserSurvey(page);
    await page.getByTestId('pending-membership').getByText('Waiting for Greenline Landscaping').waitFor();
    expect(await page.getByTestId('complete-company-profile').count()).toBe(0);

    // The demo buyer manages Greenline: the account menu's Company Profile opens the read view.
    const manager = await newPage(browser, desktop);
    await signInAs(manager.page, 'buyer@demo.hedgerow.test');
    await manager.page.goto('/home');
    await manager.page.getByTestId('account-menu').click();
    await manager.page.getByRole('menuitem', { name: 'Company Profile' }).click();
    const modal = manager.page.getByTestId('company-read-modal');
    await modal.getByText('Company type').waitFor();
    await screenshot(manager.page, 'company-modal-1280', { fullPage: false });
    await modal.getByRole('link', { name: 'Open company page' }).click();
    await manager.page.waitForURL('**/organizations/greenline-landscaping');
    await manager.page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await screenshot(manager.page, 'company-page-profile-1280');
    await manager.page.getByRole('tab', { name: 'Users' }).click();
    await manager.page.waitForURL('**/organizations/greenline-landscaping?tab=users');
    const request = manager.page.getByTestId('join-request').filter({ hasText: email });
    await request.waitFor();
    await screenshot(manager.page, 'company-page-users-1280');
    await request.getByRole('button', { name: 'Approve' }).click();
    await manager.page.getByTestId('member').filter({ hasText: email }).waitFor();

    // The newcomer now belongs to the company.
    await page.reload();
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem('hedgerow.token'));
        const me = await page.request.get('/api/v1/users/current', {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await me.json()).organizationName;
      })
      .toBe('Greenline Landscaping');
    await expect.poll(() => page.getByTestId('pending-membership').count()).toBe(0);
    expect(newcomer.problems).toEqual([]);
    expect(manager.problems).toEqual([]);
    await newcomer.context.close();
    await manager.context.close();
  });

  it('the company page works on a phone: profile, branches of a supplier, users', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'supplier@demo.hedgerow.test');
    await page.goto('/organizations/edit');
    await page.getByRole('button', { name: 'Edit profile' }).waitFor();
    await screenshot(page, 'company-page-profile-390');
    await page.getByRole('tab', { name: 'Branches' }).click();
    await expect.poll(() => page.getByTestId('branch-row').count()).toBeGreaterThan(1);
    await screenshot(page, 'company-page-branches-390');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByTestId('members').waitFor();
    await screenshot(page, 'company-page-users-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Analytics opens a real page for the demo supplier: figures, a chart and CSV per table, at 1280 and 390 px', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'supplier@demo.hedgerow.test');
    await page.goto('/home');
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await page.waitForURL('**/reports');
    const report = page.getByTestId('supplier-report');
    await report.waitFor();
    await page.getByTestId('report-by-branch').getByText('Blue Ridge Growers - Hendersonville').waitFor();
    await page.getByText('52 weeks', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('report-by-week').locator('tbody tr').count())
      .toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download By branch as CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^hedgerow-supplier-branches-.*\.csv$/);
    await screenshot(page, 'reports-supplier-1280');
    await page.setViewportSize(phone);
    await report.waitFor();
    await screenshot(page, 'reports-supplier-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the supplier landing page and the how-to-become-a-supplier page are open to visitors', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Supplier' }).first().click();
    await page.waitForURL('**/how-to-become-a-supplier');
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    await screenshot(page, 'become-supplier-1280');
    await page.goto('/supplier/blue-ridge-growers');
    await page.getByRole('heading', { name: 'Blue Ridge Growers', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('landing-branch').count()).toBe(2);
    await page.getByText('What they grow').waitFor();
    await screenshot(page, 'supplier-landing-1280');
    await page.getByTestId('landing-branch').first().getByRole('link', { name: 'View Availability' }).click();
    await page.waitForURL('**/suppliers/blue-ridge-growers-*');
    await page.setViewportSize(phone);
    await page.goto('/supplier/blue-ridge-growers');
    await page.getByTestId('landing-branch').first().waitFor();
    await screenshot(page, 'supplier-landing-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/supplier/no-such-supplier');
    await page.getByTestId('supplier-not-found').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('staff approve a pending member from Beehive', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'admin@demo.hedgerow.test');
    const lookup = await page.request.get('/api/v1/organizations/lookup?name=Greenline');
    const [greenline] = (await lookup.json()).results as { id: number }[];
    await page.goto(`/admin/organizations/${greenline.id}`);
    const request = page.getByTestId('join-request').filter({ hasText: 'newhire@demo.hedgerow.test' });
    await request.waitFor();
    await screenshot(page, 'beehive-pending-members-1280');
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => request.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
