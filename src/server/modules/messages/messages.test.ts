import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts } from '../../../domain/messages/message-types';
import { queryRows } from '../../db/client';
import { signedInBuyer, submittedOrder } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type ListItem = {
  id: number;
  threadId: number;
  messageType: string;
  messageLabel: string;
  responseStatus: string;
  toFrom: string;
  order: { id: number } | null;
  event: { kind: string; eventPayload: Record<string, unknown>; respondedAt: string | null } | null;
};
type List = { results: ListItem[]; totalCount: number; currentPage: number; totalPages: number };
type FeedMessage = {
  id: number;
  messageType: string;
  responseStatus: string;
  content: string;
  organizationLine: string;
  messageAttachments: { id: number; filename: string }[];
  actions: { label: string; disabled: boolean }[];
};
type Feed = { thread: { id: number; assignedToUser: { id: number } | null }; results: FeedMessage[] };

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: Headers, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const list = async (headers: Headers, query = 'view=inbox') => {
  const response = await get(headers, `/api/v1/messages?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<List>();
};
const feed = async (headers: Headers, threadId: number) => {
  const response = await get(headers, `/api/v1/message_threads/${threadId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Feed>();
};
const unread = async (headers: Headers) =>
  (await get(headers, '/api/v1/message_threads/unread_count')).json<{
    freight: number;
    photo: number;
    order: number;
    total: number;
  }>();

/** An order with its five kinds of caller: buyer, another buyer, its supplier, another supplier, staff. */
async function orderWithCallers() {
  const order = await submittedOrder(t.db, t.app);
  const otherBuyer = await signedInBuyer(t.db);
  const otherSupplierOrg = await insertOrganization(t.db, { isBuyer: false });
  const otherSupplier = await insertUser(t.db, { organizationId: otherSupplierOrg.id });
  const staff = await insertUser(t.db, { roles: ['admin'] });
  const [thread] = await queryRows<{ id: number }>(
    t.db,
    sql`select id::int from message_threads where order_id = ${order.orderId}`,
  );
  return {
    ...order,
    threadId: thread.id,
    otherBuyerHeaders: otherBuyer.headers,
    otherSupplierHeaders: bearer(await tokenFor(t.db, otherSupplier.id)),
    staff,
    staffHeaders: bearer(await tokenFor(t.db, staff.id)),
  };
}

describe('order events land in the inbox', () => {
  it('a submitted cart: the supplier gets New order received, the buyer the cart confirmation', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const supplierInbox = await list(supplierHeaders);
    expect(supplierInbox.results).toHaveLength(1);
    expect(supplierInbox.results[0]).toMatchObject({
      messageType: 'new_order_received',
      messageLabel: 'Order',
      responseStatus: 'unread',
      order: { id: orderId },
      event: { kind: 'orderEvent', respondedAt: null },
    });
    expect(await unread(supplierHeaders)).toEqual({ freight: 0, photo: 0, order: 1, total: 1 });
    const buyerInbox = await list(buyer.headers);
    expect(buyerInbox.results.map((row) => row.messageType)).toEqual(['cart_submitted']);
    // The buyer's Sent view holds the purchase order it sent.
    const sent = await list(buyer.headers, 'view=sent');
    expect(sent.results.map((row) => row.messageType)).toEqual(['new_order_received']);
    expect(sent.results[0].responseStatus).toBe('read');
  });

  it('the supplier confirms: the buyer gets an unread Order message in the same transaction as the event', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const before = (await unread(buyer.headers)).total;
    const confirmed = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'confirm_order',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const inbox = await list(buyer.headers);
    const row = inbox.results.find((item) => item.order?.id === orderId);
    expect(row).toMatchObject({ messageType: 'order_confirmed', responseStatus: 'unread' });
    expect(await unread(buyer.headers)).toMatchObject({ order: before + 1, total: before + 1 });
    // The purchase order was answered: the supplier's message shows Responded.
    const supplierFeed = await feed(supplierHeaders, row?.threadId ?? 0);
    const received = supplierFeed.results.find((message) => message.messageType === 'new_order_received');
    expect(received?.actions).toEqual([{ label: 'Responded', target: null, disabled: true }]);
    const events = await queryRows<{ name: string }>(
      t.db,
      sql`select e.name from order_events e where e.order_id = ${orderId} order by e.id`,
    );
    expect(events.map((event) => event.name)).toEqual(['submit', 'send_purchase_order', 'confirm']);
  });

  it('a change proposal: Review Changes for the buyer until accepted, then a disabled Responded', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const order = (await get(supplierHeaders, `/api/v1/orders/${orderId}`)).json<{
      items: { id: number }[];
    }>();
    const proposed = await post(supplierHeaders, `/api/v1/orders/${orderId}/respond`, {
      version: 1,
      respondedWith: 'changes_requested',
      changes: { items: [{ orderItemId: order.items[0].id, quantity: 3, reason: 'inventory_issue' }] },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { threadId } = (await get(buyer.headers, `/api/v1/orders/${orderId}/message_thread`)).json<{
      threadId: number;
    }>();
    const open = await feed(buyer.headers, threadId);
    const proposal = open.results.at(-1);
    expect(proposal).toMatchObject({ messageType: 'supplier_requested_changes' });
    expect(proposal?.actions).toEqual([{ label: 'Review Changes', target: 'order', disabled: false }]);
    const orderNow = (await get(buyer.headers, `/api/v1/orders/${orderId}`)).json<{
      proposals: { id: number }[];
    }>();
    const accepted = await post(
      buyer.headers,
      `/api/v1/orders/${orderId}/proposals/${orderNow.proposals[0].id}/accept`,
      {
        version: 1,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await feed(buyer.headers, threadId);
    const answered = after.results.find((message) => message.id === proposal?.id);
    expect(answered?.actions).toEqual([{ label: 'Responded', target: null, disabled: true }]);
    // The supplier hears the proposal was accepted.
    const supplierInbox = await list(supplierHeaders);
    expect(supplierInbox.results.find((row) => row.threadId === threadId)?.messageType).toBe(
      'order_changes_accepted',
    );
  });
});

describe('cart transfer and the missing payment method', () => {
  it('a cart handed to a colleague tells the organisation, with the note', async () => {
    const buyer = await signedInBuyer(t.db);
    const colleague = await insertUser(t.db, { organizationId: buyer.organization?.id });
    const cart = (await post(buyer.headers, '/api/v1/carts', { name: 'Handover job' })).json<{
      id: number;
    }>();
    const assigned = await post(buyer.headers, `/api/v1/carts/${cart.id}/assign_to_buyer_user`, {
      buyerUserId: colleague.id,
      note: 'Please finish the shrubs',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const colleagueHeaders = bearer(await tokenFor(t.db, colleague.id));
    const [row] = (await list(colleagueHeaders)).results;
    expect(row).toMatchObject({ messageType: 'cart_transferred', responseStatus: 'unread' });
    const thread = await feed(colleagueHeaders, row.threadId);
    expect(thread.results[0].content).toContain('Note: Please finish the shrubs');
    expect(thread.results[0].actions).toEqual([{ label: 'View Cart', target: 'cart', disabled: false }]);
  });

  it('staff hold an order for payment information: the buyer is told', async () => {
    const c = await orderWithCallers();
    const held = await post(c.staffHeaders, `/api/internal/orders/${c.orderId}/transition`, {
      event: 'needs_payment_info',
      expectedState: 'purchase_order_sent',
    });
    expect(held.statusCode, held.body).toBe(200);
    const row = (await list(c.buyer.headers)).results.find((item) => item.threadId === c.threadId);
    expect(row).toMatchObject({ messageType: 'missing_payment_method', toFrom: 'Hedgerow Support' });
    expect((await list(c.supplierHeaders)).results[0].messageType).toBe('new_order_received');
  });
});

describe('who may do what, on every message route', () => {
  it('the thread and its replies: buyer, supplier and staff yes; another buyer and another supplier 404', async () => {
    const c = await orderWithCallers();
    const url = `/api/v1/message_threads/${c.threadId}/messages`;
    const expectations: [Headers, number][] = [
      [c.buyer.headers, 200],
      [c.otherBuyerHeaders, 404],
      [c.supplierHeaders, 200],
      [c.otherSupplierHeaders, 404],
      [c.staffHeaders, 200],
    ];
    for (const [headers, status] of expectations) expect((await get(headers, url)).statusCode).toBe(status);
    for (const [headers, status] of expectations) {
      const response = await post(headers, url, { content: 'When can you load?' });
      expect(response.statusCode, response.body).toBe(status === 200 ? 201 : 404);
    }
    expect((await get(c.otherBuyerHeaders, `/api/v1/orders/${c.orderId}/message_thread`)).statusCode).toBe(
      404,
    );
    expect((await get(c.supplierHeaders, `/api/v1/orders/${c.orderId}/message_thread`)).statusCode).toBe(200);
    // The strangers' inboxes stay empty; the staff reply shows the external title, not an organisation.
    expect((await list(c.otherBuyerHeaders)).totalCount).toBe(0);
    expect((await list(c.otherSupplierHeaders)).totalCount).toBe(0);
    const messages = (await feed(c.buyer.headers, c.threadId)).results;
    expect(messages.at(-1)?.organizationLine).toBe('Hedgerow Support');
  });

  it('bulk update, archive and unarchive: strangers get 404 and change nothing', async () => {
    const c = await orderWithCallers();
    const [row] = (await list(c.supplierHeaders)).results;
    for (const headers of [c.otherBuyerHeaders, c.otherSupplierHeaders]) {
      expect(
        (await post(headers, '/api/v1/messages/bulk_update', { ids: [row.id], responseStatus: 'read' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await post(headers, '/api/v1/message_threads/archive_threads', { threadIds: [c.threadId] }))
          .statusCode,
      ).toBe(404);
      expect(
        (await post(headers, '/api/v1/message_threads/unarchive_threads', { threadIds: [c.threadId] }))
          .statusCode,
      ).toBe(404);
    }
    // One id of another organisation among the caller's own: 404, nothing changed.
    const strangerOrder = await submittedOrder(t.db, t.app);
    const [strangerRow] = (await list(strangerOrder.supplierHeaders)).results;
    const mixed = await post(c.supplierHeaders, '/api/v1/messages/bulk_update', {
      ids: [row.id, strangerRow.id],
      responseStatus: 'read',
    });
    expect(mixed.statusCode).toBe(404);
    expect((await list(c.supplierHeaders)).results[0].responseStatus).toBe('unread');
    const archived = await post(c.supplierHeaders, '/api/v1/message_threads/archive_threads', {
      threadIds: [c.threadId],
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ archived: [c.threadId] });
    // Staff may archive any thread; one that is not in their inbox is simply not archived.
    const byStaff = await post(c.staffHeaders, '/api/v1/message_threads/archive_threads', {
      threadIds: [c.threadId],
    });
    expect(byStaff.json()).toEqual({ archived: [] });
    const buyerArchive = await post(c.buyer.headers, '/api/v1/message_threads/archive_threads', {
      threadIds: [c.threadId],
    });
    expect(buyerArchive.json()).toEqual({ archived: [c.threadId] });
    expect((await list(c.supplierHeaders)).totalCount).toBe(0);
    expect((await list(c.supplierHeaders, 'view=archived')).results.map((r) => r.threadId)).toEqual([
      c.threadId,
    ]);
    const back = await post(c.supplierHeaders, '/api/v1/message_threads/unarchive_threads', {
      threadIds: [c.threadId],
    });
    expect(back.json()).toEqual({ unarchived: [c.threadId] });
    expect((await list(c.supplierHeaders)).totalCount).toBe(1);
    // Read, then unread again.
    const read = await post(c.supplierHeaders, '/api/v1/messages/bulk_update', {
      ids: [row.id],
      responseStatus: 'read',
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread(c.supplierHeaders)).toMatchObject({ total: 0 });
    expect((await list(c.supplierHeaders, 'view=read')).totalCount).toBe(1);
    await post(c.supplierHeaders, '/api/v1/messages/bulk_update', {
      ids: [row.id],
      responseStatus: 'unread',
    });
    expect(await unread(c.supplierHeaders)).toMatchObject({ order: 1, total: 1 });
    expect((await list(c.supplierHeaders, 'view=unread')).totalCount).toBe(1);
  });

  it('thread owners: only staff assign, to staff only, and filter by them', async () => {
    const c = await orderWithCallers();
    const url = `/api/v1/message_threads/${c.threadId}/assign_owner`;
    for (const headers of [c.buyer.headers, c.otherBuyerHeaders, c.supplierHeaders, c.otherSupplierHeaders])
      expect((await post(headers, url, { userId: c.staff.id })).statusCode).toBe(404);
    const notStaff = await post(c.staffHeaders, url, { userId: c.supplierUser.id });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().message).toBe(messageTexts.ownerNotStaff);
    const assigned = await post(c.staffHeaders, url, { userId: c.staff.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<Feed>().thread.assignedToUser).toMatchObject({ id: c.staff.id });
    // Staff send a message so the thread is in the staff inbox, then filter by owner.
    await post(c.staffHeaders, `/api/v1/message_threads/${c.threadId}/messages`, {
      content: 'Looking into it',
    });
    await post(c.buyer.headers, `/api/v1/message_threads/${c.threadId}/messages`, { content: 'Thanks' });
    const owned = await list(c.staffHeaders, `view=inbox&assignedToUserId=${c.staff.id}`);
    expect(owned.results.map((row) => row.threadId)).toEqual([c.threadId]);
  });

  it('attachments: the thread parties download them, strangers get 404', async () => {
    const c = await orderWithCallers();
    const form = multipartForm(
      [
        {
          field: 'files',
          filename: 'site-plan.pdf',
          data: Buffer.from('%PDF-1.4 plan'),
          contentType: 'application/pdf',
        },
      ],
      { content: 'Here is the site plan' },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/message_threads/${c.threadId}/messages`,
      headers: { ...c.buyer.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [file] = sent.json<FeedMessage>().messageAttachments;
    expect(file.filename).toBe('site-plan.pdf');
    const url = `/api/v1/message_attachments/${file.id}/file`;
    for (const [headers, status] of [
      [c.buyer.headers, 200],
      [c.otherBuyerHeaders, 404],
      [c.supplierHeaders, 200],
      [c.otherSupplierHeaders, 404],
      [c.staffHeaders, 200],
    ] as [Headers, number][]) {
      const response = await get(headers, url);
      expect(response.statusCode).toBe(status);
      if (status === 200) expect(response.body).toBe('%PDF-1.4 plan');
    }
    // The supplier sees the buyer's message unread, with the file.
    const supplierFeed = await feed(c.supplierHeaders, c.threadId);
    expect(supplierFeed.results.at(-1)).toMatchObject({
      content: 'Here is the site plan',
      responseStatus: 'unread',
      messageAttachments: [{ filename: 'site-plan.pdf' }],
    });
  });

  it('lists need a signed-in user; a caller without organisation sees an empty inbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/messages' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/message_threads/unread_count' })).statusCode,
    ).toBe(401);
    const loner = await signedInBuyer(t.db, { organizationId: null });
    expect(await list(loner.headers)).toMatchObject({ results: [], totalCount: 0 });
  });
});

describe('bad input', () => {
  it('refuses empty and too long messages, other file types, files over 10 MB and 201 ids', async () => {
    const c = await orderWithCallers();
    const url = `/api/v1/message_threads/${c.threadId}/messages`;
    const empty = await post(c.buyer.headers, url, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Enter a message for this thread' });
    const long = await post(c.buyer.headers, url, { content: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Limit message to 10000 characters' });
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from message_attachments`))[0].n;
    const before = await count();
    for (const [file, message] of [
      [{ filename: 'run.exe', data: Buffer.from('MZ') }, messageTexts.attachmentType],
      [
        { filename: 'huge.pdf', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
        messageTexts.attachmentTooLarge,
      ],
    ] as const) {
      const form = multipartForm([{ field: 'files', ...file }], { content: 'See attached' });
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...c.buyer.headers, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { files: message } });
    }
    expect(await count()).toBe(before);
    const tooMany = await post(c.supplierHeaders, '/api/v1/messages/bulk_update', {
      ids: Array.from({ length: 201 }, (_, i) => i + 1),
      responseStatus: 'read',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(messageTexts.tooManyIds);
    const badView = await get(c.buyer.headers, '/api/v1/messages?view=everything');
    expect(badView.statusCode).toBe(400);
  });
});

describe('the list', () => {
  it('searches, filters by label and pages; a filter that matches nothing is an empty page', async () => {
    const buyer = await signedInBuyer(t.db);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await submittedOrder(t.db, t.app));
    // Three suppliers each answer their own buyer; the first supplier's inbox is one thread.
    const { supplierHeaders } = orders[0];
    const [{ order_number }] = await queryRows<{ order_number: string }>(
      t.db,
      sql`select order_number from orders where id = ${orders[0].orderId}`,
    );
    // Any case matches; the row found is the order's thread, with its subject and sender.
    const found = await list(supplierHeaders, `query=${encodeURIComponent(order_number.toLowerCase())}`);
    expect(found.totalCount).toBe(1);
    expect(found.results).toHaveLength(1);
    expect(found.results[0].order).toMatchObject({ id: orders[0].orderId });
    expect(found.results[0].toFrom).toBeTruthy();
    expect((await list(supplierHeaders, 'query=nothing-like-this')).totalCount).toBe(0);
    // Past the last page of a search: no rows, and still the total.
    const pastTheEnd = await list(
      supplierHeaders,
      `query=${encodeURIComponent(order_number)}&perPage=1&page=2`,
    );
    expect(pastTheEnd).toMatchObject({ results: [], totalCount: 1, currentPage: 2 });
    expect((await list(supplierHeaders, 'messageLabel=Order')).totalCount).toBe(1);
    expect((await list(supplierHeaders, 'messageLabel=Photo%20Request')).totalCount).toBe(0);
    const paged = await list(supplierHeaders, 'perPage=1&page=2');
    expect(paged).toMatchObject({ results: [], totalCount: 1, currentPage: 2, totalPages: 1 });
    expect((await list(buyer.headers)).totalCount).toBe(0);
  });

  it("a reply's words are found at once in every party's inbox (each mailbox's row keeps the search text)", async () => {
    const c = await orderWithCallers();
    const word = 'xylophone';
    expect((await list(c.supplierHeaders, `query=${word}`)).totalCount).toBe(0);
    const reply = await post(c.buyer.headers, `/api/v1/message_threads/${c.threadId}/messages`, {
      content: `Please wrap the XYLOPHONE pallets`,
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    for (const [headers, view] of [
      [c.supplierHeaders, 'inbox'],
      [c.buyer.headers, 'sent'],
      [c.staffHeaders, 'inbox'],
    ] as const) {
      const found = await list(headers, `view=${view}&query=${word}`);
      expect(found.totalCount, view).toBe(1);
      expect(found.results.map((row) => row.threadId)).toEqual([c.threadId]);
    }
    // A thread made afterwards in the same mailbox starts with its own text, not another's.
    await submittedOrder(t.db, t.app);
    expect((await list(c.staffHeaders, `query=${word}`)).totalCount).toBe(1);
  });
});
