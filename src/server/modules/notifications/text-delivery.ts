import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../core/database';
import type { JobQueue, JobSender } from '../../jobs/job-queue';
import { outboxEmails } from './notifications.tables';
import type { SmsProvider } from './text-messages';

export const textDeliveryQueue = 'text-delivery';

/**
 * Records a text message in the outbox (channel 'text') and queues its delivery, both on the caller's
 * handle: inside a transaction neither exists unless it commits.
 */
export async function sendText(
  db: Executor,
  sending: { sms: Pick<SmsProvider, 'name'>; queue: JobSender },
  message: { to: string; body: string; subject: string },
) {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      channel: 'text',
      provider: sending.sms.name,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.body,
      status: 'queued',
    })
    .returning();
  await sending.queue.send(textDeliveryQueue, { outboxEmailId: row.id }, { db });
  return row;
}

/**
 * The job that hands a queued text to the SMS provider, with retries; each failed try is written on
 * the outbox row, and after the last the row shows failed with the provider's reason.
 */
export function registerTextDelivery(
  jobs: JobQueue,
  settings: { db: Db; sms: SmsProvider; attempts: number; retryDelaySeconds: number },
) {
  const { db, sms } = settings;
  jobs.work<{ outboxEmailId: number }>(
    textDeliveryQueue,
    {
      retryLimit: settings.attempts - 1,
      retryDelaySeconds: settings.retryDelaySeconds,
      retryBackoff: settings.retryDelaySeconds > 0,
      expireInSeconds: 5 * 60,
    },
    async ({ outboxEmailId }, job) => {
      const [text] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxEmailId));
      if (text?.status !== 'queued') return;
      try {
        await sms.send({ to: text.toAddress, body: text.textBody });
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({
            attempts: job.attempt,
            error: error instanceof Error ? error.message : String(error),
            status: job.isLastAttempt ? 'failed' : 'queued',
          })
          .where(eq(outboxEmails.id, text.id));
        throw error;
      }
      await db
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: new Date(), attempts: job.attempt, error: null, provider: sms.name })
        .where(eq(outboxEmails.id, text.id));
    },
  );
}
