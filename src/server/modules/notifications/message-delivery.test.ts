import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { insertPaymentMethod, supplierListing } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { queueMessageNotifications } from './message-notifications.service';
import { outboxEmails } from './notifications.tables';
import { TwilioSmsProvider } from './text-messages';

type Received = { to: string[]; subject: string; raw: string };

/** A real SMTP server that keeps what it receives (envelope recipients, subject, raw message). */
function recordingSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1].replace(/\r\n[ \t]/g, ' ') ?? '';
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, raw });
        callback();
      });
    },
  });
  return { server, received };
}

let smtp: ReturnType<typeof recordingSmtpServer>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = recordingSmtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.server.address() as AddressInfo;
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailAttempts: 2, mailRetryDelaySeconds: 0 },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

async function call(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as object });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A grower with two branches; Hendersonville's orders also go to the office inbox and the yard phone. */
async function growerWithTwoBranches() {
  const organization = await insertOrganization(t.db, { isBuyer: false, name: 'Blue Ridge Growers' });
  const owner = await insertUser(t.db, {
    organizationId: organization.id,
    email: `owner${organization.id}@grower.test`,
  });
  const headers = bearer(await tokenFor(t.db, owner.id));
  const hendersonville = await supplierListing(t.db, {
    organizationId: organization.id,
    branch: { name: 'Hendersonville' },
  });
  const asheville = await supplierListing(t.db, {
    organizationId: organization.id,
    branch: { name: 'Asheville' },
  });
  const contact = (branchId: number, notificationMethod: string, notificationDestination: string) =>
    call('POST', '/api/v1/notification_contacts', headers, {
      subscriptionKey: 'branch_order_notification',
      branchId,
      notificationMethod,
      notificationDestination,
    });
  await contact(hendersonville.branch.id, 'Email', `office${organization.id}@grower.test`);
  await contact(hendersonville.branch.id, 'Phone', '(828) 555-0142');
  await contact(asheville.branch.id, 'Phone', '(828) 555-0199');
  return { organization, owner, headers, hendersonville, asheville };
}

/** A buyer orders one line from a listing; answers the order id. */
async function orderFrom(
  listing: Awaited<ReturnType<typeof supplierListing>>,
  buyerHeaders: Record<string, string>,
) {
  const cart = await call('POST', '/api/v1/carts', buyerHeaders, { name: 'Job site A' });
  await call('POST', '/api/v1/cart_items', buyerHeaders, {
    cartId: cart.id,
    branchId: listing.branch.id,
    productVariantId: listing.variant.id,
    quantity: 4,
  });
  const submitted = await call('POST', `/api/v1/carts/${cart.id}/submit`, buyerHeaders);
  return submitted.orders[0] as { id: number; orderNumber: string };
}

async function buyer() {
  const organization = await insertOrganization(t.db, { name: 'Fernwood Landscapes' });
  const user = await insertUser(t.db, { organizationId: organization.id });
  await insertPaymentMethod(t.db, user);
  return { organization, user, headers: bearer(await tokenFor(t.db, user.id)) };
}

const texts = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.channel, 'text'));

