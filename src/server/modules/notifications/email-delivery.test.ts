import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { sendEmail } from './notifications.service';
import { outboxEmails } from './notifications.tables';

/**
 * A real SMTP server that refuses some recipients: `refused@` always, `flaky@` on its first try only.
 * It counts the RCPT commands per address, so the tests see each try the delivery job made.
 */
function refusingSmtpServer() {
  const tries = new Map<string, number>();
  const delivered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const count = (tries.get(address.address) ?? 0) + 1;
      tries.set(address.address, count);
      if (address.address.startsWith('refused@') || (address.address.startsWith('flaky@') && count === 1)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  return { server, tries, delivered };
}

let smtp: ReturnType<typeof refusingSmtpServer>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  smtp = refusingSmtpServer();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.server.address() as AddressInfo;
  // Three tries, retried at once: the back-off is pg-boss's, and its delay is a setting.
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailAttempts: 3, mailRetryDelaySeconds: 0 },
  });
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminHeaders = bearer(await tokenFor(t.db, admin.id));
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

const mail = (to: string) => ({ to, subject: `A note for ${to}`, text: 'Hello' });

async function outboxRow(id: number) {
  const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

/** The row as Beehive's outbox page gets it. */
async function outboxEntry(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/internal/outbox?perPage=100',
    headers: adminHeaders,
  });
  expect(response.statusCode).toBe(200);
  return response.json().results.find((entry: { id: number }) => entry.id === id);
}

describe('e-mail delivery over SMTP', () => {
  it('queues an e-mail and shows it sent after one try', async () => {
    const queued = await sendEmail(t.db, t.app.deps.mail, mail('good@example.com'));
    expect(queued).toMatchObject({ status: 'queued', attempts: 0 });

    await t.app.deps.jobs.drain();

    expect(smtp.delivered).toContain('good@example.com');
    expect(await outboxRow(queued.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: null,
      sentAt: expect.any(Date),
    });
  });

  it('retries a refused delivery and shows it failed, with the error, after its last try', async () => {
    const queued = await sendEmail(t.db, t.app.deps.mail, mail('refused@example.com'));

    await t.app.deps.jobs.drain();

    expect(smtp.tries.get('refused@example.com')).toBe(3);
    expect(smtp.delivered).not.toContain('refused@example.com');
    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row.error).toMatch(/550.*Mailbox unavailable/);
    expect(await outboxEntry(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: row.error,
    });
    const [job] = await queryRows<{ state: string; retry_count: number }>(
      t.db,
      sql`select state, retry_count from pgboss.job
           where name = 'email-delivery' and data->>'outboxEmailId' = ${String(queued.id)}`,
    );
    expect(job).toEqual({ state: 'failed', retry_count: 2 });
  });

  it('sends on a retry what the server refused the first time', async () => {
    const queued = await sendEmail(t.db, t.app.deps.mail, mail('flaky@example.com'));

    await t.app.deps.jobs.drain();

    expect(smtp.tries.get('flaky@example.com')).toBe(2);
    expect(smtp.delivered).toContain('flaky@example.com');
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('queues nothing for an e-mail whose transaction rolls back', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job`);
    await t.db
      .transaction(async (tx) => {
        await sendEmail(tx, t.app.deps.mail, mail('never@example.com'));
        throw new Error('the action failed');
      })
      .catch(() => undefined);

    await t.app.deps.jobs.drain();

    const rows = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'never@example.com'));
    expect(rows).toEqual([]);
    expect(await queryRows(t.db, sql`select count(*)::int as n from pgboss.job`)).toEqual(before);
    expect(smtp.tries.has('never@example.com')).toBe(false);
  });
});
