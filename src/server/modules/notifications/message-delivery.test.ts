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

type Settings = { results: { id: number; notificationDestination: string }[] };

/** The outbox rows of the e-mails about an order (subject or body naming it), oldest first. */
const mailsAbout = (orderNumber: string) =>
  queryRows<{ to_address: string; subject: string; text_body: string; html_body: string | null }>(
    t.db,
    sql`select to_address, subject, text_body, html_body from outbox_emails
         where channel = 'email' and (subject like ${`%${orderNumber}%`} or text_body like ${`%${orderNumber}%`})
         order by id`,
  );

/** The List-Unsubscribe URL of a received mail (headers unfolded), or null. */
const listUnsubscribeOf = (raw: string) => {
  const head = raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
  return /^List-Unsubscribe: <([^>]+)>/m.exec(head)?.[1] ?? null;
};

const oneClick = (url: string, body = 'List-Unsubscribe=One-Click') =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

describe('notifications of recorded messages', () => {
  it("mails a branch's new order once to each subscribed e-mail with its amounts, never to an unsubscribed member", async () => {
    const grower = await growerWithTwoBranches();
    // The owner, a member subscribed by default, turns Hendersonville's Order Communications off.
    const settings: Settings = await call(
      'GET',
      `/api/v1/notification_contacts?organizationId=${grower.organization.id}`,
      grower.headers,
    );
    const own = settings.results.find((contact) => contact.notificationDestination === grower.owner.email);
    await call('POST', '/api/v1/notification_subscriptions/unsubscribe', grower.headers, {
      notificationContactIds: [own?.id],
      subscriptionKey: 'branch_order_notification',
      branchId: grower.hendersonville.branch.id,
    });
    const fernwood = await buyer();
    const order = await orderFrom(grower.hendersonville, fernwood.headers);

    await t.app.deps.jobs.drain();

    const office = `office${grower.organization.id}@grower.test`;
    const about = smtp.received.filter((mail) => mail.subject.includes(order.orderNumber));
    // One path: the office inbox (subscribed) has the order e-mail once; the unsubscribed owner none.
    expect(about.filter((mail) => mail.to.includes(office)).map((mail) => mail.subject)).toEqual([
      `New order ${order.orderNumber} for Hendersonville from Fernwood Landscapes`,
    ]);
    expect(about.filter((mail) => mail.to.includes(grower.owner.email))).toEqual([]);
    // The buyer (its company's first member) has the cart's e-mail, once; nobody has two copies.
    const toBuyer = smtp.received.filter((mail) => mail.to.includes(fernwood.user.email));
    expect(toBuyer.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your cart Job site A \(.+\) was sent to 1 supplier$/),
    ]);
    const copies = [...about, ...toBuyer].map((mail) => `${mail.to.join(',')} ${mail.subject}`);
    expect(new Set(copies).size).toBe(copies.length);

    // The order e-mail carries the order's facts and the supplier's amount block, in text and HTML.
    const [mail] = (await mailsAbout(order.orderNumber)).filter((row) => row.to_address === office);
    expect(mail.text_body).toContain('Fernwood Landscapes sent Hendersonville an order');
    expect(mail.text_body).toMatch(/- 4 ea .+, #3/);
    expect(mail.text_body).toContain(`Order: ${order.orderNumber} (Job site A)`);
    expect(mail.text_body).toMatch(/Subtotal: \$\d+\.\d\d/);
    expect(mail.text_body).toMatch(/Total: \$\d+\.\d\d/);
    expect(mail.text_body).toMatch(/Unsubscribe: http:\/\/hedgerow\.test\/notifications\/unsubscribe\//);
    expect(mail.html_body).toContain('Subtotal');
    const received = about.find((candidate) => candidate.to.includes(office));
    expect(received?.raw).toContain('text/html');

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

  it('an order answer reaches the buyer once, as the order e-mail with its amounts', async () => {
    const grower = await growerWithTwoBranches();
    const fernwood = await buyer();
    const order = await orderFrom(grower.asheville, fernwood.headers);
    await call('POST', `/api/v1/orders/${order.id}/respond`, grower.headers, {
      version: 1,
      respondedWith: 'confirm_order',
      comment: 'Ready at the yard gate.',
    });
    await t.app.deps.jobs.drain();
    const confirmations = (await mailsAbout(order.orderNumber)).filter((row) =>
      row.subject.startsWith(`Order ${order.orderNumber} confirmed by Asheville`),
    );
    expect(confirmations.map((row) => row.to_address)).toEqual([fernwood.user.email]);
    expect(confirmations[0].text_body).toContain(`Hello ${fernwood.user.firstName},`);
    expect(confirmations[0].text_body).toContain('Ready at the yard gate.');
    expect(confirmations[0].text_body).toMatch(/Total: \$\d+\.\d\d/);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the one-click POST turns the subscription off', async () => {
    const grower = await growerWithTwoBranches();
    const fernwood = await buyer();
    const order = await orderFrom(grower.hendersonville, fernwood.headers);
    await t.app.deps.jobs.drain();

    const office = `office${grower.organization.id}@grower.test`;
    const newOrder = (to: string) =>
      smtp.received.filter(
        (mail) => mail.to.includes(to) && mail.subject.startsWith(`New order ${order.orderNumber} `),
      );
    expect(newOrder(office)).toHaveLength(1);
    expect(newOrder(grower.owner.email)).toHaveLength(1);
    const officeUrl = listUnsubscribeOf(newOrder(office)[0].raw);
    const ownerUrl = listUnsubscribeOf(newOrder(grower.owner.email)[0].raw);
    expect(officeUrl).toMatch(/^http:\/\/hedgerow\.test\/notifications\/unsubscribe\/[\w-]{10,}$/);
    expect(ownerUrl).not.toBe(officeUrl);
    expect(newOrder(office)[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // The header's URL is the e-mail's own unsubscribe link.
    const [officeMail] = (await mailsAbout(order.orderNumber)).filter((row) => row.to_address === office);
    expect(officeMail.text_body).toContain(`Unsubscribe: ${officeUrl}`);

    // The mail client's one-click POST, without sign-in: the office stops hearing of Hendersonville's orders.
    const off = await oneClick(officeUrl as string);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      category: 'Order Communications',
      branchName: 'Hendersonville',
      notificationDestination: office,
      active: false,
      refusal: null,
    });
    // The owner's is now the last e-mail of Order Communications: it stays on, and the answer says why.
    const kept = await oneClick(ownerUrl as string);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      active: true,
      refusal:
        'Order Communications need at least one email contact at all times. Add another email contact before removing or turning off this one.',
    });

    const next = await orderFrom(grower.hendersonville, fernwood.headers);
    await t.app.deps.jobs.drain();
    const nextMails = smtp.received.filter((mail) =>
      mail.subject.startsWith(`New order ${next.orderNumber} `),
    );
    expect(nextMails.flatMap((mail) => mail.to)).toEqual([grower.owner.email]);
  });

  it('refuses a one-click POST without List-Unsubscribe=One-Click, and an unknown token', async () => {
    const refused = await oneClick('http://hedgerow.test/notifications/unsubscribe/abcdefghijklmnop', 'x=1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: { 'List-Unsubscribe': 'Send List-Unsubscribe=One-Click to unsubscribe with one click.' },
    });
    const unknown = await oneClick('http://hedgerow.test/notifications/unsubscribe/abcdefghijklmnop');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'This unsubscribe link is not valid any more.' });
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
