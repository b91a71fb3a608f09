import { randomUUID } from 'node:crypto';
import type { BankAccountSetup, PaymentProvider, SetUpMethod, StoredMethodRef } from './payment-provider';
import { PaymentDeclinedError, PaymentSetupError } from './payment-provider';

/**
 * SANDBOX payment provider: used when STRIPE_SECRET_KEY is not set. It moves no money. It accepts
 * Stripe's test payment method names and behaves as Stripe's test mode does with them:
 *   pm_card_visa, pm_card_mastercard, pm_card_amex   saved, charges succeed
 *   pm_card_chargeDeclined                           saved, every charge is declined
 *   pm_usBankAccount                                 saved pending micro-deposit verification
 *                                                    (verify with amounts [32, 45]); its debits
 *                                                    settle once it is verified
 * Anything else is refused at setup as a validation_error, as Stripe does for an unknown method.
 * A bank-account setup (startBankAccountSetup) connects the same test account, as Stripe's test
 * institution does, so the server's SetupIntent path behaves here as it does with Stripe.
 */
export const sandboxDepositAmounts: [number, number] = [32, 45];
export const sandboxDeclinedMessage = 'Your card was declined.';

/**
 * Sandbox setup ids carry their owner (`seti_sandbox_u12_…`), so nothing is remembered between
 * requests; a made-up id can only connect the test account to its own user, as pm_usBankAccount does.
 */
const sandboxSetupPattern = /^seti_sandbox_u(\d+)_[0-9a-f]{16}$/;

const cards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'Visa', last4: '4242' },
  pm_card_mastercard: { brand: 'Mastercard', last4: '4444' },
  pm_card_amex: { brand: 'American Express', last4: '8431' },
  pm_card_chargeDeclined: { brand: 'Visa', last4: '0002' },
};

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  async setUpMethod(input: {
    paymentType: 'credit_card' | 'bank_account';
    token: string;
  }): Promise<SetUpMethod> {
    if (input.paymentType === 'credit_card') {
      const card = cards[input.token];
      if (!card) {
        throw new PaymentSetupError(
          'Your card number is incomplete or not a sandbox test card (try pm_card_visa).',
          'validation_error',
        );
      }
      return {
        stripeId: `${input.token}_${randomUUID().slice(0, 8)}`,
        setupRef: null,
        customerRef: null,
        ...card,
        setupStatus: 'succeeded',
      };
    }
    if (input.token !== 'pm_usBankAccount') {
      throw new PaymentSetupError(
        'Your bank account details are incomplete or not a sandbox test account (try pm_usBankAccount).',
        'validation_error',
      );
    }
    return {
      stripeId: `pm_usBankAccount_${randomUUID().slice(0, 8)}`,
      setupRef: `seti_sandbox_${randomUUID().slice(0, 8)}`,
      customerRef: null,
      brand: 'STRIPE TEST BANK',
      last4: '6789',
      setupStatus: 'requires_action',
    };
  }

  async startBankAccountSetup(input: { ownerUserId: number }): Promise<BankAccountSetup> {
    const setupRef = `seti_sandbox_u${input.ownerUserId}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    return { setupRef, clientSecret: `${setupRef}_secret_sandbox` };
  }

  async findBankAccountSetup(setupRef: string) {
    const match = sandboxSetupPattern.exec(setupRef);
    if (!match) return null;
    const account = await this.setUpMethod({ paymentType: 'bank_account', token: 'pm_usBankAccount' });
    return { ...account, setupRef, ownerUserId: Number(match[1]) };
  }

  async verifyBankAccount(_method: StoredMethodRef, amounts: [number, number]) {
    const [first, second] = [...amounts].sort((a, b) => a - b);
    if (first !== sandboxDepositAmounts[0] || second !== sandboxDepositAmounts[1]) {
      throw new PaymentSetupError(
        'The amounts provided do not match the amounts that were sent to the bank account.',
        'invalid_request_error',
      );
    }
  }

  async charge(input: { method: StoredMethodRef; amount: number }) {
    if (input.method.stripeId.startsWith('pm_card_chargeDeclined')) {
      throw new PaymentDeclinedError(sandboxDeclinedMessage);
    }
    const ref = `pi_sandbox_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    return {
      ref,
      status: input.method.paymentType === 'bank_account' ? ('processing' as const) : ('succeeded' as const),
    };
  }

  async chargeStatus(_ref: string, method: StoredMethodRef) {
    // A debit from an account that is not verified yet waits; once verified it settles.
    return method.pendingVerification ? ('processing' as const) : ('succeeded' as const);
  }
}
