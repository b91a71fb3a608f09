import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import type { JobSender } from '../../jobs/job-queue';
import { emailDeliveryQueue } from './email-delivery';
import type { Mail, MailTransport } from './mailer';
import { outboxEmails } from './notifications.tables';

/** What sending an e-mail needs: where it goes (SMTP or the outbox only) and the queue that delivers it. */
export type MailSending = { transport: Pick<MailTransport, 'kind'>; queue: JobSender };

/**
 * Sends one e-mail: it is recorded in the outbox and, with an SMTP server, its delivery is queued, both
 * on the caller's handle, so inside a transaction neither exists unless the transaction commits. The
 * delivery job sends it later, with retries (email-delivery.ts): a slow or failing mail server never
 * slows a request, fails the user's action, or reveals by timing that a mail was sent.
 */
export async function sendEmail(db: Executor, mail: MailSending, message: Mail) {
  const smtp = mail.transport.kind === 'smtp';
  const [row] = await db
    .insert(outboxEmails)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
      status: smtp ? 'queued' : 'outbox',
    })
    .returning();
  if (smtp) await mail.queue.send(emailDeliveryQueue, { outboxEmailId: row.id }, { db });
  return row;
}

/** The newest e-mails first, for the admin outbox. */
export async function listOutbox(db: Executor, page: number, perPage: number) {
  const rows = await db
    .select()
    .from(outboxEmails)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db.select({ total: count() }).from(outboxEmails);
  // The unsubscribe URL is a subscription's credential: staff's outbox does not show it.
  return { rows: rows.map(({ unsubscribeUrl: _credential, ...row }) => row), total };
}
