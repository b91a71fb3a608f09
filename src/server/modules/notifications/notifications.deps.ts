import type { JobSender } from '../../jobs/job-queue';
import type { MailTransport } from './mailer';
import type { SmsProvider } from './text-messages';

// The notifications module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /**
     * Where e-mail goes (SMTP, or the outbox only), who it is from, the links' base URL, and the
     * queue that delivers it (email-delivery.ts).
     */
    mail: { transport: MailTransport; from: string; appUrl: string; queue: JobSender };
    /** Where text messages go: Twilio when TWILIO_* are set, else the labelled sandbox (text-messages.ts). */
    sms: SmsProvider;
  }
}
