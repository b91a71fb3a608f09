import type { MailTransport } from './mailer';

// The notifications module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** Where e-mail goes (SMTP, or the outbox only), who it is from, and the links' base URL. */
    mail: { transport: MailTransport; from: string; appUrl: string };
  }
}
