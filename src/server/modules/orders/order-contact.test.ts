import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { submittedOrder } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Event = { name: string; comment?: string | null; contactReason?: string | null };

describe('the supplier’s answer and the buyer’s message reach the other side', () => {
  it('shows the supplier’s comment and shipping notes in the buyer’s timeline events', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/respond`,
      headers: supplierHeaders,
      payload: { version: 1, respondedWith: 'confirm_order', comment: 'Ready Thursday at dock 2.' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: buyer.headers })
    ).json<{ events: Event[]; currentSupplierPurchaseOrderResponse: { comment: string } }>();
    expect(order.events.find((event) => event.name === 'confirm')?.comment).toBe('Ready Thursday at dock 2.');
    expect(order.currentSupplierPurchaseOrderResponse.comment).toBe('Ready Thursday at dock 2.');
  });

  it('lets the buyer contact the supplier with a reason: an order event and an e-mail', async () => {
    const { buyer, supplierHeaders, supplierUser, orderId } = await submittedOrder(t.db, t.app);
    const url = `/api/v1/orders/${orderId}/contact`;
    const missing = await t.app.inject({
      method: 'POST',
      url,
      headers: buyer.headers,
      payload: { message: ' ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: {
        reason: 'Choose why you are contacting the supplier',
        message: 'Enter a message for this order',
      },
    });
    const bySupplier = await t.app.inject({
      method: 'POST',
      url,
      headers: supplierHeaders,
      payload: { reason: 'question', message: 'Hi' },
    });
    expect(bySupplier.statusCode).toBe(403);
    const sent = await t.app.inject({
      method: 'POST',
      url,
      headers: buyer.headers,
      payload: { reason: 'add_remove_items', message: 'Can you add five more?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: supplierHeaders })
    ).json<{ state: string; events: Event[] }>();
    expect(seen.state).toBe('purchase_order_sent');
    expect(seen.events.at(-1)).toMatchObject({
      name: 'contact_supplier',
      contactReason: 'Add or remove items',
      comment: 'Can you add five more?',
    });
    await t.app.deps.jobs.drain();
    const [mail] = await queryRows<{ subject: string; text_body: string }>(
      t.db,
      sql`select subject, text_body from outbox_emails where to_address = ${supplierUser.email} and subject like '%message from%'`,
    );
    expect(mail.subject).toMatch(/^Order Q-\d+-1 message from .+: Add or remove items$/);
    expect(mail.text_body).toContain('Can you add five more?');
  });

  it('keeps the on-site contact of the delivery address on the order and its documents', async () => {
    const { buyer, supplierHeaders, orderId } = await submittedOrder(t.db, t.app, {
      delivery: true,
      contactName: 'Sam Ortiz',
    });
    for (const headers of [buyer.headers, supplierHeaders]) {
      const order = (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers })).json<{
        deliveryAddress: { contactName: string };
      }>();
      expect(order.deliveryAddress.contactName).toBe('Sam Ortiz');
    }
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/documents/bill_of_lading.pdf`,
      headers: supplierHeaders,
    });
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    expect(text).toContain('On-site contact: Sam Ortiz');
  });
});
