import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../../domain/money';
import type { OrderAmounts } from '../../../domain/orders/order-amounts';
import { queryRows } from '../../db/client';
import { submittedOrder } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Side = Record<string, unknown> & { quantity: number; total: number; price?: number | null };
type OrderBody = {
  id: number;
  state: string;
  version: number;
  total: number;
  amounts: OrderAmounts;
  items: { id: number; quantity: number; total?: number; totalSupplierPrice?: number }[];
  responses: { version: number; comment: string | null; shippingNotes: string | null }[];
  proposals: {
    id: number;
    state: string;
    proposal: { current: Side; proposed: Side; priceReason?: string | null };
  }[];
};

const getOrder = async (headers: Headers, id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderBody>();
};
const post = (headers: Headers, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

const pdfText = async (headers: Headers, id: number, type: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${id}/documents/${type}.pdf`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
};

/** Every amount block adds up: discounts from the original subtotal, then tax and shipping. */
function expectAddsUp(amounts: OrderAmounts, lineTotals: number[]) {
  const data = (key: keyof OrderAmounts) => amounts[key]?.data ?? 0;
  const sum = lineTotals.reduce((a, b) => a + b, 0);
  expect(data('subtotal')).toBe(sum);
  if (amounts.originalSubtotal) {
    expect(
      data('originalSubtotal') + data('supplierDiscount') + data('evdAmount') + data('lhDiscountAmount'),
    ).toBe(data('subtotal'));
  }
  expect(data('subtotal') + data('taxes') + data('shipping')).toBe(data('total'));
  if (amounts.subtotalWithTaxApplied)
    expect(data('subtotalWithTaxApplied')).toBe(data('subtotal') + data('taxes'));
}

/** The PDF shows every line of the amount block the page shows, and the money in it adds up. */
function expectPdfShows(text: string, amounts: OrderAmounts) {
  for (const entry of Object.values(amounts)) {
    if (entry) expect(text).toContain(`${entry.label} ${formatAmount(entry.data)}`);
  }
}

/** A delivery order of 20 at an agreed 10 % discount; the supplier proposes 15 at a new price. */
async function changedOrder() {
  const setup = await submittedOrder(t.db, t.app, {
    delivery: true,
    quantity: 20,
    discount: { kind: 'purchase', operator: 'PERCENTAGE', value: 1_000 },
  });
  const before = await getOrder(setup.buyer.headers, setup.orderId);
  const [item] = before.items;
  const proposed = await post(setup.supplierHeaders, `/api/v1/orders/${setup.orderId}/respond`, {
    version: 1,
    respondedWith: 'changes_requested',
    changes: {
      items: [
        {
          orderItemId: item.id,
          quantity: 15,
          price: 2_350,
          priceReason: 'missing_discount',
          reason: 'price_correction',
        },
      ],
    },
    comment: 'We can send 15 now at the season price.',
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const [proposal] = (await getOrder(setup.buyer.headers, setup.orderId)).proposals;
  const accepted = await post(
    setup.buyer.headers,
    `/api/v1/orders/${setup.orderId}/proposals/${proposal.id}/accept`,
    { version: 1 },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...setup, before, proposalId: proposal.id };
}

describe('order amounts after an accepted item change', () => {
  it('derives every amount block from the current lines, so the parts add up for each side', async () => {
    const { buyer, supplierHeaders, orderId, before } = await changedOrder();
    // 20 × $28.00 book, 10 % purchase discount: $560.00 − $56.00 = $504.00, before the change.
    expect(before.amounts).toMatchObject({
      originalSubtotal: { label: 'Original subtotal', data: 56_000 },
      evdAmount: { label: 'Purchase Discount', data: -5_600 },
      subtotal: { data: 50_400 },
    });
    const after = await getOrder(buyer.headers, orderId);
    expect(after.version).toBe(2);
    expect(after.items[0]).toMatchObject({ quantity: 15, total: 35_250 });
    // 15 × $28.00 book = $420.00; 15 × $23.50 = $352.50; the difference is the discount.
    expect(after.amounts).toMatchObject({
      originalSubtotal: { data: 42_000 },
      evdAmount: { data: -6_750 },
      subtotal: { data: 35_250 },
    });
    expectAddsUp(
      after.amounts,
      after.items.map((line) => line.total ?? 0),
    );
    expect(after.total).toBe(after.amounts.total.data);
    const supplier = await getOrder(supplierHeaders, orderId);
    expectAddsUp(
      supplier.amounts,
      supplier.items.map((line) => line.totalSupplierPrice ?? 0),
    );
    expect(supplier.amounts.taxes).toBeUndefined();
  });

  it('keeps the proposal as it was made: accepting does not rewrite its current side', async () => {
    const { buyer, supplierHeaders, orderId, proposalId } = await changedOrder();
    const seen = (await getOrder(buyer.headers, orderId)).proposals.find((p) => p.id === proposalId);
    expect(seen?.state).toBe('accepted');
    // The line was 20 × $25.20 when proposed; it never was 20 × $23.50.
    expect(seen?.proposal.current).toMatchObject({ quantity: 20, price: 2_520, total: 50_400 });
    expect(seen?.proposal.proposed).toMatchObject({ quantity: 15, price: 2_350, total: 35_250 });
    expect(seen?.proposal.priceReason).toBe('missing_discount');
    const bySupplier = (await getOrder(supplierHeaders, orderId)).proposals[0];
    expect(bySupplier.proposal.current).toMatchObject({ quantity: 20, supplierPrice: 2_520 });
    expect(bySupplier.proposal.current).not.toHaveProperty('price');
  });

  it('asks for the reason of a price change', async () => {
    const setup = await submittedOrder(t.db, t.app, { quantity: 5 });
    const [item] = (await getOrder(setup.buyer.headers, setup.orderId)).items;
    const response = await post(setup.supplierHeaders, `/api/v1/orders/${setup.orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: { items: [{ orderItemId: item.id, price: 2_000, reason: 'price_correction' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: { 'changes.items.0.priceReason': 'Choose why the price changed' },
    });
  });

  it('puts the supplier’s shipping and every amount line in both sides’ purchase orders', async () => {
    const { buyer, supplierHeaders, orderId, listing } = await changedOrder();
    // The accepted change sends the delivery order back to the supplier for its delivery details.
    const confirmed = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 2,
      respondedWith: 'confirm_with_shipping',
      shippingAmount: 7_500,
      shippingNotes: 'Flatbed, Tuesday morning',
      comment: 'Thanks, see you Tuesday.',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = await getOrder(buyer.headers, orderId);
    expect(order.amounts.shipping).toEqual({ label: 'Shipping', data: 7_500 });
    expectAddsUp(
      order.amounts,
      order.items.map((line) => line.total ?? 0),
    );
    expect(order.responses.at(-1)).toMatchObject({
      comment: 'Thanks, see you Tuesday.',
      shippingNotes: 'Flatbed, Tuesday morning',
    });
    const buyerPdf = await pdfText(buyer.headers, orderId, 'purchase_order');
    expectPdfShows(buyerPdf, order.amounts);
    expect(buyerPdf).toContain('Your Price');
    const supplierOrder = await getOrder(supplierHeaders, orderId);
    const supplierPdf = await pdfText(supplierHeaders, orderId, 'purchase_order');
    expectPdfShows(supplierPdf, supplierOrder.amounts);
    expect(supplierPdf).toContain('Supplier Price');
    expect(supplierOrder.amounts.total.data).toBe(35_250 + 7_500);
    const bill = await pdfText(buyer.headers, orderId, 'bill_of_lading');
    expect(bill).toContain('1 line, 15 units in all');
    await t.app.deps.jobs.drain();
    const [mail, ...more] = await queryRows<{ subject: string; text_body: string; html_body: string | null }>(
      t.db,
      sql`select subject, text_body, html_body from outbox_emails
           where to_address = ${buyer.user.email} and subject like '%confirmed by%' order by id desc`,
    );
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Order Q-\d+-1 confirmed by /);
    for (const entry of Object.values(order.amounts)) {
      if (entry) expect(mail.text_body).toContain(`${entry.label}: ${formatAmount(entry.data)}`);
    }
    expect(mail.text_body).toContain('Thanks, see you Tuesday.');
    expect(mail.text_body).toContain('Shipping notes: Flatbed, Tuesday morning');
    expect(mail.text_body).toContain('Delivery date: May 1, 2099');
    expect(mail.text_body).toContain(`/orders/${orderId}`);
    expect(mail.html_body).toContain('Thanks, see you Tuesday.');
    // The supplier's list shows the total its order page ends with (shipping included), and its
    // branch filter finds the order at its branch only.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?tab=supplier&branchId=${listing.branch.id}`,
      headers: supplierHeaders,
    });
    expect(listed.json()).toMatchObject({ totalCount: 1, results: [{ id: orderId, total: 35_250 + 7_500 }] });
    const otherBranch = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?tab=supplier&branchId=${listing.branch.id + 1000}`,
      headers: supplierHeaders,
    });
    expect(otherBranch.json()).toMatchObject({ totalCount: 0 });
    const branches = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/supplier_branches',
      headers: supplierHeaders,
    });
    expect(branches.json()).toEqual({ results: [{ id: listing.branch.id, name: listing.branch.name }] });
  });
});
