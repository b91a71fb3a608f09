import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../src/domain/money';
import type { OrderAmounts } from '../src/domain/orders/order-amounts';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, screenshot, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Order = {
  id: number;
  orderNumber: string;
  state: string;
  version: number;
  total: number;
  amounts: OrderAmounts;
  items: {
    id: number;
    quantity: number;
    total?: number;
    totalSupplierPrice?: number;
    supplierPrice?: number;
  }[];
  proposals: { id: number; state: string; orderTotal: { current: number; proposed: number } | null }[];
};

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function priced(page: Page, token: string, slug: string) {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    page,
    token,
    'GET',
    `/api/v1/branches/${slug}/availabilities`,
  );
  const row = (Array.isArray(answer) ? answer : answer.results).find(
    (candidate) => candidate.priceTiers?.length && (candidate.ignoreQuantity || candidate.quantity >= 40),
  );
  const branchId = row?.branch?.id ?? row?.branchId;
  if (!row || !branchId) throw new Error(`${slug} lists no priced item`);
  return { row, branchId };
}

/** The amount lines as the page shows them: [key, label, text]. */
const pageAmounts = (page: Page) =>
  page.locator('[data-testid="order-amounts"] [data-amount-key]').evaluateAll((rows) =>
    rows.map((row) => {
      const [label, value] = Array.from(row.querySelectorAll('p')).map((p) => p.textContent ?? '');
      return [row.getAttribute('data-amount-key') ?? '', label, value] as const;
    }),
  );

/** Cents from a shown amount: '$1,234.50' → 123450, '($56.00)' → -5600. */
const cents = (text: string) => {
  const negative = text.startsWith('(');
  const value = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return negative ? -value : value;
};

function expectAddsUp(lines: Map<string, number>) {
  const get = (key: string) => lines.get(key) ?? 0;
  if (lines.has('originalSubtotal')) {
    expect(
      get('originalSubtotal') + get('supplierDiscount') + get('evdAmount') + get('lhDiscountAmount'),
    ).toBe(get('subtotal'));
  }
  expect(get('subtotal') + get('taxes') + get('shipping')).toBe(get('total'));
}

