import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Where mail goes: an SMTP server, or nowhere beyond the outbox table. */
export type MailTransport = { kind: 'smtp' | 'outbox'; send(mail: Mail & { from: string }): Promise<void> };

/** SMTP when SMTP_URL is set (e.g. smtp://user:pass@host:587), else the outbox only. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: 'outbox', send: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
  };
}
