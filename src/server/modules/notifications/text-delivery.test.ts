import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { outboxEmails } from './notifications.tables';
import { sendText } from './text-delivery';
import type { SmsProvider } from './text-messages';

/** A provider that refuses some numbers: `5550000` always, `5550001` on its first try only. */
function refusingProvider() {
  const tries = new Map<string, number>();
  const provider: SmsProvider = {
    name: 'twilio',
    async send({ to }) {
      const count = (tries.get(to) ?? 0) + 1;
      tries.set(to, count);
      if (to.endsWith('5550000') || (to.endsWith('5550001') && count === 1)) {
        throw new Error("Twilio answered 400: The 'To' number is not valid.");
      }
    },
  };
  return { provider, tries };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
const sms = refusingProvider();

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: sms.provider,
    config: { mailAttempts: 3, mailRetryDelaySeconds: 0 },
  });
});

afterAll(async () => {
  await t?.close();
});

const text = (to: string) => ({
  to,
  body: 'Hedgerow: Order Q-1 confirmed. http://hedgerow.test/messages/1',
  subject: 'Order Q-1',
});
const row = async (id: number) => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0];

describe('text delivery', () => {
  it('retries a refused text and shows it failed to staff, with the reason, after its last try', async () => {
    const queued = await sendText(t.db, { sms: t.app.deps.sms, queue: t.app.deps.jobs }, text('8285550000'));
    await t.app.deps.jobs.drain();
    expect(sms.tries.get('8285550000')).toBe(3);
    expect(await row(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      channel: 'text',
      sentAt: null,
    });
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/internal/outbox?perPage=100',
      headers: bearer(await tokenFor(t.db, admin.id)),
    });
    expect(outbox.json().results.find((entry: { id: number }) => entry.id === queued.id)).toMatchObject({
      channel: 'text',
      provider: 'twilio',
      status: 'failed',
      error: "Twilio answered 400: The 'To' number is not valid.",
    });
  });

  it('sends on a retry what the provider refused the first time', async () => {
    const queued = await sendText(t.db, { sms: t.app.deps.sms, queue: t.app.deps.jobs }, text('8285550001'));
    await t.app.deps.jobs.drain();
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });
});
