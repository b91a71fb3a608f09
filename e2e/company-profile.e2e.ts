import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, closeNewUserSurvey, signUpWithoutCompany } from './support/accounts';
import { desktop, launchBrowser, newPage, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the company profile modal', () => {
  it('shows the spec messages for a bad submit, then saves the company and the prompt goes away', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const { token } = await signUpWithoutCompany(page, 'Casey');
    await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
    await page.goto('/home');
    await closeNewUserSurvey(page);

    await page.getByTestId('complete-company-profile').click();
    const modal = page.getByRole('dialog', { name: 'Complete your company profile' });
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    for (const message of [
      "What's the name of your company?",
      "What's the invoice email for your company?",
      "What's the best email address for your company?",
      'Street address is required',
      'City is required',
      'Zip code is required.',
    ]) {
      await expect
        .poll(() => modal.getByText(message, { exact: true }).count(), { message })
        .toBeGreaterThan(0);
    }
    await screenshot(page, 'company-modal-errors-1280');

    await modal.getByLabel(/^Company name/).fill('Casey Grounds Co');
    await modal.getByLabel(/^Company email/).fill('office@caseygrounds.example');
    await modal.getByLabel(/^Invoice email/).fill('invoices@caseygrounds.example');
    await chooseOption(page, 'Company type', 'Landscape Contractor');
    await chooseOption(page, 'Company size', '1-5');
    await page
      .getByRole('textbox', { name: /^Project types/ })
      .or(modal.getByLabel(/^Project types/))
      .first()
      .click();
    await page.getByRole('option', { name: 'Residential Enhancements' }).click();
    await page.keyboard.press('Escape');
    await modal
      .getByLabel(/^Street address$|^Street address \*/)
      .first()
      .fill('12 Loam Lane');
    await modal.getByLabel(/^City/).fill('Charlotte');
    await chooseOption(page, 'State', 'North Carolina');
    // A bad postal code gets the shared address schema's message.
    await modal.getByLabel(/^Zip code/).fill('2820');
    await modal.getByLabel(/^Phone/).fill('7045550177');
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    await expect
      .poll(() => modal.getByText('Must be a valid 5 or 9 digit zip code or Canadian postal code').count())
      .toBeGreaterThan(0);
    await modal.getByLabel(/^Zip code/).fill('28202');
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await modal.getByRole('button', { name: 'Save Profile' }).click();
    await reloaded;

    // Saving reloads the page; the prompt is gone and the company is on the account page.
    await expect
      .poll(() => page.getByTestId('complete-company-profile').count(), { timeout: 15_000 })
      .toBe(0);
    await page.goto('/users/edit');
    await expect.poll(() => page.getByText('Casey Grounds Co').count()).toBeGreaterThan(0);
    const me = await page.request.get('/api/v1/users/current', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await me.json()).organizationName).toBe('Casey Grounds Co');
    expect(problems).toEqual([]);
    await context.close();
  });
});
