import type { PaymentType } from '../../../domain/invoices/payment-views';

/**
 * The edge of the system where money moves (DESIGN.md §2 payments). Two adapters implement it: Stripe's
 * REST API when STRIPE_SECRET_KEY is set (stripe-payment-provider.ts), otherwise the labelled sandbox
 * (sandbox-payment-provider.ts) that behaves like Stripe's test mode offline.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Saves a card or bank account from a token the browser got (Stripe Elements, or a sandbox test name). */
  setUpMethod(input: { paymentType: PaymentType; token: string; description: string }): Promise<SetUpMethod>;
  /**
   * Starts saving a US bank account in the browser (Stripe: a SetupIntent for us_bank_account that
   * Stripe.js's collectBankAccountForSetup and confirmUsBankAccountSetup complete, so account numbers
   * go from the browser to Stripe only). The setup remembers whose it is.
   */
  startBankAccountSetup(input: { description: string; ownerUserId: number }): Promise<BankAccountSetup>;
  /**
   * The bank account a setup collected, once the browser confirmed it; null when the provider does
   * not know the setup. Throws PaymentSetupError when the setup has no confirmed account yet.
   */
  findBankAccountSetup(setupRef: string): Promise<(SetUpMethod & { ownerUserId: number | null }) | null>;
  /** Confirms a bank account's two micro-deposits (cents); throws PaymentSetupError when they are wrong. */
  verifyBankAccount(method: StoredMethodRef, amounts: [number, number]): Promise<void>;
  /**
   * Charges a stored method. Cards answer succeeded at once; bank debits (ACH) answer processing until
   * the provider settles them (chargeStatus, or the webhook). Throws PaymentDeclinedError when refused.
   */
  charge(input: {
    method: StoredMethodRef;
    amount: number;
    description: string;
    idempotencyKey: string;
  }): Promise<{ ref: string; status: 'succeeded' | 'processing' }>;
  /** Where a processing charge stands now. */
  chargeStatus(ref: string, method: StoredMethodRef): Promise<'succeeded' | 'processing' | 'failed'>;
}

export type StoredMethodRef = {
  paymentType: PaymentType;
  stripeId: string;
  setupRef: string | null;
  customerRef: string | null;
  pendingVerification: boolean;
};

export type BankAccountSetup = { setupRef: string; clientSecret: string };

export type SetUpMethod = {
  stripeId: string;
  setupRef: string | null;
  customerRef: string | null;
  brand: string | null;
  last4: string | null;
  /** §4.7: a bank account is pendingVerification unless its setup succeeded. */
  setupStatus: 'succeeded' | 'requires_action';
};

/** A setup the provider refused; `type` is Stripe's error type (validation_error shows inline, part 3 §8). */
export class PaymentSetupError extends Error {
  constructor(
    message: string,
    readonly type: 'validation_error' | 'card_error' | 'invalid_request_error' | 'api_error',
  ) {
    super(message);
  }
}

/** A charge the provider declined, with its message for the buyer. */
export class PaymentDeclinedError extends Error {}
