import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/accounts';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const buyerEmail = 'buyer@demo.hedgerow.test';
const supplierEmail = 'supplier@demo.hedgerow.test';

type Order = {
  id: number;
  orderNumber: string;
  state: string;
  version: number;
  requestedOn: string | null;
  displayState: { label: string };
  items: { id: number; quantity: number }[];
  proposals: { id: number; state: string; bailiwick: string; proposedBySide: string }[];
};

/** A day `days` from today as YYYY-MM-DD (UTC; the test runs far enough from midnight not to matter). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo buyer submits a cart of one priced item from a branch of the demo supplier (Blue Ridge
 * Growers), for pickup or for delivery, and returns the order of that branch.
 */
async function submitOrder(page: Page, token: string, fulfillment: 'pickup' | 'delivery') {
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
    name: `E2E answers ${fulfillment} ${Date.now()}`,
  });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 4,
  });
  const { version } = await api<{ version: number }>(page, token, 'GET', `/api/v1/carts/${cart.id}`);
  await api(page, token, 'PUT', `/api/v1/carts/${cart.id}/fulfillments/${branchId}`, {
    version,
    fulfillment,
    requestedOn: dayFromNow(10),
    deliveryAddress:
      fulfillment === 'delivery'
        ? {
            name: 'Site foreman',
            street1: '12 Orchard Lane',
            city: 'Asheville',
            state: 'NC',
            postalCode: '28801',
            country: 'USA',
            phone: '(828) 555-0142',
          }
        : null,
  });
  const submitted = await api<{ orders: { id: number; orderNumber: string; branchId: number }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  const order = submitted.orders.find((entry) => entry.branchId === branchId) ?? submitted.orders[0];
  return api<Order>(page, token, 'GET', `/api/v1/orders/${order.id}`);
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('answering orders', () => {
  it('the supplier confirms a pickup order and the buyer sees it confirmed', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken, 'pickup');

    const supplier = await newPage(browser, desktop);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto(`/purchase_orders/${order.id}/respond`);
    await supplier.page.getByRole('heading', { name: `Purchase order ${order.orderNumber}` }).waitFor();
    expect(await supplier.page.getByTestId('respond-item-row').count()).toBe(1);
    await screenshot(supplier.page, 'order-respond-1280');
    await supplier.page.getByTestId('respond-submit').click();
    await supplier.page.getByTestId('respond-confirmation').waitFor();
    expect(await supplier.page.getByTestId('respond-confirmation-copy').textContent()).toBe(
      'Thank you. Your feedback has been sent to the buyer.',
    );
    expect(await supplier.page.getByRole('link', { name: 'Review More Orders' }).getAttribute('href')).toBe(
      '/orders?tab=supplier&orderType=needs_response',
    );
    // Coming back shows the answer instead of the form.
    await supplier.page.reload();
    await supplier.page.getByTestId('response-summary').waitFor();
    expect(await supplier.page.getByTestId('respond-confirmation-copy').textContent()).toBe(
      'Your feedback has been sent to the buyer.',
    );
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    await buyer.page.goto(`/orders/${order.id}`);
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Confirmed');
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('the supplier asks for a quantity change on a delivery order; the buyer accepts it', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken, 'delivery');

    const supplier = await newPage(browser, phone);
    await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto(`/purchase_orders/${order.id}/respond`);
    await supplier.page.getByTestId('delivery-address').waitFor();
    await supplier.page.getByText('Request changes', { exact: true }).click();
    const submit = supplier.page.getByTestId('respond-submit');
    expect(await submit.isDisabled()).toBe(true);
    await supplier.page.getByTestId('nothing-changed').waitFor();
    await supplier.page.getByRole('textbox', { name: 'New quantity' }).fill('2');
    await chooseOption(supplier.page, 'Reason', 'Inventory issue');
    await supplier.page
      .getByRole('textbox', { name: 'Comment', exact: true })
      .fill('Only two left in the yard');
    expect(await submit.isDisabled()).toBe(false);
    // A new price needs its reason before the answer goes.
    await supplier.page.getByRole('textbox', { name: 'New price' }).fill('5');
    await submit.click();
    await supplier.page.getByText('Choose why the price changed').waitFor();
    expect(await supplier.page.getByTestId('respond-confirmation').count()).toBe(0);
    await chooseOption(supplier.page, 'Price reason', 'Missing discount');
    expect(await noOverflow(supplier.page)).toBe(true);
    await screenshot(supplier.page, 'order-respond-390');
    await supplier.page.getByTestId('item-change').scrollIntoViewIfNeeded();
    await screenshot(supplier.page, 'order-respond-390-changes', { fullPage: false });
    await submit.click();
    await supplier.page.getByTestId('respond-confirmation').waitFor();
    expect(await supplier.page.getByTestId('respond-confirmation-copy').textContent()).toBe(
      'Thank you. Your feedback has been sent to the buyer.',
    );
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    const proposed = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(proposed.displayState.label).toBe('Needs Proposal Review');
    const proposal = proposed.proposals.find((entry) => entry.state === 'pending');
    if (!proposal) throw new Error('no pending proposal');
    expect(proposal.bailiwick).toBe('order_item');

    await buyer.page.goto(`/orders/${order.id}/proposals/${proposal.id}`);
    expect(await buyer.page.getByTestId('proposal-kind').textContent()).toBe('ITEM CHANGE');
    expect(await buyer.page.getByTestId('current-quantity').textContent()).toContain('Quantity: 4');
    expect(await buyer.page.getByTestId('proposed-quantity').textContent()).toContain('Quantity: 2');
    expect(await buyer.page.getByTestId('proposal-reason').textContent()).toBe('Inventory issue');
    expect(await buyer.page.getByTestId('proposal-price-reason').textContent()).toBe(
      '(Edited - missing discount)',
    );
    expect(await buyer.page.locator('[data-testid="proposed-price"]').textContent()).toContain(
      'Your price: $5.00',
    );
    expect(await buyer.page.getByTestId('proposal-comment').textContent()).toContain(
      'Only two left in the yard',
    );
    await screenshot(buyer.page, 'order-proposal-1280');
    await buyer.page.getByRole('button', { name: 'Accept' }).click();
    await buyer.page.getByTestId('decision-result').waitFor();
    expect(await buyer.page.getByTestId('decision-order-state').textContent()).toBe('Supplier Reviewing');
    expect(await buyer.page.getByTestId('proposal-state').textContent()).toBe('Accepted');
    const after = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(after.state).toBe('needs_supplier_review');
    expect(after.items[0].quantity).toBe(2);
    // The accepted change goes back to the supplier for delivery details: one 'Supplier reviewing'
    // step, and the supplier's answer pane says it is being worked on.
    await buyer.page.goto(`/orders/${order.id}`);
    await buyer.page.getByTestId('supplier-answer').waitFor();
    expect(await buyer.page.getByTestId('supplier-answer-state').textContent()).toBe('Being worked on');
    const steps = await buyer.page
      .getByTestId('order-timeline-step')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-step')));
    expect(steps.slice(0, 3)).toEqual(['submitted', 'needs_supplier_review', 'confirmed']);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('the buyer proposes a new date; the supplier accepts it and the order is confirmed for that date', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken, 'pickup');
    const newDate = dayFromNow(17);
    const proposed = await api<Order>(
      buyer.page,
      buyerToken,
      'POST',
      `/api/v1/orders/${order.id}/proposals`,
      {
        version: order.version,
        proposedOn: newDate,
        reason: 'job_site_delay',
        comment: 'The site is not ready',
      },
    );
    const proposal = proposed.proposals.find((entry) => entry.state === 'pending');
    if (!proposal) throw new Error('no pending proposal');

    const supplier = await newPage(browser, desktop);
    await signInAs(supplier.page, supplierEmail);
    // While the buyer's proposal waits, the purchase order cannot be answered.
    await supplier.page.goto(`/purchase_orders/${order.id}/respond`);
    await supplier.page.getByTestId('cannot-respond').waitFor();
    await supplier.page.getByRole('link', { name: "Review the buyer's proposal" }).click();
    await supplier.page.waitForURL(`**/orders/${order.id}/proposals/${proposal.id}`);
    expect(await supplier.page.getByTestId('proposal-kind').textContent()).toBe('DATE CHANGE');
    expect(await supplier.page.getByTestId('proposal-reason').textContent()).toBe('Job site delay');
    await supplier.page.getByRole('textbox', { name: 'Comment (optional)' }).fill('Works for us');
    await supplier.page.getByRole('button', { name: 'Accept' }).click();
    await supplier.page.getByTestId('decision-result').waitFor();
    expect(await supplier.page.getByTestId('decision-order-state').textContent()).toBe('Confirmed');
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();

    const after = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(after.requestedOn).toBe(newDate);
    await buyer.page.goto(`/orders/${order.id}`);
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Confirmed');
    const formatted = new Date(`${newDate}T12:00:00`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    await expect
      .poll(async () => (await buyer.page.locator('body').textContent()) ?? '')
      .toContain(formatted);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });
  it('a second answer meets the server message, keeps what was typed and reloads to the answer', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, buyerEmail);
    const order = await submitOrder(buyer.page, buyerToken, 'pickup');
    await buyer.context.close();

    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, supplierEmail);
    await supplier.page.goto(`/purchase_orders/${order.id}/respond`);
    await supplier.page.getByText('Reject', { exact: true }).click();
    await chooseOption(supplier.page, 'Why are you rejecting', 'Quality concern');
    await supplier.page.getByRole('textbox', { name: 'Comment', exact: true }).fill('Frost damage');
    // Someone else at the supplier answers first.
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${order.id}/respond`, {
      version: order.version,
      respondedWith: 'confirm_order',
    });
    await supplier.page.getByTestId('respond-submit').click();
    const alert = supplier.page.getByTestId('respond-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('has already been answered');
    expect(await supplier.page.getByRole('textbox', { name: 'Comment', exact: true }).inputValue()).toBe(
      'Frost damage',
    );
    await alert.getByRole('button', { name: 'Reload' }).click();
    await supplier.page.getByTestId('response-summary').waitFor();
    expect(await supplier.page.getByTestId('respond-confirmation-copy').textContent()).toBe(
      'Your feedback has been sent to the buyer.',
    );
    expect(supplier.problems).toEqual([]);
    await supplier.context.close();
  });
});
