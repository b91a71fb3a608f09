/**
 * The slice of Stripe.js (https://js.stripe.com/v3/) the payment method forms use. Stripe.js must be
 * loaded from Stripe, never bundled, so it is typed here rather than imported.
 */
export type StripeJsError = { type?: string; message?: string; param?: string };
export type StripeElement = { mount: (node: HTMLElement) => void; destroy: () => void };
type StripeSetupIntentResult = {
  setupIntent?: { id: string; status: string };
  error?: StripeJsError;
};
export type StripeClient = {
  elements: () => { create: (type: 'card') => StripeElement };
  createPaymentMethod: (input: {
    type: 'card';
    card: StripeElement;
  }) => Promise<{ paymentMethod?: { id: string }; error?: StripeJsError }>;
  /** Opens Stripe's bank-linking modal and attaches the account to the SetupIntent. */
  collectBankAccountForSetup: (input: {
    clientSecret: string;
    params: {
      payment_method_type: 'us_bank_account';
      payment_method_data: { billing_details: { name: string; email?: string } };
    };
  }) => Promise<StripeSetupIntentResult>;
  /** Records the customer's acceptance of the debit authorization (the mandate). */
  confirmUsBankAccountSetup: (clientSecret: string) => Promise<StripeSetupIntentResult>;
};
declare global {
  interface Window {
    Stripe?: (key: string) => StripeClient;
  }
}

/** Loads Stripe.js once. */
export function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe could not be loaded'));
    document.head.appendChild(script);
  });
}
