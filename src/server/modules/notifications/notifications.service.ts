import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import type { Mail, MailTransport } from './mailer';
import { outboxEmails } from './notifications.tables';

/**
 * Sends one e-mail: it is recorded in the outbox, then handed to SMTP (when configured) after the caller
 * has answered, so a slow mail server never slows a request or reveals, by timing, that a mail was sent.
 * A failed send is recorded on the outbox row, never thrown at the user whose action caused it.
 */
export async function sendEmail(db: Executor, transport: MailTransport, from: string, mail: Mail) {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      status: 'outbox',
    })
    .returning();
  if (transport.kind === 'smtp') {
    const delivery = deliver(db, transport, from, mail, row.id);
    pendingDeliveries.add(delivery);
    void delivery.finally(() => pendingDeliveries.delete(delivery));
  }
  return row;
}

const pendingDeliveries = new Set<Promise<void>>();

/** Resolves when every delivery started so far has finished (shutdown and tests wait on it). */
export async function settleDeliveries() {
  await Promise.allSettled([...pendingDeliveries]);
}

async function deliver(db: Executor, transport: MailTransport, from: string, mail: Mail, id: number) {
  try {
    await transport.send({ ...mail, from });
    await db.update(outboxEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxEmails.id, id));
  } catch (error) {
    await db
      .update(outboxEmails)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(outboxEmails.id, id))
      .catch(() => undefined);
  }
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
  return { rows, total };
}
