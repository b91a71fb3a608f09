import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, signUpThroughApi } from './support/accounts';
import { desktop, launchBrowser, newPage, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Beehive', () => {
  it('an admin suspends a user, who then sees the suspended-access notice', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const target = await signUpThroughApi(page, 'Sawyer');
    await signInAs(page, 'admin@demo.hedgerow.test');
    await page.goto('/admin/users');
    await page.getByTestId('user-search').fill(target.email);
    const row = page.getByTestId('user-row').filter({ hasText: target.email });
    await expect.poll(() => row.count()).toBe(1);
    // The e-mail cell: the row's middle is the organisation link now that sign-up creates the company.
    await row.getByText(target.email).click();
    await page.waitForURL('**/admin/users/*/edit');

    await chooseOption(page, 'Access status', 'No site use (suspended)');
    await page.getByTestId('save-user').click();
    await expect
      .poll(() =>
        page
          .getByTestId('audit-trail')
          .getByText(/admin_updated|status/)
          .count(),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'admin-user-1280');

    const check = await page.request.get('/api/v1/users/current', {
      headers: { authorization: `Bearer ${target.token}` },
    });
    expect((await check.json()).status).toBe('no_site_use');
    expect(problems).toEqual([]);
    await context.close();

    const suspended = await newPage(browser, desktop);
    await suspended.page.addInitScript(
      (value) => localStorage.setItem('hedgerow.token', value),
      target.token,
    );
    await suspended.page.goto('/home');
    await expect
      .poll(() => suspended.page.getByText(/Your access has been suspended because we cannot verify/).count())
      .toBe(1);
    expect(await suspended.page.getByRole('link', { name: 'Contact Our Team' }).count()).toBe(1);
    await suspended.context.close();
  });

  it('is not there for a buyer', async () => {
    const { page, context } = await newPage(browser, desktop);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/admin/users');
    await expect.poll(() => page.getByText("We couldn't find that page").count()).toBe(1);
    expect(await page.getByTestId('users-table').count()).toBe(0);
    await context.close();
  });
});