async function pdfText(page: Page, token: string, orderId: number, type: string) {
  const response = await page.request.get(`/api/v1/orders/${orderId}/documents/${type}.pdf`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await response.body()));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('the order loop, right to the cent', () => {
  it('two suppliers: A confirms with its shipping and a comment, B proposes a change the buyer accepts; every amount adds up', async () => {
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const a = await priced(buyer.page, buyerToken, 'blue-ridge-growers-hendersonville');
    const b = await priced(buyer.page, buyerToken, 'blue-ridge-growers-greenville');
    const cart = await api<{ id: number }>(buyer.page, buyerToken, 'POST', '/api/v1/carts', {
      name: `E2E amounts ${Date.now()}`,
    });
    for (const line of [a, b]) {
      await api(buyer.page, buyerToken, 'POST', '/api/v1/cart_items', {
        cartId: cart.id,
        branchId: line.branchId,
        productVariantId: line.row.productVariantId,
        // 40 clears the demo Greenville branch's $750 minimum order.
        quantity: 40,
      });
    }
    const { version } = await api<{ version: number }>(
      buyer.page,
      buyerToken,
      'GET',
      `/api/v1/carts/${cart.id}`,
    );
    await api(buyer.page, buyerToken, 'PUT', `/api/v1/carts/${cart.id}/fulfillments/${a.branchId}`, {
      version,
      fulfillment: 'delivery',
      requestedOn: dayFromNow(10),
      deliveryAddress: {
        name: 'Site office',
        street1: '12 Orchard Lane',
        city: 'Asheville',
        state: 'NC',
        postalCode: '28801',
        country: 'USA',
        phone: '(828) 555-0142',
      },
    });
    const submitted = await api<{ orders: { id: number; branchId: number }[] }>(
      buyer.page,
      buyerToken,
      'POST',
      `/api/v1/carts/${cart.id}/submit`,
    );
    const orderA = submitted.orders.find((order) => order.branchId === a.branchId);
    const orderB = submitted.orders.find((order) => order.branchId === b.branchId);
    if (!orderA || !orderB) throw new Error('The cart did not become two orders');

    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
    const comment = 'Loaded on the flatbed; the driver calls 30 minutes ahead.';
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${orderA.id}/respond`, {
      version: 1,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 7_500,
      shippingNotes: 'Flatbed, morning delivery',
      comment,
    });
    const bBefore = await api<Order>(supplier.page, supplierToken, 'GET', `/api/v1/orders/${orderB.id}`);
    const bItem = bBefore.items[0];
    await api(supplier.page, supplierToken, 'POST', `/api/v1/orders/${orderB.id}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: {
        items: [
          {
            orderItemId: bItem.id,
            quantity: 15,
            price: Math.round((bItem.supplierPrice ?? 1_000) * 0.9),
            priceReason: 'missing_discount',
            reason: 'price_correction',
          },
        ],
      },
      comment: 'Only 15 are ready; they get your discount.',
    });

    // The buyer reads A's answer on its page; every amount there adds up.
    await buyer.page.goto(`/orders/${orderA.id}`);
    await buyer.page.getByTestId('supplier-answer').waitFor();
    expect(await buyer.page.getByTestId('supplier-answer-comment').textContent()).toBe(comment);
    expect(await buyer.page.getByTestId('supplier-answer-state').textContent()).toBe('Confirmed');
    expect(await buyer.page.getByTestId('supplier-answer-shipping-notes').textContent()).toBe(
      'Flatbed, morning delivery',
    );
    const shownA = await pageAmounts(buyer.page);
    const linesA = new Map(shownA.map(([key, , value]) => [key, cents(value)]));
    expect(linesA.get('shipping')).toBe(7_500);
    expectAddsUp(linesA);
    await screenshot(buyer.page, 'order-amounts-buyer-1280');

    // B's answer reported issues; the pane says so until the buyer accepts the change.
    await buyer.page.goto(`/orders/${orderB.id}`);
    await buyer.page.getByTestId('supplier-answer').waitFor();
    expect(await buyer.page.getByTestId('supplier-answer-state').textContent()).toBe('Issues reported');
    await screenshot(buyer.page, 'order-page-issues-reported-1280');

    // B's proposal: the buyer accepts it on the proposal page.
    const bProposal = (await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${orderB.id}`))
      .proposals[0];
    await buyer.page.goto(`/orders/${orderB.id}/proposals/${bProposal.id}`);
    // The review: item number and SKU, the buyer's own price with its reason label, the new order
    // total and the supplier's overall comment; never the supplier's price.
    await buyer.page.getByTestId('proposal-block').waitFor();
    expect(await buyer.page.getByTestId('proposed-identity').textContent()).toMatch(/^Item #\d+ · SKU \d+$/);
    expect(await buyer.page.getByTestId('proposal-price-reason').textContent()).toBe(
      '(Edited - missing discount)',
    );
    expect(await buyer.page.locator('[data-price-side="supplier"]').count()).toBe(0);
    expect(await buyer.page.getByTestId('proposal-new-total').textContent()).toBe(
      formatAmount(bProposal.orderTotal?.proposed ?? -1),
    );
    expect(await buyer.page.getByTestId('proposal-overall-comment').textContent()).toContain(
      'Only 15 are ready; they get your discount.',
    );
    await screenshot(buyer.page, 'proposal-review-buyer-1280');
    const reviewPhone = await newPage(browser, phone);
    await signInAs(reviewPhone.page, 'buyer@demo.hedgerow.test');
    await reviewPhone.page.goto(`/orders/${orderB.id}/proposals/${bProposal.id}`);
    await reviewPhone.page.getByTestId('proposal-block').waitFor();
    expect(
      await reviewPhone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(reviewPhone.page, 'proposal-review-buyer-390');
    expect(reviewPhone.problems).toEqual([]);
    await reviewPhone.context.close();
    await buyer.page.getByRole('button', { name: 'Accept' }).first().click();
    await buyer.page.getByTestId('decision-result').waitFor();
    await buyer.page.goto(`/orders/${orderB.id}`);
    await buyer.page.getByTestId('order-amounts').waitFor();
    // The accepted change confirmed version 2, which has no answer of its own: still 'Confirmed'.
    expect(await buyer.page.getByTestId('supplier-answer-state').textContent()).toBe('Confirmed');
    const bAfter = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${orderB.id}`);
    expect(bAfter.items[0].quantity).toBe(15);
    const linesB = new Map((await pageAmounts(buyer.page)).map(([key, , value]) => [key, cents(value)]));
    expectAddsUp(linesB);
    expect(linesB.get('subtotal')).toBe(bAfter.items[0].total);
    expect(bAfter.total).toBe(bProposal.orderTotal?.proposed);

    // Both purchase orders show every amount line of the page, and the bill of lading counts one line.
    for (const [order, token, audience] of [
      [orderA.id, buyerToken, 'buyer'],
      [orderB.id, buyerToken, 'buyer'],
      [orderA.id, supplierToken, 'supplier'],
      [orderB.id, supplierToken, 'supplier'],
    ] as const) {
      const view = await api<Order>(buyer.page, token, 'GET', `/api/v1/orders/${order}`);
      const text = await pdfText(buyer.page, token, order, 'purchase_order');
      for (const entry of Object.values(view.amounts)) {
        if (entry)
          expect(text, `${audience} PO ${order}`).toContain(`${entry.label} ${formatAmount(entry.data)}`);
      }
      expectAddsUp(new Map(Object.entries(view.amounts).map(([key, entry]) => [key, entry?.data ?? 0])));
    }
    expect(await pdfText(buyer.page, buyerToken, orderB.id, 'bill_of_lading')).toContain(
      '1 line, 15 units in all',
    );

    // The e-mails say what happened, with the same amounts.
    const admin = await newPage(browser, desktop);
    const adminToken = await signInAs(admin.page, 'admin@demo.hedgerow.test');
    const orderAView = await api<Order>(buyer.page, buyerToken, 'GET', `/api/v1/orders/${orderA.id}`);
    // The buyer's subscribed contact hears of it through the notification job, a moment later.
    const findConfirmation = async () =>
      (
        await api<{ results: { subject: string; textBody: string; toAddress: string }[] }>(
          admin.page,
          adminToken,
          'GET',
          '/api/internal/outbox?perPage=100',
        )
      ).results.find(
        (mail) =>
          mail.toAddress === 'buyer@demo.hedgerow.test' &&
          mail.subject.startsWith(`Order ${orderAView.orderNumber} confirmed by`),
      );
    await expect.poll(async () => (await findConfirmation()) !== undefined, { timeout: 20_000 }).toBe(true);
    const confirmation = await findConfirmation();
    expect(confirmation?.textBody).toContain(comment);
    for (const entry of Object.values(orderAView.amounts)) {
      if (entry) expect(confirmation?.textBody).toContain(`${entry.label}: ${formatAmount(entry.data)}`);
    }
    expect(buyer.problems).toEqual([]);
    await admin.context.close();
    await buyer.context.close();

    // The supplier's list on a phone: cards with state and total, no sideways scrolling.
    const phonePage = await newPage(browser, phone);
    await signInAs(phonePage.page, 'supplier@demo.hedgerow.test');
    await phonePage.page.goto('/orders?tab=supplier');
    await phonePage.page.getByTestId('orders-cards').waitFor();
    const card = phonePage.page.locator(`[data-testid="order-card"][data-order-id="${orderA.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('order-status').isVisible()).toBe(true);
    const supplierA = await api<Order>(supplier.page, supplierToken, 'GET', `/api/v1/orders/${orderA.id}`);
    expect(await card.getByTestId('order-card-total').textContent()).toBe(formatAmount(supplierA.total));
    expect(
      await phonePage.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(phonePage.page, 'supplier-orders-390');
    await phonePage.context.close();
    await supplier.context.close();
  });

  it('Beehive lists the orders nobody can answer, and /users/logout signs out', async () => {
    const admin = await newPage(browser, desktop);
    await signInAs(admin.page, 'admin@demo.hedgerow.test');
    await admin.page.goto('/admin/unanswerable_orders');
    await admin.page.getByTestId('unanswerable-orders').waitFor();
    // The demo's catalogue suppliers have nobody to sign in, so their orders wait here.
    expect(await admin.page.getByTestId('unanswerable-order').count()).toBeGreaterThan(0);
    await screenshot(admin.page, 'unanswerable-orders-1280');
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    const buyer = await newPage(browser, phone);
    const token = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    await buyer.page.goto('/users/logout');
    await buyer.page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    const revoked = await buyer.page.request.get('/api/v1/addresses', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status()).toBe(401);
    await buyer.context.close();
  });
});
