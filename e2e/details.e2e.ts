import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeNewUserSurvey, fillNewCompanySignUp, signUpThroughApi } from './support/accounts';
import { api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs, uniqueEmail } from './support/browser';

// Issue 22: the details a new user tripped on, and the readable-for-everyone basics.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('sign-in', () => {
  it('keeps an e-mail a password manager filled in as the page loaded, and signs in with it', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/users/login', { waitUntil: 'commit' });
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.waitFor();
    // As some password managers do: the value set through the field's own setter, then announced,
    // which React's change tracking does not count as a change.
    await page.evaluate(() => {
      const fill = (selector: string, value: string) => {
        const input = document.querySelector<HTMLInputElement>(selector)!;
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      };
      fill('input[name="email"]', 'buyer@demo.hedgerow.test');
      fill('input[name="password"]', 'hedgerow-demo');
    });
    await page.waitForTimeout(600);
    expect(await email.inputValue()).toBe('buyer@demo.hedgerow.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    expect(await page.getByText('Enter a valid email address').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('sign-up', () => {
  it('the Sign Up links of the search, branch and availability pages come back to them', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const signUpLink = () => page.getByRole('banner').getByRole('link', { name: 'Sign Up' });
    for (const path of [
      '/suppliers/blue-ridge-growers-hendersonville',
      '/products/acer-rubrum/availability',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await signUpLink().getAttribute('href'), path).toBe(
        `/invite-requests/new?redirect=${encodeURIComponent(path)}`,
      );
    }
    // Other pages sign up to the home page.
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(await signUpLink().getAttribute('href')).toBe('/invite-requests/new');
    expect(problems).toEqual([]);
    await context.close();
  });

  // Signing up hashes a password: slow on a busy machine.
  it('a visitor signs up from a search, lands back on it, and is not asked for the company again', {
    timeout: 180_000,
  }, async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await page.goto('/search?query=maple', { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL(`**/invite-requests/new?redirect=${encodeURIComponent('/search?query=maple')}`);
    await fillNewCompanySignUp(page, {
      firstName: 'Morgan',
      lastName: 'Reyes',
      email: uniqueEmail('morgan'),
      phone: '7045550142',
      company: 'Reyes Outdoor',
      size: '1-5',
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?query=maple', {
      timeout: 120_000,
    });
    await page.getByTestId('product-tile').first().waitFor({ timeout: 60_000 });

    // The company named at sign-up exists: neither the header nor the home page asks for it.
    await page.goto('/home', { waitUntil: 'networkidle' });
    await closeNewUserSurvey(page);
    await page.getByText(/Good (morning|afternoon|evening), Morgan/).waitFor();
    expect(await page.getByTestId('complete-company-profile').count()).toBe(0);
    expect(await page.getByText('Complete your company profile').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the header', () => {
  it('one character in the header search claims nothing (no search ran)', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/about', { waitUntil: 'networkidle' });
    const box = page.getByRole('banner').getByPlaceholder('Search products');
    await box.pressSequentially('m', { delay: 50 });
    await page.waitForTimeout(800);
    expect(await page.getByText(/No products match/).count()).toBe(0);
    await box.pressSequentially('aple', { delay: 50 });
    // The first search waits for the search index to load.
    await expect.poll(() => page.getByTestId('header-search-show-all').count(), { timeout: 60_000 }).toBe(1);
    await context.close();
  });

  // Signing up hashes a password: slow on a busy machine.
  it('a suspended user sees no Start New Cart or Upload a List', { timeout: 180_000 }, async () => {
    const { page, context } = await newPage(browser, desktop);
    const target = await signUpThroughApi(page, 'Suspenda');
    const adminToken = await signInAs(page, 'admin@demo.hedgerow.test');
    const current = await page.request.get('/api/v1/users/current', {
      headers: { authorization: `Bearer ${target.token}` },
    });
    const { id } = (await current.json()) as { id: number };
    const suspend = await page.request.patch(`/api/internal/users/${id}`, {
      data: { status: 'no_site_use' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(suspend.status()).toBe(200);
    await context.close();

    for (const viewport of [desktop, phone]) {
      const suspended = await newPage(browser, viewport);
      await suspended.page.addInitScript(
        (value) => localStorage.setItem('hedgerow.token', value),
        target.token,
      );
      await suspended.page.goto('/about', { waitUntil: 'networkidle' });
      if (viewport === phone) await suspended.page.getByTestId('mobile-menu-button').click();
      await suspended.page.waitForTimeout(300);
      expect(await suspended.page.getByRole('link', { name: 'Start New Cart' }).count()).toBe(0);
      expect(await suspended.page.getByRole('link', { name: 'Upload a List' }).count()).toBe(0);
      await suspended.context.close();
    }
    // A buyer in good standing still has both.
    const buyer = await newPage(browser, desktop);
    await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    await buyer.page.goto('/about', { waitUntil: 'networkidle' });
    expect(await buyer.page.getByRole('link', { name: 'Start New Cart' }).count()).toBe(1);
    await buyer.context.close();
  });
});

describe('keyboard and screen readers', () => {
  it('a skip link is the first stop and moves focus to the page content, with a visible outline', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    // On screen while focused, with an outline.
    const box = await skip.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(await skip.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // The next Tab goes into the content, past the header.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement)),
    ).toBe(true);
    await context.close();
  });

  it('links inside running text are underlined', async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/invite-requests/new', { waitUntil: 'networkidle' });
    const inText = page.locator('main p a[href]').first();
    expect(await inText.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
      'underline',
    );
    await context.close();
  });
});

describe('phones', () => {
  it('the product page lists branches as cards at 390 px, each value under its column name', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/products/acer-macrophyllum', { waitUntil: 'networkidle' });
    const table = page.getByTestId('branch-table');
    await table.waitFor();
    expect(await table.locator('thead').isVisible()).toBe(false);
    const firstRow = table.locator('tbody tr').first();
    const rowBox = await firstRow.boundingBox();
    expect(rowBox?.width ?? 999).toBeLessThanOrEqual(phone.width);
    expect(await firstRow.locator('td[data-label="Size"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'product-branch-cards-390');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Beehive users are cards at 390 px with no sideways scroll', async () => {
    const { page, context } = await newPage(browser, phone);
    await signInAs(page, 'admin@demo.hedgerow.test');
    await page.goto('/admin/users', { waitUntil: 'networkidle' });
    const table = page.getByTestId('users-table');
    await table.waitFor();
    expect(await table.locator('thead').isVisible()).toBe(false);
    const scroller = table.locator('xpath=ancestor::*[contains(@class,"mantine-ScrollArea-viewport")][1]');
    expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await context.close();
  });

  it('Beehive feature flags name whom a feature is on for, and staff pick an organization by name', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'admin@demo.hedgerow.test');
    await page.goto('/admin/features', { waitUntil: 'networkidle' });
    const pills = page.getByTestId('feature-row-dashboardAccess').getByTestId('feature-enablement');
    await expect.poll(() => pills.count()).toBeGreaterThan(0);
    for (const text of await pills.allTextContents()) expect(text).not.toMatch(/#\d/);

    const row = page.getByTestId('feature-row-saas_subscription');
    await row.getByTestId('enable-feature-saas_subscription').click();
    const dialog = page.getByRole('dialog', { name: 'Enable saas_subscription for…' });
    await dialog.getByPlaceholder('Search organizations by name').fill('Cardinal');
    await page.getByRole('option', { name: 'Cardinal Outdoor Living' }).click();
    await dialog.getByRole('button', { name: 'Enable' }).click();
    const pill = row.getByTestId('feature-enablement').filter({ hasText: 'Cardinal Outdoor Living' });
    await pill.waitFor();
    await screenshot(page, 'details-admin-features-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await row.getByRole('button', { name: 'Remove Cardinal Outdoor Living from saas_subscription' }).click();
    await pill.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('house ads show their phone banner on phones and in narrow columns, tall enough to read', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    const source = (zone: ReturnType<typeof page.locator>) =>
      zone.locator('img').evaluate((element: HTMLImageElement) => element.currentSrc);
    await page.goto('/home', { waitUntil: 'networkidle' });
    const homeAd = page.getByTestId('ad-zone').first();
    await homeAd.locator('img').waitFor();
    await expect.poll(() => source(homeAd)).toMatch(/-phone\.svg$/);
    // 640 × 200 across the 358 px column: 112 px tall, where the wide banner was 60.
    expect((await homeAd.locator('img').boundingBox())?.height ?? 0).toBeGreaterThan(100);
    await homeAd.scrollIntoViewIfNeeded();
    await screenshot(page, 'details-ad-zone-390', { fullPage: false });
    // The home page's side column is narrow on a wide screen too.
    await page.setViewportSize(desktop);
    await expect.poll(() => source(homeAd)).toMatch(/-phone\.svg$/);
    expect((await homeAd.locator('img').boundingBox())?.height ?? 0).toBeGreaterThan(100);

    // The search page's zone above the results is as wide as the page there: the wide banner.
    await page.goto('/search?query=maple', { waitUntil: 'networkidle' });
    const searchAd = page.locator('[data-testid="ad-zone"][data-zone-id="21639"]');
    await searchAd.locator('img').waitFor({ timeout: 30_000 });
    await expect.poll(() => source(searchAd)).not.toMatch(/-phone\.svg$/);
    await page.setViewportSize(phone);
    await expect.poll(() => source(searchAd)).toMatch(/-phone\.svg$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('staff give an ad its phone image in the Beehive form on a phone: a bad address is refused, a good one previews and is kept', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    const adminToken = await signInAs(page, 'admin@demo.hedgerow.test');
    // Switched off, so the journeys that look at the zones never see it.
    const ad = await api<{ id: number }>(page, adminToken, 'POST', '/api/internal/house_ads', {
      name: 'Phone image journey',
      zoneId: '21636',
      imageUrl: '/ads/browse-brands.svg',
      linkUrl: '/brands',
      altText: 'Shop by brand',
      active: false,
    });
    try {
      await page.goto('/admin/house_ads', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Edit Phone image journey' }).click();
      const phoneImage = page.getByRole('textbox', { name: 'Phone image URL' });
      await phoneImage.fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Enter a full link (https://…) or a path on this site (/search)').waitFor();
      await phoneImage.fill('/ads/browse-brands-phone.svg');
      const preview = page.getByRole('img', { name: 'Preview of the phone image' });
      await expect
        .poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      await screenshot(page, 'details-house-ad-phone-image-390', { fullPage: false });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const saved = await api<{ results: { id: number; phoneImageUrl: string | null }[] }>(
        page,
        adminToken,
        'GET',
        '/api/internal/house_ads?zoneId=21636&perPage=100',
      );
      expect(saved.results.find((row) => row.id === ad.id)?.phoneImageUrl).toBe(
        '/ads/browse-brands-phone.svg',
      );
      // Opened again, the form shows it.
      await page.getByRole('button', { name: 'Edit Phone image journey' }).click();
      expect(await phoneImage.inputValue()).toBe('/ads/browse-brands-phone.svg');
    } finally {
      const removed = await page.request.delete(`/api/internal/house_ads/${ad.id}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(removed.status()).toBe(204);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the page buttons of a long Beehive list stay on one line at 390 px', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'admin@demo.hedgerow.test');
    await page.goto('/admin/products', { waitUntil: 'networkidle' });
    const first = page.getByRole('button', { name: 'Page 1', exact: true });
    await first.waitFor();
    const next = page.getByRole('button', { name: 'next page' });
    const last = page.getByRole('button', { name: /^Page \d{3,}$/ });
    const [firstBox, nextBox, lastBox] = await Promise.all([first, next, last].map((b) => b.boundingBox()));
    expect(nextBox?.y).toBe(firstBox?.y);
    expect(lastBox?.y).toBe(firstBox?.y);
    expect((nextBox?.x ?? 999) + (nextBox?.width ?? 0)).toBeLessThanOrEqual(phone.width);
    expect(firstBox?.height ?? 0).toBeGreaterThanOrEqual(32);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the account tabs scroll with a faded edge at 390 px', async () => {
    const { page, context } = await newPage(browser, phone);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/users/edit', { waitUntil: 'networkidle' });
    const list = page.locator('.section-tabs-list').first();
    await list.waitFor();
    expect(await list.evaluate((element) => getComputedStyle(element).maskImage)).toContain(
      'linear-gradient',
    );
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await context.close();
  });
});

describe('restricted products and staff', () => {
  it('a signed-in buyer is told what the restriction is, not to log in', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/products/acer-platanoides', { waitUntil: 'networkidle' });
    await expect
      .poll(() =>
        page
          .getByTestId('restricted-notice')
          .getByText(/regulated in some states/)
          .count(),
      )
      .toBe(1);
    expect(await page.getByText('Log in to view pricing').count()).toBe(0);
    await page.goto('/search?query=acer%20platanoides', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('restricted-price').count()).toBeGreaterThan(0);
    expect(await page.getByText('Log in to view pricing').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const email of ['admin@demo.hedgerow.test', 'logistics@demo.hedgerow.test']) {
    it(`${email.split('@')[0]} staff get a staff home with queues and no company prompt`, async () => {
      const { page, context, problems } = await newPage(browser, desktop);
      await signInAs(page, email);
      await page.goto('/home', { waitUntil: 'networkidle' });
      await page.getByTestId('staff-home').waitFor();
      expect(await page.getByTestId('staff-freight-queue').count()).toBe(1);
      expect(await page.getByTestId('complete-company-profile').count()).toBe(0);
      expect(await page.getByText('Complete your company profile').count()).toBe(0);
      if (email.startsWith('admin')) {
        const queue = page.getByTestId('staff-orders-queue');
        await expect.poll(() => queue.getByRole('link', { name: 'Needs Review' }).count()).toBe(1);
      }
      await screenshot(page, `staff-home-${email.split('@')[0]}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('carts and pages', () => {
  it('?reorder=true on an ordinary cart does not claim it is a copy', async () => {
    const { page, context } = await newPage(browser, desktop);
    const token = await signInAs(page, 'buyer@demo.hedgerow.test');
    const created = await page.request.post('/api/v1/carts', {
      data: { name: 'Not a copy' },
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/quotes/${id}/edit?reorder=true`, { waitUntil: 'networkidle' });
    await page.getByTestId('cart-name').waitFor();
    expect(await page.getByText('This is a copy of a submitted cart', { exact: false }).count()).toBe(0);
    await context.close();
  });

  it('Help Center, How it Works, FAQs and the sitemap are pages of the site', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    for (const [path, heading] of [
      ['/help', 'Help Center'],
      ['/how-it-works', 'How it Works'],
      ['/faqs', 'FAQs'],
      ['/sitemap', 'Sitemap'],
    ] as const) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.getByRole('heading', { level: 1, name: heading }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.width,
      );
    }
    await expect
      .poll(() => page.getByTestId('sitemap-groups').getByRole('link', { name: 'Trees' }).count())
      .toBe(1);
    // The footer's help links stay on the site; its Plants section lists the plant groups.
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'FAQs' }).getAttribute('href')).toBe('/faqs');
    expect(await footer.getByRole('link', { name: 'Trees' }).getAttribute('href')).toBe(
      '/search?productGroupSlug=trees',
    );
    expect(await footer.getByRole('link', { name: 'Carex' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the header's Plants menu shows each group's main families, not every genus", async () => {
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Plants' }).click();
    const menu = page.getByTestId('product-group-menu-Plants');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').count();
    // Four groups: a 'Shop all' link and at most ten families each.
    expect(items).toBeLessThanOrEqual(4 * 11);
    expect(await menu.getByRole('menuitem', { name: 'Shop all Trees' }).count()).toBe(1);
    await context.close();
  });
});

describe('the search page texts (part 2)', () => {
  it('says what did not match, offers a way back and a join prompt to visitors, and the sourcing card', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/search?query=zzqxv', { waitUntil: 'networkidle' });
    const card = page.getByTestId('search-no-results');
    await expect
      .poll(() => card.getByText('Your search zzqxv did not match any results.').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    const join = card.getByTestId('search-join-prompt').getByRole('link');
    expect(await join.getAttribute('href')).toBe(
      `/invite-requests/new?redirect=${encodeURIComponent('/search?query=zzqxv')}`,
    );
    await page.goto('/search?query=maple', { waitUntil: 'networkidle' });
    const sourcing = page.getByTestId('sourcing-card');
    await expect
      .poll(() => sourcing.getByText('Need help finding this?').count(), { timeout: 30_000 })
      .toBe(1);
    expect(await sourcing.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await sourcing.getByRole('link', { name: /\(555\)/ }).getAttribute('href')).toMatch(/^tel:/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the search page info cards (part 2)', () => {
  it("filters that match nothing say so, and 'Reset Filters' brings the results back", async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/search?query=mulch&standardContainer=B%26B', { waitUntil: 'networkidle' });
    const card = page.getByTestId('search-no-results');
    await expect
      .poll(() => card.getByText('No products match your criteria').count(), { timeout: 60_000 })
      .toBe(1);
    await screenshot(page, 'details-search-no-match-filters-390');
    await card.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?query=mulch');
    await page.getByTestId('product-tile').first().waitFor();
    expect(await card.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'In Active Cart' with an empty cart says the cart is empty", { timeout: 180_000 }, async () => {
    const { page, context, problems } = await newPage(browser, phone);
    const { token } = await signUpThroughApi(page, 'Emery');
    await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
    await api(page, token, 'POST', '/api/v1/carts', { name: 'Empty for now' });
    await page.goto('/search?query=maple&supplierFilter=true&activeCart=true', { waitUntil: 'networkidle' });
    const notice = page.getByTestId('supplier-notice-empty-cart');
    await notice.getByText('Your active cart is empty').waitFor();
    expect(await page.getByTestId('supplier-notice-no-cart').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('no dead end off the main search page', () => {
  it("a supplier's availability search that finds nothing offers 'Search across all products'", async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await page.goto('/suppliers/blue-ridge-growers-hendersonville?query=zzqxv', { waitUntil: 'networkidle' });
    const empty = page.getByTestId('availability-empty');
    await empty.getByText('Nothing at this supplier matches "zzqxv"').waitFor();
    await screenshot(page, 'details-availability-no-match-390');
    await empty.getByRole('link', { name: 'Search across all products' }).click();
    // The same query on the main search page, with no supplier scope; that page offers no such button.
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?query=zzqxv');
    await expect
      .poll(() => page.getByText('Your search zzqxv did not match any results.').count(), { timeout: 60_000 })
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Search across all products' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('downloads', () => {
  it("a quote's two PDFs and three CSVs download under five different names", async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'buyer@demo.hedgerow.test');
    const carts = await api<{ results: { id: number; name: string }[] }>(
      page,
      token,
      'GET',
      '/api/v1/carts?perPage=50',
    );
    const cart = carts.results.find((row) => row.name === 'Hillcrest Library Courtyard')!;
    await page.goto(`/quotes/${cart.id}/edit`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Download Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Quote' });
    const names: string[] = [];
    for (const button of ['PDF', 'PDF without supplier', 'Buyer CSV', 'Quote CSV', 'Full CSV']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: button, exact: true }).click(),
      ]);
      names.push(download.suggestedFilename());
      expect(fs.statSync((await download.path()) as string).size, button).toBeGreaterThan(0);
    }
    expect(names.filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
    expect(names.filter((name) => name.endsWith('.csv'))).toHaveLength(3);
    expect(new Set(names).size).toBe(5);
    for (const name of names) expect(name).toContain('Hillcrest Library Courtyard');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt names the gzipped sitemap, which lists the public product, supplier, brand and state pages', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const robots = await page.goto('/robots.txt');
    expect(robots?.headers()['content-type']).toMatch(/^text\/plain/);
    const robotsText = (await robots?.text()) ?? '';
    expect(robotsText).toMatch(/^User-agent: \*/m);
    expect(robotsText).toMatch(/^Disallow: \/api\//m);
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robotsText)?.[1] ?? '';
    expect(new URL(sitemapUrl).pathname).toBe('/sitemap.xml.gz');

    const sitemap = await page.request.get('/sitemap.xml.gz');
    expect(sitemap.status()).toBe(200);
    const xml = gunzipSync(await sitemap.body()).toString('utf8');
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    const first = (pattern: RegExp) => paths.find((path) => pattern.test(path));
    for (const pattern of [
      /^\/products\/[^/]+$/,
      /^\/suppliers\/(?!states$|map$)[^/]+$/,
      /^\/brands\/[^/]+$/,
      /^\/suppliers\/states\/[A-Z]{2}$/,
    ]) {
      expect(first(pattern), String(pattern)).toBeDefined();
    }
    // A restricted product is not a public page.
    expect(paths).not.toContain('/products/acer-platanoides');
    // What it lists are pages of the site.
    await page.goto(first(/^\/products\/[^/]+$/)!, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(first(/^\/suppliers\/states\/[A-Z]{2}$/)!, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText("We couldn't find that page").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a lived-in demo', () => {
  it('the demo buyer has open carts and HubSheets to pick up', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/quotes', { waitUntil: 'networkidle' });
    for (const name of ['Magnolia Park Entrance', 'Hillcrest Library Courtyard']) {
      await page.getByRole('main').getByText(name, { exact: true }).first().waitFor();
    }
    await page.goto('/hubsheets', { waitUntil: 'networkidle' });
    for (const name of ['Westfield Retail Center', 'Cedar Hills Office Park - Phase 2']) {
      await page.getByRole('main').getByText(name, { exact: true }).first().waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the landing page's figures are the marketplace's counts", async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const figures = (await (await page.request.get('/api/v1/marketplace_figures')).json()) as {
      suppliers: number;
      branches: number;
      products: number;
      states: number;
    };
    expect(figures.suppliers).toBeGreaterThan(1);
    await page.goto('/', { waitUntil: 'networkidle' });
    const n = (value: number) => value.toLocaleString('en-US');
    const points = page.getByTestId('landing-hero-point');
    await points
      .getByText(`${n(figures.suppliers)} wholesale suppliers in ${n(figures.states)} states`)
      .waitFor();
    await points
      .getByText(`${n(figures.products)} products in stock at ${n(figures.branches)} branches`)
      .waitFor();
    await screenshot(page, 'details-landing-figures-1280', { fullPage: false });
    await page.setViewportSize(phone);
    await points.first().waitFor();
    await screenshot(page, 'details-landing-figures-390', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('every demo sign-in sees the marketing messages and house ads meant for it', async () => {
    const cases = [
      {
        email: 'buyer@demo.hedgerow.test',
        sees: 'Price a whole plan at once',
        not: 'Finish setting up your account',
      },
      {
        email: 'newbuyer@demo.hedgerow.test',
        sees: 'Finish setting up your account',
        not: 'See the week ahead',
      },
      {
        email: 'supplier@demo.hedgerow.test',
        sees: 'See the week ahead',
        not: 'Favorite the suppliers you trust',
      },
    ];
    for (const { email, sees, not } of cases) {
      const { page, context, problems } = await newPage(browser, desktop);
      await signInAs(page, email);
      await page.goto('/home', { waitUntil: 'networkidle' });
      const messages = page.getByTestId('marketing-message');
      await messages.filter({ hasText: sees }).waitFor();
      await messages.filter({ hasText: 'Spring availability is in' }).waitFor();
      expect(await messages.filter({ hasText: not }).count()).toBe(0);
      await expect.poll(() => page.getByTestId('ad-zone').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      if (email.startsWith('buyer')) await screenshot(page, 'details-home-marketing-1280');
      expect(problems).toEqual([]);
      await context.close();
    }
    // Visitors see the search page's ad zones.
    const { page, context } = await newPage(browser, desktop);
    await page.goto('/search?query=maple', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('ad-zone').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await context.close();
  });

  it('staff give, edit and end a loyalty discount in Beehive; the demo buyer has one and sees the banner', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const adminToken = await signInAs(page, 'admin@demo.hedgerow.test');
    const headers = { Authorization: `Bearer ${adminToken}` };
    const find = async (query: string) => {
      const response = await page.request.get(
        `/api/internal/organizations?query=${encodeURIComponent(query)}`,
        {
          headers,
        },
      );
      return ((await response.json()) as { results: { id: number; name: string }[] }).results.find(
        (row) => row.name === query,
      )!.id;
    };
    const greenline = await find('Greenline Landscaping');
    await page.goto(`/admin/organizations/${greenline}/edit`, { waitUntil: 'networkidle' });
    const greenlineCard = page.getByTestId('loyalty-discounts-card');
    await greenlineCard.getByText('Loyalty: Greenline Landscaping').waitFor();
    await greenlineCard.getByText('In force', { exact: true }).waitFor();

    const cardinal = await find('Cardinal Outdoor Living');
    await page.goto(`/admin/organizations/${cardinal}/edit`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('loyalty-discounts-card');
    await card.getByText('No loyalty discounts yet.').waitFor();
    await card.getByRole('button', { name: 'Create discount' }).click();
    await card.getByText('Enter a name for this discount').waitFor();
    await card.getByRole('textbox', { name: 'Name' }).fill('Loyalty trial');
    await card.getByRole('textbox', { name: 'Percent off' }).fill('3');
    await card.getByRole('button', { name: 'Create discount' }).click();
    const row = card.locator('[data-testid^="loyalty-discount-"]').filter({ hasText: 'Loyalty trial' });
    await row.getByText('In force', { exact: true }).waitFor();
    await row.getByText(/^3% off every supplier/).waitFor();
    await screenshot(page, 'details-beehive-loyalty-1280');

    await row.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Percent off' }).fill('4.5');
    await card.getByRole('button', { name: 'Save discount' }).click();
    await row.getByText(/^4\.5% off every supplier/).waitFor();

    await page.setViewportSize(phone);
    await screenshot(page, 'details-beehive-loyalty-390');
    await row.getByRole('button', { name: 'End now' }).click();
    await page.getByTestId('confirm-end-loyalty-discount').click();
    await row.getByText('Ended', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'End now' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    const buyer = await newPage(browser, desktop);
    await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    await buyer.page.goto('/home', { waitUntil: 'networkidle' });
    await buyer.page.getByTestId('discount-banner').waitFor();
    await buyer.context.close();
  });

  it('a buyer company with no payment method has an order held for payment information, and is told', async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    const token = await signInAs(page, 'cardinal@demo.hedgerow.test');
    const headers = { Authorization: `Bearer ${token}` };
    const orders = (await (await page.request.get('/api/v1/orders?perPage=50', { headers })).json()) as {
      results: { state: string; name: string }[];
    };
    expect(orders.results.map((order) => order.state)).toEqual(['needs_payment_info']);
    const inbox = (await (await page.request.get('/api/v1/messages', { headers })).json()) as {
      results: { messageType: string }[];
    };
    expect(inbox.results.map((row) => row.messageType)).toContain('missing_payment_method');
    await page.goto('/home', { waitUntil: 'networkidle' });
    await page.getByTestId('payment-warning').waitFor();
    expect(await page.getByTestId('discount-banner').count()).toBe(0);
    await screenshot(page, 'details-held-order-home-1280');
    await page.goto('/orders', { waitUntil: 'networkidle' });
    await page.getByText(orders.results[0].name).first().waitFor();
    await screenshot(page, 'details-held-order-orders-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});
