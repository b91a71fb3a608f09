import type { PaymentProvider } from './payment-provider';

// The payments module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** Stripe when STRIPE_SECRET_KEY is set, else the labelled sandbox (payment-provider.ts). */
    payments: { provider: PaymentProvider; publishableKey: string | null; webhookSecret: string | null };
  }
}
