import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Mail, MailTransport } from './mailer';
import { outboxEmails } from './notifications.tables';

/**
 * Sends one e-mail: it is recorded in the outbox first, then handed to SMTP when configured. A failed
 * send is recorded, never thrown at the user whose action caused it.
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
  if (transport.kind === 'outbox') return row;
  try {
    await transport.send({ ...mail, from });
    await db.update(outboxEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxEmails.id, row.id));
  } catch (error) {
    await db
      .update(outboxEmails)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(outboxEmails.id, row.id));
  }
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
  return { rows, total };
}
