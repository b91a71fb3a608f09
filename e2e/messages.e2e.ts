import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const buyerEmail = 'buyer@demo.hedgerow.test';
const supplierEmail = 'supplier@demo.hedgerow.test';

type Order = { id: number; orderNumber: string; version: number; items: { id: number }[] };
type ListItem = { id: number; threadId: number; responseStatus: string };

/** The demo buyer submits one priced item of the demo supplier (Blue Ridge Growers) for pickup. */
async function submitOrder(page: Page, token: string): Promise<Order> {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    page,
    token,
    'GET',
    '/api/v1/branches/blue-ridge-growers-hendersonville/availabilities',
  );
  const row = (Array.isArray(answer) ? answer : answer.results).find(
    (candidate) => candidate.priceTiers?.length && (candidate.ignoreQuantity || candidate.quantity >= 10),
  );
  const branchId = row?.branch?.id ?? row?.branchId;
  if (!row || !branchId) throw new Error('The demo supplier lists no priced item');
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', {
    name: `E2E messages ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 4,
  });
  const submitted = await api<{ orders: { id: number; branchId: number }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  const order = submitted.orders.find((entry) => entry.branchId === branchId) ?? submitted.orders[0];
  return api<Order>(page, token, 'GET', `/api/v1/orders/${order.id}`);
}

/** Marks everything in the inbox read, so the envelope's dot speaks of what comes next only. */
async function readEverything(page: Page, token: string) {
  for (;;) {
    const unread = await api<{ results: ListItem[] }>(
      page,
      token,
      'GET',
      '/api/v1/messages?view=unread&perPage=100',
    );
    if (unread.results.length === 0) return;
    await api(page, token, 'POST', '/api/v1/messages/bulk_update', {
      ids: unread.results.map((row) => row.id),
      responseStatus: 'read',
    });
  }
}

const threadOf = async (page: Page, token: string, orderId: number) =>
  (await api<{ threadId: number }>(page, token, 'GET', `/api/v1/orders/${orderId}/message_thread`)).threadId;

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('messages', () => {
  it('the supplier confirms; the buyer sees it in the inbox with a red dot that clears when read', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken);
    await readEverything(buyer.page, buyerToken);

    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, supplierEmail);
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${order.id}/respond`, {
      version: order.version,
      respondedWith: 'confirm_order',
    });
    await supplier.context.close();

    await buyer.page.goto('/messages');
    // The envelope carries the red dot and says how many threads are unread.
    const dot = buyer.page.getByTestId('messages-unread-dot').locator('a[aria-label="Messages (1 unread)"]');
    await dot.waitFor();
    expect(
      await buyer.page.getByTestId('messages-unread-dot').locator('.mantine-Indicator-indicator').count(),
    ).toBe(1);
    const row = buyer.page.getByTestId('message-row').filter({ hasText: order.orderNumber });
    await expect.poll(() => row.first().getAttribute('data-unread')).toBe('true');
    expect(await row.first().textContent()).toContain('confirmed order');
    await screenshot(buyer.page, 'messages-inbox-1280');
    await row.first().click();
    await buyer.page.getByTestId('thread-subject').waitFor();
    expect(await buyer.page.getByTestId('feed-message').last().getAttribute('data-message-type')).toBe(
      'order_confirmed',
    );
    await screenshot(buyer.page, 'messages-thread-1280');
    await dot.waitFor({ state: 'detached' });
    expect(
      await buyer.page.getByTestId('messages-unread-dot').locator('.mantine-Indicator-indicator').count(),
    ).toBe(0);
    await buyer.page.getByRole('link', { name: 'Messages' }).first().click();
    await expect.poll(() => row.first().getAttribute('data-unread')).toBe('false');
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('the buyer writes about an order with an attachment and the supplier replies', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken);
    const threadId = await threadOf(buyer.page, buyerToken, order.id);

    await buyer.page.goto(`/messages/${threadId}`);
    const box = buyer.page.getByTestId('reply-box');
    await box.getByRole('button', { name: 'Send' }).click();
    await box.getByText('Enter a message for this thread').waitFor();
    await box.getByRole('textbox', { name: 'Reply' }).fill('Site plan attached: please stage by the gate.');
    await box.locator('input[type=file]').setInputFiles({
      name: 'site-plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% site plan\n'),
    });
    await box.getByRole('button', { name: 'Send' }).click();
    const written = buyer.page.getByTestId('feed-message').filter({ hasText: 'Site plan attached' });
    await written.waitFor();
    expect(await written.getByTestId('feed-attachments').textContent()).toContain('site-plan.pdf');
    expect(buyer.problems).toEqual([]);

    const supplier = await newPage(browser, phone);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto('/messages');
    const card = supplier.page.getByTestId('message-card').filter({ hasText: 'Site plan attached' });
    await card.first().click();
    await supplier.page.getByTestId('thread-subject').waitFor();
    const received = supplier.page.getByTestId('feed-message').filter({ hasText: 'Site plan attached' });
    expect(await received.getByRole('link', { name: 'site-plan.pdf' }).getAttribute('href')).toMatch(
      /^\/downloads\/thread_documents\/\d+$/,
    );
    await supplier.page.getByRole('textbox', { name: 'Reply' }).fill('Will do, staged Tuesday.');
    await supplier.page.getByRole('button', { name: 'Send' }).click();
    await supplier.page.getByTestId('feed-message').filter({ hasText: 'Will do, staged Tuesday.' }).waitFor();
    expect(await noOverflow(supplier.page)).toBe(true);
    await screenshot(supplier.page, 'messages-thread-390');
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    await buyer.page.reload();
    await buyer.page.getByTestId('feed-message').filter({ hasText: 'Will do, staged Tuesday.' }).waitFor();
    await buyer.context.close();
  });

  it('bulk mark as read, archive, then unarchive', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const first = await submitOrder(buyer.page, buyerToken);
    const second = await submitOrder(buyer.page, buyerToken);
    await buyer.context.close();

    const supplier = await newPage(browser, desktop);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto('/messages');
    const rows = supplier.page.getByTestId('message-row');
    const ours = [first, second].map((order) => rows.filter({ hasText: order.orderNumber }).first());
    for (const row of ours) {
      await expect.poll(() => row.getAttribute('data-unread')).toBe('true');
      await row.getByRole('checkbox').check();
    }
    await supplier.page.getByRole('button', { name: 'Mark as Read' }).click();
    for (const row of ours) await expect.poll(() => row.getAttribute('data-unread')).toBe('false');

    for (const row of ours) await row.getByRole('checkbox').check();
    // Everything selected is read: Mark as Read is hidden.
    expect(await supplier.page.getByRole('button', { name: 'Mark as Read' }).count()).toBe(0);
    await supplier.page.getByRole('button', { name: 'Archive', exact: true }).click();
    for (const row of ours) await row.waitFor({ state: 'detached' });

    await supplier.page.getByTestId('view-archived').click();
    for (const row of ours) await row.waitFor();
    await screenshot(supplier.page, 'messages-archived-1280');
    for (const row of ours) await row.getByRole('checkbox').check();
    await supplier.page.getByRole('button', { name: 'Unarchive' }).click();
    for (const row of ours) await row.waitFor({ state: 'detached' });
    await supplier.page.getByTestId('view-inbox').click();
    for (const row of ours) await row.waitFor();
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();
  });

  it("a change proposal's actions turn to a disabled Responded once the order moves on", async () => {
    const buyer = await newPage(browser, phone);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken);
    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, supplierEmail);
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${order.id}/respond`, {
      version: order.version,
      respondedWith: 'changes_requested',
      changes: { items: [{ orderItemId: order.items[0].id, quantity: 3, reason: 'inventory_issue' }] },
    });
    await supplier.context.close();

    const threadId = await threadOf(buyer.page, buyerToken, order.id);
    await buyer.page.goto(`/messages/${threadId}`);
    const proposal = buyer.page.locator('[data-message-type="supplier_requested_changes"]');
    const action = proposal.getByTestId('feed-action');
    await action.waitFor();
    expect(await action.textContent()).toBe('Review Changes');
    expect(await action.getAttribute('href')).toBe(`/orders/${order.id}`);

    const review = await api<{ proposals: { id: number }[]; version: number }>(
      buyer.page,
      buyerToken,
      'GET',
      `/api/v1/orders/${order.id}`,
    );
    await api(
      buyer.page,
      buyerToken,
      'POST',
      `/api/v1/orders/${order.id}/proposals/${review.proposals[0].id}/accept`,
      {
        version: review.version,
      },
    );
    await buyer.page.reload();
    await expect.poll(() => action.textContent()).toBe('Responded');
    expect(await action.isDisabled()).toBe(true);
    expect(await noOverflow(buyer.page)).toBe(true);
    await screenshot(buyer.page, 'messages-proposal-390');

    await buyer.page.goto('/messages');
    await buyer.page.getByTestId('messages-cards').waitFor();
    expect(await noOverflow(buyer.page)).toBe(true);
    await screenshot(buyer.page, 'messages-inbox-390');
    // A search that finds nothing offers to clear it.
    await buyer.page.getByRole('searchbox', { name: 'Search messages' }).fill('no-such-thing-anywhere');
    await buyer.page.getByText('No messages match "no-such-thing-anywhere"').waitFor();
    await buyer.page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await buyer.page.getByTestId('messages-cards').waitFor();
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });
});
