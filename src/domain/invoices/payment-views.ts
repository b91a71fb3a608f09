import { z } from 'zod';
import { recordIdSchema } from '../record-ids';
import { invoiceSchema } from './invoice-views';

/** Part 3 §2.8: the kinds of payment methods and how they are labelled. */
export const paymentTypes = ['credit_card', 'bank_account'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentTypeLabels = {
  credit_card: 'Credit Card (COD)',
  bank_account: 'Bank Account (ACH)',
  trade_credit: 'Trade Credit',
} as const;

export const paymentMethodSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    organizationId: z.number().nullable(),
    paymentType: z.enum(paymentTypes),
    label: z.string(),
    description: z.string(),
    approved: z.boolean(),
    pendingVerification: z.boolean(),
    isDefault: z.boolean(),
    /** The caller's own method (others of the organisation are listed but only their owner deletes). */
    mine: z.boolean(),
    /** Usable to pay now (approved and verified). */
    usable: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z
  .object({
    results: z.array(paymentMethodSchema),
    /** 'Trade Credit' when staff granted the organisation terms (Net 30), else null. */
    tradeCredit: z.string().nullable(),
    provider: z.enum(['stripe', 'sandbox']),
    /** Stripe's publishable key for Elements (null with the sandbox). */
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentMethodList' });

export const tokenRequiredMessage = 'Enter the card or bank account details';
export const bankAccountOnlyMessage = 'Only a bank account is saved through a setup';
/**
 * A method from the browser: a token (a Stripe PaymentMethod id from Elements, or a sandbox test name),
 * or, for a bank account, the SetupIntent the browser confirmed with Stripe.js (setup_intents route).
 */
export const createPaymentMethodSchema = z
  .object({
    paymentType: z.enum(paymentTypes, { error: 'Choose a credit card or a bank account' }),
    token: z
      .string()
      .trim()
      .min(1, { error: tokenRequiredMessage })
      .max(200, { error: tokenRequiredMessage })
      .optional(),
    setupIntentId: z
      .string()
      .trim()
      .min(1, { error: tokenRequiredMessage })
      .max(200, { error: tokenRequiredMessage })
      .optional(),
    makeDefault: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.token === undefined && body.setupIntentId === undefined)
      context.addIssue({ code: 'custom', path: ['token'], message: tokenRequiredMessage });
    if (body.setupIntentId !== undefined && body.paymentType !== 'bank_account')
      context.addIssue({ code: 'custom', path: ['setupIntentId'], message: bankAccountOnlyMessage });
  });

/** Starting a bank-account setup in the browser (Stripe's SetupIntent for us_bank_account). */
export const setupIntentBodySchema = z.object({
  paymentType: z.literal('bank_account', { error: bankAccountOnlyMessage }),
});
export const setupIntentSchema = z
  .object({
    setupIntentId: z.string(),
    /** What Stripe.js's collectBankAccountForSetup and confirmUsBankAccountSetup take. */
    clientSecret: z.string(),
    provider: z.enum(['stripe', 'sandbox']),
  })
  .meta({ id: 'SetupIntent' });

export const verifyAmountsMessage = 'Enter the two deposit amounts in cents';
export const verifyPaymentMethodSchema = z.object({
  amounts: z
    .array(z.number({ error: verifyAmountsMessage }).int({ error: verifyAmountsMessage }).min(1).max(99), {
      error: verifyAmountsMessage,
    })
    .length(2, { error: verifyAmountsMessage }),
});

export const paymentBodySchema = z.object({
  invoiceIds: z
    .array(recordIdSchema('Choose an invoice'), { error: 'Choose at least one invoice' })
    .min(1, { error: 'Choose at least one invoice' })
    .max(200, { error: 'Choose at most 200 invoices' }),
  paymentMethodId: recordIdSchema('Choose a payment method'),
  /** Cents to pay in all (before the card fee); the whole balance of the invoices when left out. */
  amount: z
    .number({ error: 'Enter an amount in cents' })
    .int({ error: 'Enter an amount in cents' })
    .min(1, { error: 'Enter an amount above zero' })
    .optional(),
});

export const paymentStatuses = ['succeeded', 'pending', 'failed'] as const;
export const paymentSchema = z
  .object({
    id: z.number(),
    status: z.enum(paymentStatuses),
    paymentType: z.enum(paymentTypes),
    methodDescription: z.string(),
    amount: z.number(),
    feeAmount: z.number(),
    totalCharged: z.number(),
    createdAt: z.string(),
    receiptNumber: z.string(),
    invoices: z.array(invoiceSchema),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof paymentSchema>;

/** 'Trade Credit' with its terms, when staff granted the organisation terms. */
export const tradeCreditLabel = (days: number) => `${paymentTypeLabels.trade_credit} (Net ${days})`;

/** The terms staff may give an organisation: due on receipt (no trade credit) or Net 30. */
export const tradeCreditTerms = [0, 30] as const;
export const tradeCreditTermsMessage = 'Choose Net 30 or due on receipt';
export const tradeCreditBodySchema = z.object({
  paymentTermsDays: z
    .number({ error: tradeCreditTermsMessage })
    .refine((days) => (tradeCreditTerms as readonly number[]).includes(days), {
      error: tradeCreditTermsMessage,
    }),
});
/** An organisation's trade credit as Beehive shows it, with the held orders a grant sent on. */
export const tradeCreditSchema = z
  .object({
    paymentTermsDays: z.number(),
    label: z.string(),
    releasedOrderIds: z.array(z.number()),
  })
  .meta({ id: 'TradeCredit' });
export type TradeCreditView = z.infer<typeof tradeCreditSchema>;
/** 'Trade Credit (Net 30)' or 'Due on receipt'. */
export const paymentTermsLabel = (days: number) => (days > 0 ? tradeCreditLabel(days) : 'Due on receipt');
