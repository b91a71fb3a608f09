import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { signedInBuyer } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { fulfilledOrder } from '../../test/invoice-factories';
import { createTestApp } from '../../test/test-app';

// The server's day is 2026-03-20; orders are fulfilled on earlier days so due dates can pass.
const today = '2026-03-20';
let t: Awaited<ReturnType<typeof createTestApp>>;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(`${today}T15:00:00Z`) });
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminHeaders = bearer(await tokenFor(t.db, admin.id));
});
afterAll(() => t.close());

type Invoice = {
  id: number;
  invoiceNumber: string;
  paymentStatus: string;
  statusLabel: string;
  pastDue: boolean;
  amountDue: number;
  total: number;
  dueDate: string;
  order: { id: number; orderNumber: string; name: string };
};
type InvoiceList = {
  results: Invoice[];
  totalCount: number;
  openCount: number;
  paidCount: number;
  balance: number;
};

const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Record<string, string>, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const listOf = async (headers: Record<string, string>, query = '') => {
  const response = await get(headers, `/api/v1/invoices${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceList>();
};

describe('an invoice for every fulfilled order', () => {
  it('fulfilling invoices the order: a numbered invoice due on receipt, a PDF, an e-mail; the order is invoiced', async () => {
    const order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-18' });
    const list = await listOf(order.buyer.headers);
    expect(list).toMatchObject({ totalCount: 1, openCount: 1, paidCount: 0 });
    const [invoice] = list.results;
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-\d{5,}$/),
      paymentStatus: 'PAYMENT_REQUESTED',
      statusLabel: 'Payment Requested',
      dueDate: '2026-03-18',
      pastDue: true,
      order: { id: order.orderId },
    });
    expect(invoice.amountDue).toBe(invoice.total);
    expect(invoice.total).toBeGreaterThan(0);
    expect(list.balance).toBe(invoice.total);

    const seen = await get(order.buyer.headers, `/api/v1/orders/${order.orderId}`);
    expect(seen.json()).toMatchObject({ state: 'invoiced', displayState: { label: 'Fulfilled' } });

    const pdf = await get(order.buyer.headers, `/api/v1/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mails = await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from outbox_emails where subject = ${`Invoice ${invoice.invoiceNumber} for order ${order.orderId ? seen.json().orderNumber : ''}`}`,
    );
    expect(mails).toHaveLength(1);

    // Nobody else reads it; staff cannot invoice it twice.
    const stranger = await signedInBuyer(t.db);
    expect((await get(stranger.headers, `/api/v1/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await get(stranger.headers, `/api/v1/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await listOf(stranger.headers)).totalCount).toBe(0);
    expect((await get(order.supplierHeaders, `/api/v1/invoices/${invoice.id}`)).statusCode).toBe(404);
    const twice = await post(adminHeaders, `/api/internal/orders/${order.orderId}/send_invoice`, {});
    expect(twice.statusCode).toBe(409);
  });

  it('numbers invoices in sequence and dues them after the terms staff grant (Net 30)', async () => {
    const first = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-01' });
    await t.db.execute(
      sql`update organizations set payment_terms_days = 30 where id = ${first.buyer.organization?.id ?? 0}`,
    );
    const second = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-02', buyer: first.buyer });
    const list = await listOf(first.buyer.headers);
    expect(list.results.map((invoice) => [invoice.order.id, invoice.dueDate, invoice.pastDue])).toEqual([
      [first.orderId, '2026-03-01', true],
      [second.orderId, '2026-04-01', false],
    ]);
    const [a, b] = list.results.map((invoice) => Number(invoice.invoiceNumber.slice(4)));
    expect(b).toBeGreaterThan(a);
  });

  it('staff send an invoice for a fulfilled order that has none; an unfulfilled order is refused', async () => {
    const order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-05' });
    // An order fulfilled before invoicing existed: no invoice yet.
    await t.db.execute(sql`delete from invoices where order_id = ${order.orderId}`);
    await t.db.execute(sql`update orders set state = 'fulfilled' where id = ${order.orderId}`);
    expect(
      (await post(order.buyer.headers, `/api/internal/orders/${order.orderId}/send_invoice`, {})).statusCode,
    ).toBe(403);
    const sent = await post(adminHeaders, `/api/internal/orders/${order.orderId}/send_invoice`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ paymentStatus: 'PAYMENT_REQUESTED', dueDate: today });
    const fresh = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-05' });
    const other = (await import('../../test/cart-factories')).submittedOrder;
    const open = await other(t.db, t.app);
    expect(fresh.orderId).toBeGreaterThan(0);
    const refused = await post(adminHeaders, `/api/internal/orders/${open.orderId}/send_invoice`, {});
    expect(refused.statusCode).toBe(422);
  });
});

describe('the invoices list', () => {
  it('searches by invoice number or order name, sorts both ways, pages by 20 and splits open from paid', async () => {
    const first = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-03' });
    for (const day of ['2026-03-04', '2026-03-05']) {
      await fulfilledOrder(t.db, t.app, { fulfilledOn: day, buyer: first.buyer });
    }
    const headers = first.buyer.headers;
    const all = await listOf(headers, '?status=open');
    expect(all.results.map((invoice) => invoice.dueDate)).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
    const desc = await listOf(headers, '?status=open&sort=dueDate|desc');
    expect(desc.results.map((invoice) => invoice.dueDate)).toEqual([
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
    ]);
    const byNumber = await listOf(headers, `?query=${all.results[1].invoiceNumber}`);
    expect(byNumber.results.map((invoice) => invoice.id)).toEqual([all.results[1].id]);
    const byName = await listOf(headers, `?query=${encodeURIComponent('job site')}`);
    expect(byName.totalCount).toBe(3);
    const paged = await listOf(headers, '?perPage=2&page=2');
    expect(paged).toMatchObject({ totalCount: 3, currentPage: 2, totalPages: 2 });
    expect(paged.results).toHaveLength(1);
    expect((await listOf(headers, '?status=paid')).totalCount).toBe(0);
    expect((await get(headers, '/api/v1/invoices?sort=price|asc')).statusCode).toBe(400);

    // Several invoices in one PDF; one of another organisation makes it 404.
    const ids = all.results.map((invoice) => `invoiceIds[]=${invoice.id}`).join('&');
    const bundle = await get(headers, `/api/v1/invoices/pdfs?${ids}`);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('application/pdf');
    const stranger = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-05' });
    const theirs = (await listOf(stranger.buyer.headers)).results[0].id;
    expect((await get(headers, `/api/v1/invoices/pdfs?${ids}&invoiceIds[]=${theirs}`)).statusCode).toBe(404);
  });
});

describe('staff adjustments and credit memos', () => {
  it('a price adjustment before invoicing is on the invoice; after invoicing only a credit memo lowers what is due', async () => {
    const order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-10' });
    // Take it back to fulfilled without an invoice, as before staff send it.
    await t.db.execute(sql`delete from invoices where order_id = ${order.orderId}`);
    await t.db.execute(sql`update orders set state = 'fulfilled' where id = ${order.orderId}`);
    const url = `/api/internal/orders/${order.orderId}/price_adjustments`;
    expect((await post(order.buyer.headers, url, { amount: -500, reason: 'Late delivery' })).statusCode).toBe(
      403,
    );
    const bad = await post(adminHeaders, url, { amount: 0, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'reason']);
    const kept = await post(adminHeaders, url, { amount: -500, reason: 'Late delivery' });
    expect(kept.statusCode, kept.body).toBe(201);
    const dropped = await post(adminHeaders, url, { amount: 900, reason: 'Typo' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/internal/price_adjustments/${dropped.json().id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(adminHeaders, url)).json()).toHaveLength(1);

    const sent = await post(adminHeaders, `/api/internal/orders/${order.orderId}/send_invoice`, {});
    const invoice = sent.json<Invoice>();
    const detail = (await get(order.buyer.headers, `/api/v1/invoices/${invoice.id}`)).json();
    expect(detail.adjustments).toEqual([{ label: 'Price adjustment: Late delivery', amount: -500 }]);
    expect(invoice.total).toBe(detail.amounts.total.data - 500);

    const late = await post(adminHeaders, url, { amount: -100, reason: 'After' });
    expect(late.statusCode).toBe(422);

    const memoUrl = `/api/internal/invoices/${invoice.id}/credit_memos`;
    const tooMuch = await post(adminHeaders, memoUrl, { amount: invoice.amountDue + 1, reason: 'Damaged' });
    expect(tooMuch.statusCode).toBe(422);
    const memo = await post(adminHeaders, memoUrl, { amount: 1_000, reason: 'Two damaged pots' });
    expect(memo.statusCode, memo.body).toBe(201);
    expect(memo.json()).toMatchObject({
      memoNumber: expect.stringMatching(/^CM-\d+$/),
      invoice: { amountDue: invoice.amountDue - 1_000, paymentStatus: 'PARTIALLY_PAID' },
    });
    const memoPdf = await get(order.buyer.headers, `/api/v1/credit_memos/${memo.json().id}/pdf`);
    expect(memoPdf.statusCode).toBe(200);
    // Crediting the rest pays the invoice, and the order reads Paid.
    const rest = await post(adminHeaders, memoUrl, { amount: invoice.amountDue - 1_000, reason: 'Goodwill' });
    expect(rest.json().invoice.paymentStatus).toBe('PAID');
    const seen = await get(order.buyer.headers, `/api/v1/orders/${order.orderId}`);
    expect(seen.json()).toMatchObject({ state: 'paid', displayState: { label: 'Paid' } });
  });
});

describe('the dashboard counters', () => {
  it('keeps each organisation’s tab counts and balance equal to its invoices through payments, memos and deletes', async () => {
    const order = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-12' });
    const [invoice] = (await listOf(order.buyer.headers)).results;
    await t.db.execute(sql`update invoices set status = 'PARTIALLY_PAID', amount_due = amount_due - 100
                            where id = ${invoice.id}`);
    const second = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-13', buyer: order.buyer });
    await t.db.execute(
      sql`update invoices set status = 'PAID', amount_due = 0 where order_id = ${second.orderId}`,
    );
    const list = await listOf(order.buyer.headers);
    expect(list).toMatchObject({ openCount: 1, paidCount: 1, balance: invoice.amountDue - 100 });

    // Every earlier test of this file wrote invoices too: the counters agree with a count of them all.
    const counted = await queryRows(
      t.db,
      sql`select buyer_organization_id::int as org, status, count(*)::int as n, sum(amount_due)::int as due
            from invoices group by 1, 2 order by 1, 2`,
    );
    const kept = await queryRows(
      t.db,
      sql`select buyer_organization_id::int as org, status, invoice_count as n, amount_due::int as due
            from invoice_totals where invoice_count <> 0 order by 1, 2`,
    );
    expect(kept).toEqual(counted);
  });

  it('sorts the open tab by amount due and by number, both ways', async () => {
    const first = await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-14' });
    await fulfilledOrder(t.db, t.app, { fulfilledOn: '2026-03-15', buyer: first.buyer });
    const [cheap] = (await listOf(first.buyer.headers)).results;
    await t.db.execute(sql`update invoices set amount_due = 1 where id = ${cheap.id}`);
    const byDue = await listOf(first.buyer.headers, `?sort=${encodeURIComponent('amountDue|asc')}`);
    expect(byDue.results[0].id).toBe(cheap.id);
    const byDueDesc = await listOf(first.buyer.headers, `?sort=${encodeURIComponent('amountDue|desc')}`);
    expect(byDueDesc.results[1].id).toBe(cheap.id);
    const numbers = (await listOf(first.buyer.headers, `?sort=${encodeURIComponent('invoiceNumber|desc')}`))
      .results;
    expect(numbers.map((row) => row.invoiceNumber)).toEqual(
      numbers.map((row) => row.invoiceNumber).sort((a, b) => b.localeCompare(a)),
    );
  });
});
