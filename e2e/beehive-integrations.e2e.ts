import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Beehive integrations', () => {
  it('staff generate an API key, read it once, read availability with it, revoke it, and it is refused', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const adminToken = await signInAs(page, 'admin@demo.hedgerow.test');
    const companies = await api<{ results: { id: number; name: string }[] }>(
      page,
      adminToken,
      'GET',
      '/api/internal/organizations?query=Greenline',
    );
    const organizationId = companies.results[0].id;

    await page.goto(`/admin/organizations/${organizationId}/edit`);
    const card = page.getByTestId('api-keys-card');
    await card.scrollIntoViewIfNeeded();
    await page.getByTestId('api-key-label').fill('Journey ERP sync');
    await page.getByTestId('generate-api-key').click();
    const shown = page.getByTestId('new-api-key-value');
    await shown.waitFor();
    const key = (await shown.textContent())?.trim() ?? '';
    expect(key).toMatch(/^hk_[A-Za-z0-9_-]{32,}$/);
    await screenshot(page, 'beehive-api-keys-1280');

    // A program, not the browser: the key is its only credential.
    const headers = { Authorization: `Bearer ${key}` };
    const search = await page.request.get('/api/v1/products/search?perPage=1', { headers });
    expect(search.status()).toBe(200);
    const productId = ((await search.json()) as { results: { id: number }[] }).results[0].id;
    const availability = await page.request.get(`/api/v1/availabilities?productId=${productId}`, { headers });
    expect(availability.status()).toBe(200);
    expect(((await availability.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    const write = await page.request.post('/api/v1/carts', { headers, data: { name: 'From a key' } });
    expect(write.status()).toBe(403);

    // The key is never shown again: the list has only its prefix.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await shown.count()).toBe(0);
    const row = page.getByTestId('api-keys-table').getByRole('row').filter({ hasText: 'Journey ERP sync' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.getByTestId('api-keys-card').textContent()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('confirm-revoke-api-key').click();
    await expect.poll(() => row.getByText('Revoked').count()).toBe(1);
    const refused = await page.request.get(`/api/v1/availabilities?productId=${productId}`, { headers });
    expect(refused.status()).toBe(401);
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await newPage(browser, phone);
    await signInAs(narrow.page, 'admin@demo.hedgerow.test');
    await narrow.page.goto(`/admin/organizations/${organizationId}/edit`);
    await narrow.page.getByTestId('api-keys-card').waitFor();
    await narrow.page.waitForLoadState('networkidle');
    await screenshot(narrow.page, 'beehive-api-keys-390');
    await narrow.context.close();
  });

  it('staff edit a branch with the postal-code lookup, and the demo buyer sees the assigned market manager', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const adminToken = await signInAs(page, 'admin@demo.hedgerow.test');
    const companies = await api<{ results: { id: number }[] }>(
      page,
      adminToken,
      'GET',
      '/api/internal/organizations?query=Blue%20Ridge',
    );
    const organizationId = companies.results[0].id;
    const company = await api<{ branches: { id: number; name: string }[] }>(
      page,
      adminToken,
      'GET',
      `/api/internal/organizations/${organizationId}`,
    );
    const branch = company.branches[0];
    await page.goto(`/admin/organizations/${organizationId}/edit`);
    await page.getByRole('link', { name: branch.name }).click();
    await page.waitForURL(`**/admin/organizations/${organizationId}/branches/${branch.id}/edit`);
    const postal = page.getByLabel('Zip or postal code');
    await postal.fill('28801');
    await page.getByTestId('lookup-postal-code').click();
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Asheville');
    await page.getByTestId('save-branch').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ address: { postalCode: string }; latitude: number }>(
              page,
              adminToken,
              'GET',
              `/api/internal/organizations/${organizationId}/branches/${branch.id}`,
            )
          ).address.postalCode,
      )
      .toBe('28801');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'beehive-branch-edit-1280');
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await newPage(browser, phone);
    await signInAs(narrow.page, 'admin@demo.hedgerow.test');
    await narrow.page.goto(`/admin/organizations/${organizationId}/branches/${branch.id}/edit`);
    await narrow.page.getByTestId('save-branch').waitFor();
    await narrow.page.waitForLoadState('networkidle');
    await screenshot(narrow.page, 'beehive-branch-edit-390');
    await narrow.context.close();

    for (const viewport of [desktop, phone]) {
      const buyer = await newPage(browser, viewport);
      await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
      await buyer.page.goto('/dashboard');
      const card = buyer.page.getByTestId('market-manager-card');
      // The dashboard loads its lower panels as they scroll into view.
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.getByText('Jordan Ellsworth').count(), { timeout: 15_000 }).toBe(1);
      await buyer.page.waitForLoadState('networkidle');
      await screenshot(buyer.page, `dashboard-market-manager-${viewport.width}`);
      expect(buyer.problems).toEqual([]);
      await buyer.context.close();
    }
  });

  it('visitors see the published testimonials on the landing page', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/');
    const section = page.getByTestId('landing-testimonials');
    await section.waitFor();
    expect(await section.getByText('Dana Whitfield').count()).toBe(1);
    expect(await section.getByText('A draft kept for later.').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'landing-testimonials-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});
