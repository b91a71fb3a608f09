import { eq } from 'drizzle-orm';
import type { Db } from '../../core/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailTransport } from './mailer';
import { outboxEmails } from './notifications.tables';

export const emailDeliveryQueue = 'email-delivery';

type DeliverySettings = {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Tries in all before the e-mail shows as failed. */
  attempts: number;
  /** Wait before the first retry, doubled (with jitter) at each further one; 0 retries at once. */
  retryDelaySeconds: number;
};

/**
 * Registers the job that hands a queued outbox e-mail to SMTP. A failed try is written on the outbox
 * row (attempts, error) and retried with back-off; after the last try the row shows failed.
 */
export function registerEmailDelivery(jobs: JobQueue, settings: DeliverySettings) {
  const { db, transport, from } = settings;
  jobs.work<{ outboxEmailId: number }>(
    emailDeliveryQueue,
    {
      retryLimit: settings.attempts - 1,
      retryDelaySeconds: settings.retryDelaySeconds,
      retryBackoff: settings.retryDelaySeconds > 0,
      // A try whose process died mid-send is retried after this long.
      expireInSeconds: 5 * 60,
    },
    async ({ outboxEmailId }, job) => {
      const [email] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxEmailId));
      // Already sent by an earlier try whose completion was lost (the process stopped), or removed.
      if (email?.status !== 'queued') return;
      if (transport.kind !== 'smtp') {
        // Queued while SMTP was set, and the server restarted without it: the outbox is all there is.
        await db.update(outboxEmails).set({ status: 'outbox' }).where(eq(outboxEmails.id, email.id));
        return;
      }
      try {
        await transport.send({
          from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? undefined,
          unsubscribeUrl: email.unsubscribeUrl,
        });
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({
            attempts: job.attempt,
            error: error instanceof Error ? error.message : String(error),
            status: job.isLastAttempt ? 'failed' : 'queued',
          })
          .where(eq(outboxEmails.id, email.id));
        throw error;
      }
      await db
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: new Date(), attempts: job.attempt, error: null })
        .where(eq(outboxEmails.id, email.id));
    },
  );
}
