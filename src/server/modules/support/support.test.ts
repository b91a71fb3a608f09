import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequestMessages } from '../../../domain/support/support-requests';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';
import { outboxEmails } from '../notifications/notifications.tables';
import { supportRequests } from './support.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let supportAgent: Awaited<ReturnType<typeof insertUser>>;
let supportToken: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
  supportAgent = await insertUser(t.db, { roles: ['support'], firstName: 'Sam', lastName: 'Helper' });
  supportToken = await tokenFor(t.db, supportAgent.id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });

const contact = {
  name: 'Rosa Greenfield',
  email: 'rosa@greenacres.example',
  subject: 'Order 1042 is late',
  body: 'Our order has not arrived.\nCan you check with the supplier?',
};

// Each visitor writes from their own address, so the per-address limit never mixes tests.
function post(payload: unknown, remoteAddress = `10.0.0.${++ip}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/support_requests',
    payload: payload as object,
    remoteAddress,
  });
}

describe('POST /api/v1/support_requests', () => {
  it('takes a visitor’s message and puts it in the open queue', async () => {
    const created = await post(contact);
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(supportRequestMessages.sent);
    const listed = await as(supportToken, {
      method: 'GET',
      url: '/api/internal/support_requests?status=open',
    });
    expect(listed.json().results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: created.json().id, kind: 'contact', status: 'open' }),
      ]),
    );
  });

  it('reports every bad field at once and writes nothing', async () => {
    const before = await t.db.select().from(supportRequests);
    const bad = await post({ name: ' ', email: 'not-an-address', subject: '', body: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['body', 'email', 'name', 'subject']);
    expect(bad.json().fields.body).toBe('Tell us how we can help');
    expect(await t.db.select().from(supportRequests)).toHaveLength(before.length);
  });

  it('answers 429 after five messages a minute from one address', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await post(contact, address)).statusCode).toBe(201);
    const limited = await post(contact, address);
    expect(limited.statusCode).toBe(429);
  });

  it('keeps an attached list, refuses other files, and staff download it', async () => {
    const send = (file: { filename: string; data: string }, fields: Record<string, string> = contact) => {
      const form = multipartForm([{ field: 'file', ...file }], fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/support_requests/lists',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
        remoteAddress: `10.1.0.${++ip}`,
      });
    };
    const refused = await send({ filename: 'list.exe', data: 'MZ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ file: supportRequestMessages.attachmentType });
    const missingFields = await send({ filename: 'list.csv', data: 'a,b' }, { name: 'Rosa' });
    expect(Object.keys(missingFields.json().fields).sort()).toEqual(['body', 'email', 'subject']);

    const created = await send({ filename: 'job 12 list.csv', data: 'Plant,Qty\nAcer rubrum,12\n' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const one = await as(supportToken, { method: 'GET', url: `/api/internal/support_requests/${id}` });
    expect(one.json()).toMatchObject({ kind: 'list', attachment: { name: 'job 12 list.csv' } });
    const file = await as(supportToken, {
      method: 'GET',
      url: `/api/internal/support_requests/${id}/attachment`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Acer rubrum');
  });
});

describe('Beehive support queue', () => {
  it('assigns, answers by e-mail and resolves; a resolved request cannot be resolved again', async () => {
    const id = (await post({ ...contact, subject: 'Where is my invoice?' })).json().id;

    const assignees = (
      await as(supportToken, { method: 'GET', url: '/api/internal/support_requests/assignees' })
    ).json();
    expect(assignees.results.map((a: { id: number }) => a.id)).toContain(supportAgent.id);
    const assigned = await as(adminToken, {
      method: 'PATCH',
      url: `/api/internal/support_requests/${id}`,
      payload: { assigneeUserId: supportAgent.id },
    });
    expect(assigned.json().assignee).toEqual({ id: supportAgent.id, fullName: 'Sam Helper' });
    const buyer = await insertUser(t.db);
    const notStaff = await as(adminToken, {
      method: 'PATCH',
      url: `/api/internal/support_requests/${id}`,
      payload: { assigneeUserId: buyer.id },
    });
    expect(notStaff.statusCode).toBe(400);

    const resolved = await as(supportToken, {
      method: 'POST',
      url: `/api/internal/support_requests/${id}/resolve`,
      payload: { reply: 'Your invoice is on the order page under Documents.' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      reply: 'Your invoice is on the order page under Documents.',
    });
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, contact.email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(mail.subject).toBe('Re: Where is my invoice?');
    expect(mail.textBody).toContain('Your invoice is on the order page under Documents.');
    expect(mail.textBody).toContain('Sam Helper');

    const again = await as(supportToken, {
      method: 'POST',
      url: `/api/internal/support_requests/${id}/resolve`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('resolves without a reply and sends nothing', async () => {
    const email = 'quiet@example.com';
    const id = (await post({ ...contact, email })).json().id;
    const resolved = await as(supportToken, {
      method: 'POST',
      url: `/api/internal/support_requests/${id}/resolve`,
      payload: {},
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', reply: null });
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))).toEqual([]);
  });

  it('refuses staff without manage_support_requests and buyers', async () => {
    const id = (await post(contact)).json().id;
    const logistics = await insertUser(t.db, { roles: ['logistics_admin'] });
    const buyer = await insertUser(t.db);
    for (const token of [await tokenFor(t.db, logistics.id), await tokenFor(t.db, buyer.id)]) {
      expect((await as(token, { method: 'GET', url: '/api/internal/support_requests' })).statusCode).toBe(
        403,
      );
      const resolve = await as(token, {
        method: 'POST',
        url: `/api/internal/support_requests/${id}/resolve`,
        payload: {},
      });
      expect(resolve.statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row.status).toBe('open');
  });
});