describe('notifications of recorded messages', () => {
  it("e-mails a branch's subscribed contacts over SMTP and texts its phone, not the other branch's", async () => {
    const grower = await growerWithTwoBranches();
    const fernwood = await buyer();
    const order = await orderFrom(grower.hendersonville, fernwood.headers);

    await t.app.deps.jobs.drain();

    const notices = smtp.received.filter((mail) => mail.subject.includes(`Order ${order.orderNumber}`));
    const newOrder = notices.filter((mail) => mail.subject.endsWith('New order received'));
    // The owner, a member, has the orders area's own order e-mail (with its amounts) and is not mailed twice.
    expect(newOrder.flatMap((mail) => mail.to)).toEqual([`office${grower.organization.id}@grower.test`]);
    expect(
      smtp.received.filter(
        (mail) =>
          mail.to.includes(grower.owner.email) && mail.subject.startsWith(`New order ${order.orderNumber}`),
      ),
    ).toHaveLength(1);
    expect(newOrder[0].subject).toBe(`Order ${order.orderNumber} (Job site A): New order received`);
    expect(newOrder[0].raw).toContain('text/html');
    expect(newOrder[0].raw).toMatch(/notifications\/unsubscribe\//);
    expect(newOrder[0].raw).toContain('Hendersonville');

    const sent = await texts();
    const forOrder = sent.filter((text) => text.textBody.includes(order.orderNumber));
    expect(forOrder.map((text) => text.toAddress)).toEqual(['8285550142']);
    expect(forOrder[0]).toMatchObject({ status: 'sent', provider: 'sandbox', attempts: 1 });
    expect(forOrder[0].textBody.length).toBeLessThanOrEqual(320);
    expect(forOrder[0].textBody).toMatch(/http:\/\/hedgerow\.test\/messages\/\d+$/);

    // Staff read texts beside e-mails in Beehive's outbox, with their status and provider.
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const outbox = await call(
      'GET',
      '/api/internal/outbox?perPage=100',
      bearer(await tokenFor(t.db, admin.id)),
    );
    expect(outbox.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'text',
          provider: 'sandbox',
          status: 'sent',
          toAddress: '8285550142',
        }),
        expect.objectContaining({ channel: 'email', status: 'sent' }),
      ]),
    );
  });

  it('honours the e-mail switches of a member: no free-text message mail when messages are off', async () => {
    const grower = await growerWithTwoBranches();
    const fernwood = await buyer();
    const order = await orderFrom(grower.asheville, fernwood.headers);
    await call('PATCH', '/api/v1/users/current/preferences', grower.headers, { emailMessages: false });
    const { threadId } = await call('GET', `/api/v1/orders/${order.id}/message_thread`, fernwood.headers);
    await call('POST', `/api/v1/message_threads/${threadId}/messages`, fernwood.headers, {
      content: 'Can you load the truck by 7?',
    });
    await t.app.deps.jobs.drain();

    const messageMails = smtp.received.filter(
      (mail) => mail.subject.includes(`Order ${order.orderNumber}`) && mail.subject.endsWith('New message'),
    );
    expect(messageMails.flatMap((mail) => mail.to)).not.toContain(grower.owner.email);
    // A member's free-text message mail follows their switch: on again, the next message is mailed.
    await call('PATCH', '/api/v1/users/current/preferences', grower.headers, { emailMessages: true });
    await call('POST', `/api/v1/message_threads/${threadId}/messages`, fernwood.headers, {
      content: 'And a second pallet of mulch?',
    });
    await t.app.deps.jobs.drain();
    const again = smtp.received.filter(
      (mail) => mail.subject.includes(`Order ${order.orderNumber}`) && mail.subject.endsWith('New message'),
    );
    expect(again.flatMap((mail) => mail.to)).toContain(grower.owner.email);
    // Asheville's phone gets the message as a text; no e-mail contact of Hendersonville hears of it.
    const sent = (await texts()).filter((text) => text.textBody.includes(order.orderNumber));
    expect(sent.map((text) => text.toAddress)).toEqual(['8285550199', '8285550199', '8285550199']);
  });

  it('queues the notification job in the recording transaction: none when it rolls back', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pgboss.job where name = 'message-notification' and data->>'messageId' = '987654'`,
        )
      )[0].n;
    await t.db
      .transaction(async (tx) => {
        await queueMessageNotifications(tx, 987654);
        throw new Error('the action failed');
      })
      .catch(() => undefined);
    expect(await count()).toBe(0);
    await t.db.transaction((tx) => queueMessageNotifications(tx, 987654));
    expect(await count()).toBe(1);
    await t.app.deps.jobs.drain();
  });
});

describe('the Twilio adapter', () => {
  it("posts the text to Twilio's Messages API with basic auth, and throws Twilio's reason on a refusal", async () => {
    const requests: { url: string; auth: string; body: string }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({ url: request.url ?? '', auth: request.headers.authorization ?? '', body });
        const refused = body.includes('5550000');
        response.writeHead(refused ? 400 : 201, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            refused ? { code: 21211, message: "The 'To' number is not valid." } : { sid: 'SM1' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const twilio = new TwilioSmsProvider({
      accountSid: 'AC123',
      authToken: 'secret',
      from: '+18285550100',
      baseUrl: `http://127.0.0.1:${port}`,
    });
    try {
      await twilio.send({ to: '8285550142', body: 'Order 1042 confirmed' });
      expect(requests[0].url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(requests[0].auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(new URLSearchParams(requests[0].body).get('To')).toBe('+18285550142');
      expect(new URLSearchParams(requests[0].body).get('Body')).toBe('Order 1042 confirmed');
      await expect(twilio.send({ to: '8285550000', body: 'x' })).rejects.toThrow(
        "Twilio answered 400: The 'To' number is not valid.",
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
