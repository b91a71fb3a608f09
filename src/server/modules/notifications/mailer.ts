import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A notification's one-click unsubscribe URL: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so mail clients offer it.
   */
  unsubscribeUrl?: string | null;
};

/** The RFC 8058 headers of a mail with an unsubscribe URL (none without). */
export function listUnsubscribeHeaders(unsubscribeUrl: string | null | undefined): Record<string, string> {
  if (!unsubscribeUrl) return {};
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Where mail goes: an SMTP server, or nowhere beyond the outbox table. */
export type MailTransport = { kind: 'smtp' | 'outbox'; send(mail: Mail & { from: string }): Promise<void> };

/** SMTP when SMTP_URL is set (e.g. smtp://user:pass@host:587), else the outbox only. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'outbox', send: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async ({ unsubscribeUrl, ...mail }) => {
      await transporter.sendMail({ ...mail, headers: listUnsubscribeHeaders(unsubscribeUrl) });
    },
  };
}
