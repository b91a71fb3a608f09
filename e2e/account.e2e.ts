import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, signUpThroughApi } from './support/accounts';
import { demoPassword, desktop, launchBrowser, newPage, phone } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-account';

/** Saves a screenshot for people to look at (not compared). */
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function tokenOf(page: Page, email: string) {
  const response = await page.request.post('/api/v1/sessions', { data: { email, password: demoPassword } });
  if (!response.ok()) throw new Error(`Sign-in failed for ${email}: ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Other journeys share this server's demo accounts: put back what a test changed. */
async function deleteAsAdmin(page: Page, adminToken: string, url: string) {
  const response = await page.request.delete(url, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(response.status()).toBe(204);
}

/**
 * Switches off the live ads of a zone (the demo fills every zone) so the ad a test creates is the one
 * shown; returns what puts them back.
 */
async function pauseZoneAds(page: Page, adminToken: string, zoneId: string) {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const listed = await page.request.get(`/api/internal/house_ads?zoneId=${zoneId}&perPage=100`, { headers });
  type Ad = { id: number; active: boolean } & Record<string, unknown>;
  const live = ((await listed.json()) as { results: Ad[] }).results.filter((ad) => ad.active);
  const setActive = async (active: boolean) => {
    for (const ad of live) {
      // A PATCH replaces the whole ad: every field it keeps is sent back, the phone image too (left out, it
      // was cleared, and the dashboard's banner lost its phone image for the journeys that ran later).
      const { name, zoneId, imageUrl, phoneImageUrl, linkUrl, altText, activeFrom, activeTo } = ad;
      const data = { name, zoneId, imageUrl, phoneImageUrl, linkUrl, altText, activeFrom, activeTo, active };
      const response = await page.request.patch(`/api/internal/house_ads/${ad.id}`, { headers, data });
      expect(response.status()).toBe(200);
    }
  };
  await setActive(false);
  return () => setActive(true);
}

const useToken = (page: Page, token: string) =>
  page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);

describe('marketing messages', () => {
  it('a buyer dismisses a message on /home and it stays gone after a reload', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const adminToken = await tokenOf(page, 'admin@demo.hedgerow.test');
    const title = `Spring ordering opens ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/internal/marketing_messages', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        title,
        message: 'Reserve trees and shrubs now for March delivery.',
        audience: 'all_users',
        ctaUrl: '/search?query=maple',
        ctaButtonLabel: 'Shop maples',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // A house ad in the activated users' first dashboard zone (the demo's own ad there paused meanwhile).
    const resumeZone = await pauseZoneAds(page, adminToken, '20776');
    const ad = await page.request.post('/api/internal/house_ads', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: 'Spring planting',
        zoneId: '20776',
        imageUrl: '/ads/spring-planting.svg',
        linkUrl: '/search?query=tree',
        altText: 'Spring planting is here: reserve trees and shrubs early',
      },
    });
    expect(ad.status()).toBe(201);
    const adId = ((await ad.json()) as { id: number }).id;

    await useToken(page, await tokenOf(page, 'buyer@demo.hedgerow.test'));
    await page.goto('/home');
    const message = page.getByTestId('marketing-message').filter({ hasText: title });
    await message.waitFor();
    // all_users messages are orange, with the call to action as a button.
    expect(await message.getAttribute('data-audience')).toBe('all_users');
    expect(await message.getByRole('link', { name: 'Shop maples' }).getAttribute('href')).toBe(
      '/search?query=maple',
    );
    await page.getByRole('img', { name: /Spring planting is here/ }).waitFor();
    await shot(page, 'home-marketing-message-1280');
    await page.setViewportSize(phone);
    await message.waitFor();
    await shot(page, 'home-marketing-message-390');
    await page.setViewportSize(desktop);

    await message.getByRole('button', { name: `Dismiss ${title}` }).click();
    await expect.poll(() => message.count()).toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem('hedgerow.dismissedMarketingMessages'));
    expect(JSON.parse(stored ?? '[]')).toContain(id);

    // After a reload the messages are fetched again, and the dismissed one still does not show.
    const fetched = page.waitForResponse((response) => response.url().includes('/api/v1/marketing_messages'));
    await page.reload();
    expect((await (await fetched).json()).results.map((row: { id: number }) => row.id)).toContain(id);
    await page.getByRole('img', { name: /Spring planting is here/ }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);

    // Dismissing again (another tab that still showed it) changes nothing.
    await page.evaluate((value) => {
      const key = 'hedgerow.dismissedMarketingMessages';
      const ids = JSON.parse(localStorage.getItem(key) ?? '[]');
      localStorage.setItem(key, JSON.stringify([...ids, value]));
    }, id);
    await page.reload();
    await page.getByRole('img', { name: /Spring planting is here/ }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);

    await deleteAsAdmin(page, adminToken, `/api/internal/marketing_messages/${id}`);
    await deleteAsAdmin(page, adminToken, `/api/internal/house_ads/${adId}`);
    await resumeZone();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an admin creates a message through the form, with its messages for bad input', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const adminToken = await tokenOf(page, 'admin@demo.hedgerow.test');
    await useToken(page, adminToken);
    // An ad to list (the first journey removed its own).
    const ad = await page.request.post('/api/internal/house_ads', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: 'Spring planting',
        zoneId: '21639',
        imageUrl: '/ads/spring-planting.svg',
        linkUrl: '/search?query=tree',
        altText: 'Spring planting is here',
        activeTo: '2099-12-31',
      },
    });
    const adId = ((await ad.json()) as { id: number }).id;
    await page.goto('/admin/marketing');
    await page.getByRole('link', { name: 'New Message' }).click();
    await page.waitForURL('**/admin/marketing_messages/new');
    await page.getByRole('textbox', { name: 'Title' }).fill('Holiday hours');
    await page.getByLabel('Call-to-action link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create Message' }).click();
    await page.getByText('Enter the text of this message').waitFor();
    await page.getByText('Choose who sees this message').waitFor();
    await page.getByText('Enter a full link (https://…) or a path on this site (/search)').waitFor();
    await page.getByText('Enter a button label for this call to action').waitFor();
    // What was typed stays.
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Holiday hours');
    await shot(page, 'admin-new-message-errors-1280');

    await page.getByRole('textbox', { name: /^Message( \*)?$/ }).fill('Our team is off on Dec 25 and Jan 1.');
    await chooseOption(page, 'Audience', 'Suppliers');
    await page.getByLabel('Call-to-action link').fill('/contact');
    await page.getByLabel('Button label').fill('Contact us');
    await page.getByRole('button', { name: 'Create Message' }).click();
    await page.waitForURL('**/admin/marketing');
    await page.getByRole('link', { name: 'Holiday hours', exact: true }).waitFor();
    await shot(page, 'admin-marketing-1280');
    await page.goto('/admin/house_ads');
    await page.getByTestId('house-ad-row').first().waitFor();
    await shot(page, 'admin-house-ads-1280');
    await page.getByRole('button', { name: 'New Ad' }).click();
    await page.getByRole('button', { name: 'Create Ad' }).click();
    await page.getByText('Choose a zone for this ad').waitFor();
    await shot(page, 'admin-new-ad-errors-1280');
    await page.setViewportSize(phone);
    await page.keyboard.press('Escape');
    await page.goto('/admin/marketing');
    await page.getByRole('link', { name: 'Holiday hours', exact: true }).waitFor();
    await shot(page, 'admin-marketing-390');
    const list = await page.request.get('/api/internal/marketing_messages?perPage=100', {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const created = ((await list.json()) as { results: { id: number; title: string }[] }).results.find(
      (row) => row.title === 'Holiday hours',
    );
    await deleteAsAdmin(page, adminToken, `/api/internal/marketing_messages/${created?.id}`);
    await deleteAsAdmin(page, adminToken, `/api/internal/house_ads/${adId}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('address book', () => {
  it('a buyer adds an address (a Canadian code with a US state is refused, keeping the form) and edits it', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const { token } = await signUpThroughApi(page, 'Addie');
    await useToken(page, token);
    await page.goto('/address_book');
    await page.getByTestId('addresses-empty').waitFor();
    await page.getByRole('link', { name: 'Add Address' }).click();
    await page.waitForURL('**/address_book/new');

    await page.getByLabel('Name').fill('Myers Park job site');
    await page.getByRole('textbox', { name: /^Street address( \*)?$/ }).fill('200 Queens Rd');
    await page.getByLabel('City').fill('Charlotte');
    await chooseOption(page, 'State', 'North Carolina');
    await page.getByLabel('Zip code').fill('K1A 0B1');
    await page.getByRole('textbox', { name: /^Phone( \*)?$/ }).fill('7045550101');
    await page.getByLabel('Delivery instructions').fill('Gate code 4411. Unload by the north fence.');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page
      .getByText('This is a Canadian postal code, but the address is in a US state.', { exact: false })
      .waitFor();
    expect(page.url()).toContain('/address_book/new');
    expect(await page.getByLabel('Delivery instructions').inputValue()).toBe(
      'Gate code 4411. Unload by the north fence.',
    );
    expect(await page.getByLabel('Name').inputValue()).toBe('Myers Park job site');
    await shot(page, 'address-new-refused-1280');

    await page.getByLabel('Zip code').fill('28207');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.waitForURL((url) => url.pathname === '/address_book');
    const card = page.getByTestId('address-card').filter({ hasText: 'Myers Park job site' });
    await card.waitFor();
    // The first address becomes the default.
    await card.getByTestId('default-badge').waitFor();
    expect(await card.textContent()).toContain('Gate code 4411');

    await card.getByRole('link', { name: 'Edit Myers Park job site' }).click();
    await page.waitForURL('**/address_book/*/edit');
    expect(await page.getByLabel('City').inputValue()).toBe('Charlotte');
    await page.getByLabel('Name').fill('Myers Park job site (phase 2)');
    await page.getByLabel('Delivery instructions').fill('Call Sam on arrival.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL((url) => url.pathname === '/address_book');
    const edited = page.getByTestId('address-card').filter({ hasText: 'Myers Park job site (phase 2)' });
    await edited.waitFor();
    expect(await edited.textContent()).toContain('Call Sam on arrival.');
    expect(await page.getByTestId('address-card').count()).toBe(1);

    // A Canadian address with a province.
    await page.getByRole('link', { name: 'Add Address' }).click();
    await page.getByLabel('Name').fill('Toronto yard');
    await page.getByText('Canada', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Street address( \*)?$/ }).fill('1 Front St W');
    await page.getByLabel('City').fill('Toronto');
    await chooseOption(page, 'Province/Territory', 'Ontario');
    await page.getByLabel('Postal code').fill('m5j 2x5');
    await page.getByRole('textbox', { name: /^Phone( \*)?$/ }).fill('4165550101');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.waitForURL((url) => url.pathname === '/address_book');
    await page.getByTestId('address-card').filter({ hasText: 'M5J 2X5' }).waitFor();
    await shot(page, 'address-book-1280');

    await page.setViewportSize(phone);
    await page.reload();
    await page.getByTestId('address-card').first().waitFor();
    await shot(page, 'address-book-390');
    await page.getByRole('link', { name: 'Edit Toronto yard' }).click();
    await page.getByLabel('City').waitFor();
    await shot(page, 'address-edit-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('preferences, discounts and favourites', () => {
  it('a buyer saves preferences and sees the organisation’s discounts', async () => {
    const { page, problems, context } = await newPage(browser, desktop);
    const buyerToken = await tokenOf(page, 'buyer@demo.hedgerow.test');
    const auth = { Authorization: `Bearer ${buyerToken}` };
    const original = await (
      await page.request.get('/api/v1/users/current/preferences', { headers: auth })
    ).json();
    await useToken(page, buyerToken);
    await page.goto('/preferences/edit');
    await page.getByLabel('Default postal code').fill('123');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Must be a valid 5 or 9 digit zip code or Canadian postal code').waitFor();
    await page.getByLabel('Default postal code').fill('28203');
    await chooseOption(page, 'Sort search results by', 'Common Name (A-Z)');
    await page.getByLabel('Product news and offers').uncheck();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Success: Your preferences have been saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Default postal code').inputValue()).toBe('28203');
    expect(await page.getByLabel('Product news and offers').isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Sort search results by' }).inputValue()).toBe(
      'Common Name (A-Z)',
    );
    await shot(page, 'preferences-1280');

    await page.goto('/discounts?tab=1');
    await page.getByTestId('purchase-discounts').waitFor();
    await page.getByTestId('discount-row').first().waitFor();
    await shot(page, 'discounts-1280');

    await page.goto('/suppliers/favorites');
    await page.getByTestId('add-favorite-supplier').waitFor();
    await shot(page, 'favorites-1280');
    // Adding a favourite by name; its star on the card takes it off again.
    await page
      .getByRole('textbox', { name: 'Find a supplier to add' })
      .or(page.getByRole('combobox', { name: 'Find a supplier to add' }))
      .first()
      .fill('Midlands');
    await page
      .getByRole('option', { name: /^Midlands Nursery Wholesale/ })
      .first()
      .click();
    const added = page.getByTestId('supplier-card').filter({ hasText: 'Midlands Nursery Wholesale' });
    await added.waitFor();
    await added.getByTestId('favorite-star').click();
    await expect.poll(() => added.count()).toBe(0);

    await page.setViewportSize(phone);
    await page.goto('/discounts?tab=1');
    await page.getByTestId('discount-row').first().waitFor();
    await shot(page, 'discounts-390');
    await page.goto('/preferences/edit');
    await page.getByLabel('Default postal code').waitFor();
    await shot(page, 'preferences-390');
    await page.goto('/users/edit');
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await shot(page, 'profile-390');
    const restored = await page.request.patch('/api/v1/users/current/preferences', {
      headers: auth,
      data: original,
    });
    expect(restored.ok()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
