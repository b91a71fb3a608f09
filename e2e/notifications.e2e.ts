import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type OutboxRow = {
  toAddress: string;
  subject: string;
  textBody: string;
  channel: string;
  provider: string | null;
  status: string;
};

/** A buyer order of one priced line from a demo branch, through the API. */
async function orderFrom(page: Page, token: string, branchSlug: string) {
  const answer = await api<AvailabilityRow[] | { results: AvailabilityRow[] }>(
    page,
    token,
    'GET',
    `/api/v1/branches/${branchSlug}/availabilities`,
  );
  const row = (Array.isArray(answer) ? answer : answer.results).find(
    (candidate) => candidate.priceTiers?.length && (candidate.ignoreQuantity || candidate.quantity >= 10),
  );
  const branchId = row?.branch?.id ?? row?.branchId;
  if (!row || !branchId) throw new Error(`${branchSlug} lists no priced item`);
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
    name: `E2E texts ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 3,
  });
  const submitted = await api<{ orders: { orderNumber: string }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  return submitted.orders[0].orderNumber;
}

describe('notification settings', () => {
  it("a supplier texts one branch's order communications to a phone; a new order there texts it, the other branch's does not", async () => {
    const { page, context, problems } = await newPage(browser, desktop);
    await signInAs(page, 'supplier@demo.hedgerow.test');
    await page.goto('/organizations/edit?tab=notifications');
    await page.getByRole('button', { name: 'Edit Settings' }).click();
    await expect.poll(() => page.getByText('Your changes are autosaved').count()).toBe(1);
    await page.getByRole('button', { name: 'Expand All' }).click();

    const section = page
      .locator('[data-testid^="notification-section-branch-"]')
      .filter({ hasText: 'Hendersonville' });
    const sectionRow = section.getByRole('row').filter({ hasText: 'Order Communications' });
    await sectionRow.getByRole('button', { name: 'Add Text' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Text contact' });
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect.poll(() => dialog.getByText('Phone Number is Required').count()).toBe(1);
    await dialog.getByLabel(/^Phone Number/).fill('8285550177');
    await dialog.getByLabel(/^Name/).fill('Hendersonville yard');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect.poll(() => sectionRow.getByText('(828) 555-0177 · Hendersonville yard').count()).toBe(1);
    await screenshot(page, 'notifications-supplier-1280');

    // Photo requests never go by text.
    const photoRow = section.getByRole('row').filter({ hasText: 'Photo Requests' });
    expect(await photoRow.getByText('unavailable for this category').count()).toBe(1);

    // The only e-mail on Hendersonville's order communications cannot be removed.
    await sectionRow
      .getByRole('button', { name: /^Remove supplier@demo\.hedgerow\.test from Order Communications Email/ })
      .click();
    await expect
      .poll(() => page.getByText(/Order Communications need at least one email contact at all times/).count())
      .toBeGreaterThan(0);
    expect(await sectionRow.getByText('supplier@demo.hedgerow.test').count()).toBe(1);

    // A buyer orders from Hendersonville: the new phone gets a text, Greenville's yard phone does not.
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const orderNumber = await orderFrom(buyer.page, buyerToken, 'blue-ridge-growers-hendersonville');
    const admin = await newPage(browser, desktop);
    const adminToken = await signInAs(admin.page, 'admin@demo.hedgerow.test');
    const textsAbout = async () =>
      (
        await api<{ results: OutboxRow[] }>(admin.page, adminToken, 'GET', '/api/internal/outbox?perPage=100')
      ).results.filter((row) => row.channel === 'text' && row.textBody.includes(orderNumber));
    await expect.poll(async () => (await textsAbout()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await textsAbout()).every((row) => row.status === 'sent'), { timeout: 20_000 })
      .toBe(true);
    const texts = await textsAbout();
    expect(texts.map((row) => row.toAddress)).toEqual(['8285550177']);
    expect(texts[0].provider).toBe('sandbox');
    expect(texts[0].textBody.length).toBeLessThanOrEqual(320);
    // One path for order e-mails: the branch's only subscribed e-mail has the new order once, with its amounts.
    const newOrderMails = async () =>
      (
        await api<{ results: OutboxRow[] }>(admin.page, adminToken, 'GET', '/api/internal/outbox?perPage=100')
      ).results.filter(
        (row) => row.channel === 'email' && row.subject.startsWith(`New order ${orderNumber} for`),
      );
    await expect.poll(async () => (await newOrderMails()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mails = await newOrderMails();
    expect(mails.map((row) => row.toAddress)).toEqual(['supplier@demo.hedgerow.test']);
    expect(mails[0].textBody).toMatch(/Total: \$[\d,]+\.\d\d/);

    await admin.page.goto('/admin/outbox');
    await expect.poll(() => admin.page.getByText('Text · sandbox').count()).toBeGreaterThan(0);
    await screenshot(admin.page, 'notifications-outbox-1280');
    expect([...problems, ...buyer.problems, ...admin.problems]).toEqual([]);
    await Promise.all([context.close(), buyer.context.close(), admin.context.close()]);
  });

  it('refuses to remove the last e-mail contact, from the contacts list, on a phone', async () => {
    const { page, context, problems } = await newPage(browser, phone);
    await signInAs(page, 'buyer@demo.hedgerow.test');
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Edit Settings' }).click();
    await page.getByRole('button', { name: 'Remove contact buyer@demo.hedgerow.test' }).click();
    await expect
      .poll(() => page.getByText(/Order Communications need at least one email contact at all times/).count())
      .toBeGreaterThan(0);
    expect(await page.getByTestId('notification-contact').count()).toBe(1);
    // The server refuses as well, whatever the screen does.
    const token = await page.evaluate(() => localStorage.getItem('hedgerow.token'));
    const settings = await api<{ organizationId: number; results: { id: number }[] }>(
      page,
      token!,
      'GET',
      `/api/v1/notification_contacts?organizationId=${await page.evaluate(async (t) => {
        const me = await fetch('/api/v1/users/current', { headers: { authorization: `Bearer ${t}` } });
        return (await me.json()).organizationId;
      }, token)}`,
    );
    const refused = await page.request.delete(`/api/v1/notification_contacts/${settings.results[0].id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(422);
    await screenshot(page, 'notifications-buyer-390');
    expect(problems).toEqual([]);
    await context.close();
  });
});
