import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { cardFeeOf } from '../../../domain/invoices/invoice-states';
import {
  type createPaymentMethodSchema,
  type PaymentMethodView,
  type PaymentType,
  type PaymentView,
  type paymentBodySchema,
  paymentTypeLabels,
  tradeCreditLabel,
} from '../../../domain/invoices/payment-views';
import { formatMoney } from '../../../domain/money';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import type { JobQueue } from '../../jobs/job-queue';
import * as idempotency from '../idempotency/idempotency.service';
import * as invoices from '../invoices/invoices.service';
import * as notifications from '../notifications/notifications.service';
import * as organizations from '../organizations/organizations.service';
import {
  PaymentDeclinedError,
  type PaymentProvider,
  PaymentSetupError,
  type SetUpMethod,
  type StoredMethodRef,
} from './payment-provider';
import * as repo from './payments.repository';

export const paymentMethodNotFoundMessage = 'Payment method not found';
export const bankAccountSetupNotFoundMessage = 'Bank account setup not found';
export const settlePaymentQueue = 'settle-payment';
export const pollPendingPaymentsQueue = 'poll-pending-payments';

type PaymentDeps = Pick<AppDeps, 'payments' | 'mail' | 'jobs' | 'clock'>;

const refOf = (row: repo.PaymentMethodRow): StoredMethodRef => ({
  paymentType: row.paymentType as PaymentType,
  stripeId: row.stripeId,
  setupRef: row.setupRef,
  customerRef: row.customerRef,
  pendingVerification: row.pendingVerification,
});

/** Part 1 §4: a method counts if it is the user's own, or the organisation's and approved. */
const counts = (row: repo.PaymentMethodRow, caller: Caller) =>
  row.userId === caller.user.id || (row.organizationId === caller.user.organizationId && row.approved);

export function methodView(row: repo.PaymentMethodRow, caller: Caller): PaymentMethodView {
  const type = row.paymentType as PaymentType;
  const what =
    type === 'credit_card'
      ? `${row.brand ?? 'Card'} ending in ${row.last4 ?? '????'}`
      : `${row.brand ?? 'Bank account'} ending in ${row.last4 ?? '????'}`;
  return {
    id: row.id,
    userId: row.userId,
    organizationId: row.organizationId,
    paymentType: type,
    label: paymentTypeLabels[type],
    description: what,
    approved: row.approved,
    pendingVerification: row.pendingVerification,
    isDefault: row.isDefault,
    mine: row.userId === caller.user.id,
    usable: counts(row, caller) && !row.pendingVerification,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's and the organisation's methods that count for them (part 1 §4). */
export async function listPaymentMethods(db: Executor, deps: Pick<AppDeps, 'payments'>, caller: Caller) {
  const rows = await repo.listMethodsFor(db, caller.user.id, caller.user.organizationId);
  const profile =
    caller.user.organizationId === null
      ? null
      : await organizations.findBillingProfile(db, caller.user.organizationId);
  return {
    results: rows.filter((row) => counts(row, caller)).map((row) => methodView(row, caller)),
    tradeCredit: profile && profile.paymentTermsDays > 0 ? tradeCreditLabel(profile.paymentTermsDays) : null,
    provider: deps.payments.provider.name,
    publishableKey: deps.payments.publishableKey,
  };
}

/** Whether the caller has a method that counts (the setup checklist and the payment warnings). */
export async function hasPaymentMethod(db: Executor, caller: Caller) {
  return (await repo.countUsableMethods(db, caller.user.id, caller.user.organizationId)) > 0;
}

/**
 * Whether a buyer's orders can go to their suppliers: the buyer has a payment method that counts
 * (part 1 §4: the user's own, or the organisation's and approved), or the organisation buys on trade
 * credit (staff grant its terms). The one rule behind the dashboard's needs-payment warning and the
 * needs_payment_info hold at submit.
 */
export async function canPayForOrders(db: Executor, who: { userId: number; organizationId: number | null }) {
  if ((await repo.countUsableMethods(db, who.userId, who.organizationId)) > 0) return true;
  if (who.organizationId === null) return false;
  const profile = await organizations.findBillingProfile(db, who.organizationId);
  return profile !== null && profile.paymentTermsDays > 0;
}

const describe = (caller: Caller) =>
  `${caller.user.firstName} ${caller.user.lastName} <${caller.user.email}>`;

/** The provider's refusal of a setup answers 422 with its message and type (part 3 §8). */
function setupRefused(error: unknown): never {
  if (error instanceof PaymentSetupError) {
    throw new AppError('unprocessable', error.message, {
      code: error.type,
      ...(error.type === 'validation_error' ? { fields: { token: error.message } } : {}),
    });
  }
  throw error;
}

/**
 * Starts saving a US bank account in the browser (POST /payment_methods/setup_intents): the provider's
 * SetupIntent, tagged with the caller, whose client secret Stripe.js completes. The account numbers
 * never reach this server; createPaymentMethod then records what the setup collected.
 */
export async function startBankAccountSetup(deps: Pick<AppDeps, 'payments'>, caller: Caller) {
  const setup = await deps.payments.provider
    .startBankAccountSetup({ description: describe(caller), ownerUserId: caller.user.id })
    .catch(setupRefused);
  return {
    setupIntentId: setup.setupRef,
    clientSecret: setup.clientSecret,
    provider: deps.payments.provider.name,
  };
}

/**
 * What a SetupIntent confirmed in the browser collected. Another user's setup (or one the provider
 * does not know) answers 404; one already recorded answers its method again (a retried save).
 */
async function bankAccountFromSetup(
  db: Executor,
  deps: Pick<AppDeps, 'payments'>,
  caller: Caller,
  setupIntentId: string,
): Promise<SetUpMethod | repo.PaymentMethodRow> {
  const recorded = await repo.findMethodBySetupRef(db, setupIntentId);
  if (recorded) {
    if (recorded.userId !== caller.user.id || recorded.deletedAt !== null)
      throw new AppError('not_found', bankAccountSetupNotFoundMessage);
    return recorded;
  }
  const found = await deps.payments.provider.findBankAccountSetup(setupIntentId).catch(setupRefused);
  if (!found || found.ownerUserId !== caller.user.id)
    throw new AppError('not_found', bankAccountSetupNotFoundMessage);
  return found;
}

/**
 * Saves a card or bank account through the provider: from a token (Stripe Elements' PaymentMethod, a
 * sandbox test name) or, for a bank account, from the SetupIntent the browser confirmed. The
 * provider's refusal answers 422 with its message and type (validation_error is shown inline by the
 * form, part 3 §8); a bank account is pendingVerification unless its setup succeeded (§4.7). The
 * first method becomes the default.
 */
export async function createPaymentMethod(
  db: Db,
  deps: Pick<AppDeps, 'payments'>,
  caller: Caller,
  input: z.output<typeof createPaymentMethodSchema>,
) {
  let saved: SetUpMethod;
  if (input.setupIntentId !== undefined) {
    const found = await bankAccountFromSetup(db, deps, caller, input.setupIntentId);
    if ('id' in found) return methodView(found, caller);
    saved = found;
  } else {
    saved = await deps.payments.provider
      .setUpMethod({
        paymentType: input.paymentType,
        token: input.token ?? '',
        description: describe(caller),
      })
      .catch(setupRefused);
  }
  return db.transaction(async (tx) => {
    // Two saves of one setup at once: the second finds the first's row (the setup_ref is unique).
    if (saved.setupRef !== null) {
      const recorded = await repo.findMethodBySetupRef(tx, saved.setupRef);
      if (recorded?.userId === caller.user.id && recorded.deletedAt === null)
        return methodView(recorded, caller);
      if (recorded) throw new AppError('not_found', bankAccountSetupNotFoundMessage);
    }
    const existing = await repo.listMethodsFor(tx, caller.user.id, null);
    const row = await repo.insertMethod(tx, {
      userId: caller.user.id,
      organizationId: caller.user.organizationId,
      paymentType: input.paymentType,
      provider: deps.payments.provider.name,
      stripeId: saved.stripeId,
      setupRef: saved.setupRef,
      customerRef: saved.customerRef,
      brand: saved.brand,
      last4: saved.last4,
      approved: true,
      pendingVerification: input.paymentType === 'bank_account' && saved.setupStatus !== 'succeeded',
      isDefault: existing.length === 0 || input.makeDefault === true,
    });
    if (row.isDefault) await repo.clearDefault(tx, caller.user.id, row.id);
    return methodView(row, caller);
  });
}

async function ownMethodOrThrow(tx: Executor, caller: Caller, id: number) {
  const row = await repo.lockMethod(tx, id);
  if (!row || row.userId !== caller.user.id) throw new AppError('not_found', paymentMethodNotFoundMessage);
  return row;
}

export async function deletePaymentMethod(db: Db, caller: Caller, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const row = await ownMethodOrThrow(tx, caller, id);
    await repo.updateMethod(tx, row.id, { deletedAt: now, isDefault: false });
  });
}

export async function makeDefaultPaymentMethod(db: Db, caller: Caller, id: number) {
  return db.transaction(async (tx) => {
    const row = await ownMethodOrThrow(tx, caller, id);
    const updated = await repo.updateMethod(tx, row.id, { isDefault: true });
    await repo.clearDefault(tx, caller.user.id, row.id);
    return methodView(updated, caller);
  });
}

/** Confirms a bank account's micro-deposits; its pending debits then settle (the settle job). */
export async function verifyPaymentMethod(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  id: number,
  amounts: [number, number],
) {
  return db.transaction(async (tx) => {
    const row = await ownMethodOrThrow(tx, caller, id);
    if (!row.pendingVerification) return methodView(row, caller);
    try {
      await deps.payments.provider.verifyBankAccount(refOf(row), amounts);
    } catch (error) {
      if (error instanceof PaymentSetupError) {
        throw new AppError('unprocessable', error.message, {
          code: 'verification_failed',
          fields: { amounts: error.message },
        });
      }
      throw error;
    }
    return methodView(await markVerified(tx, deps, row), caller);
  });
}

/** A verified bank account: usable from now on, and its pending debits can settle (the settle job). */
async function markVerified(tx: Executor, deps: Pick<AppDeps, 'jobs'>, row: repo.PaymentMethodRow) {
  const updated = await repo.updateMethod(tx, row.id, { pendingVerification: false });
  for (const paymentId of await repo.listPendingPaymentIds(tx, row.id)) {
    await deps.jobs.send(settlePaymentQueue, { paymentId }, { db: tx });
  }
  return updated;
}

/**
 * Stripe's setup_intent.succeeded webhook: the bank account behind the setup is verified (its
 * micro-deposits were confirmed on Stripe's hosted page, or the bank was linked instantly). A setup
 * nobody saved yet is left for the browser's save, which then reads it as succeeded.
 */
export async function markSetupSucceeded(db: Db, deps: Pick<AppDeps, 'jobs'>, setupRef: string) {
  await db.transaction(async (tx) => {
    const row = await repo.findMethodBySetupRef(tx, setupRef, { lock: true });
    if (row && row.deletedAt === null && row.pendingVerification) await markVerified(tx, deps, row);
  });
}

// ---------------------------------------------------------------------------------------------------
// Paying invoices

export const amountAboveBalanceMessage = invoices.amountAboveBalanceMessage;

/** Spreads `amount` over the invoices in due-date order; each share pays at most what it owes. */
function allocate(rows: invoices.InvoiceRow[], amount: number) {
  let left = amount;
  return rows
    .map((row) => {
      const share = Math.min(row.amountDue, left);
      left -= share;
      return { row, amount: share };
    })
    .filter((share) => share.amount > 0);
}

async function paymentView(
  db: Executor,
  payment: repo.PaymentRow,
  method: repo.PaymentMethodRow,
  today: string,
): Promise<PaymentView> {
  const allocations = await repo.listAllocations(db, payment.id);
  const rows = await invoices.invoicesByIds(
    db,
    allocations.map((allocation) => allocation.invoiceId),
  );
  return {
    id: payment.id,
    status: payment.status as PaymentView['status'],
    paymentType: payment.paymentType as PaymentType,
    methodDescription: `${paymentTypeLabels[method.paymentType as PaymentType]} · ${method.brand ?? ''} ending in ${method.last4 ?? '????'}`,
    amount: payment.amount,
    feeAmount: payment.feeAmount,
    totalCharged: payment.amount + payment.feeAmount,
    createdAt: payment.createdAt.toISOString(),
    receiptNumber: `R-${String(payment.id).padStart(6, '0')}`,
    invoices: rows.map((row) => invoices.invoiceView(row, today)),
  };
}

/**
 * Pays invoices with a stored method (POST /api/v1/payments). Idempotent per Idempotency-Key (the
 * same key answers the first payment); the invoices are locked FOR UPDATE, so a second payment for
 * the same invoice with another key waits and then finds it paid or processing (409): no double
 * charge. A card adds the 3% service fee per invoice share; a bank debit is PAYMENT_PENDING until it
 * settles. A declined charge answers 422 with the provider's message and records nothing.
 */
export async function payInvoices(
  db: Db,
  deps: PaymentDeps,
  caller: Caller,
  input: z.output<typeof paymentBodySchema>,
  key: string | null,
  today: string,
) {
  if (caller.user.organizationId === null) throw new AppError('not_found', invoices.invoiceNotFoundMessage);
  const answer = await idempotency.runOnce(
    db,
    { userId: caller.user.id, key, action: 'pay_invoices' },
    async (tx) => {
      const method = await repo.findMethod(tx, input.paymentMethodId);
      if (!method || !counts(method, caller)) throw new AppError('not_found', paymentMethodNotFoundMessage);
      if (method.pendingVerification && method.paymentType === 'credit_card') {
        throw new AppError('unprocessable', 'This card is not verified yet.', {
          code: 'method_not_verified',
        });
      }
      const rows = await invoices.lockInvoicesForPayment(tx, caller, input.invoiceIds);
      const balance = rows.reduce((sum, row) => sum + row.amountDue, 0);
      const amount = input.amount ?? balance;
      if (amount > balance) {
        throw new AppError('unprocessable', amountAboveBalanceMessage(balance), {
          code: 'amount_above_balance',
          fields: { amount: amountAboveBalanceMessage(balance) },
        });
      }
      const isCard = method.paymentType === 'credit_card';
      const shares = allocate(rows, amount).map((share) => ({
        ...share,
        fee: isCard ? cardFeeOf(share.amount) : 0,
      }));
      const fee = shares.reduce((sum, share) => sum + share.fee, 0);
      let charge: Awaited<ReturnType<PaymentProvider['charge']>>;
      try {
        charge = await deps.payments.provider.charge({
          method: refOf(method),
          amount: amount + fee,
          description: `Invoices ${rows.map((row) => row.invoiceNumber).join(', ')}`,
          idempotencyKey: key ?? randomUUID(),
        });
      } catch (error) {
        if (error instanceof PaymentDeclinedError) {
          throw new AppError('unprocessable', error.message, { code: 'payment_declined' });
        }
        throw error;
      }
      const pending = charge.status === 'processing';
      const at = deps.clock.now();
      const payment = await repo.insertPayment(tx, {
        organizationId: caller.user.organizationId as number,
        userId: caller.user.id,
        paymentMethodId: method.id,
        paymentType: method.paymentType,
        status: pending ? 'pending' : 'succeeded',
        amount,
        feeAmount: fee,
        providerRef: charge.ref,
        settledAt: pending ? null : at,
      });
      await repo.insertAllocations(
        tx,
        shares.map((share) => ({
          paymentId: payment.id,
          invoiceId: share.row.id,
          amount: share.amount,
          feeAmount: share.fee,
        })),
      );
      for (const share of shares) {
        await invoices.recordPayment(tx, caller, share.row, {
          amount: share.amount,
          fee: share.fee,
          pending,
          at,
        });
      }
      if (pending) await deps.jobs.send(settlePaymentQueue, { paymentId: payment.id }, { db: tx });
      const view = await paymentView(tx, payment, method, today);
      await sendReceipt(tx, deps, caller.user.email, view);
      return view;
    },
  );
  return answer.body;
}

async function sendReceipt(tx: Executor, deps: Pick<AppDeps, 'mail'>, to: string, payment: PaymentView) {
  const lines = [
    payment.status === 'pending'
      ? `We received your payment ${payment.receiptNumber}. Your bank payment is processing; we will e-mail you when it settles.`
      : `Thank you for your payment ${payment.receiptNumber}.`,
    ...payment.invoices.map(
      (invoice) =>
        `${invoice.invoiceNumber} (order ${invoice.order.orderNumber}): ${invoice.statusLabel}, amount due now ${formatMoney(invoice.amountDue)}`,
    ),
    `Paid: ${formatMoney(payment.amount)}${payment.feeAmount > 0 ? ` + card service fee ${formatMoney(payment.feeAmount)}` : ''} = ${formatMoney(payment.totalCharged)}`,
    `Method: ${payment.methodDescription}`,
  ];
  await notifications.sendEmail(tx, deps.mail, {
    to,
    subject: `Payment receipt ${payment.receiptNumber}`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join(''),
  });
}

/**
 * Settles a pending bank payment when the provider says it settled: its invoices count it as paid;
 * a failed debit returns them to what is owed. Still processing: nothing to do (the poll comes back).
 */
export async function settlePayment(
  db: Db,
  deps: Pick<AppDeps, 'payments' | 'clock'>,
  paymentId: number,
  outcome?: 'succeeded' | 'failed',
) {
  await db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, paymentId);
    if (payment?.status !== 'pending' || !payment.providerRef) return;
    const method = await repo.lockMethod(tx, payment.paymentMethodId);
    const status =
      outcome ??
      (method ? await deps.payments.provider.chargeStatus(payment.providerRef, refOf(method)) : 'failed');
    if (status === 'processing') return;
    const allocations = await repo.listAllocations(tx, payment.id);
    const at = deps.clock.now();
    for (const allocation of allocations) {
      if (status === 'succeeded') {
        await invoices.settlePendingPayment(
          tx,
          { userId: payment.userId },
          allocation.invoiceId,
          allocation.amount,
          at,
        );
      } else {
        await invoices.failPendingPayment(tx, allocation.invoiceId);
      }
    }
    await repo.updatePayment(tx, payment.id, {
      status,
      settledAt: status === 'succeeded' ? at : null,
      failureMessage: status === 'failed' ? 'The bank payment failed.' : null,
    });
  });
}

/** A webhook event from Stripe about a PaymentIntent. */
export async function settleByProviderRef(
  db: Db,
  deps: Pick<AppDeps, 'payments' | 'clock'>,
  ref: string,
  outcome: 'succeeded' | 'failed',
) {
  const payment = await repo.findPaymentByProviderRef(db, ref);
  if (payment) await settlePayment(db, deps, payment.id, outcome);
}

/** The settle job (sent after a bank payment and after a verification) and the poll of what is pending. */
export function registerPaymentJobs(jobs: JobQueue, db: Db, deps: Pick<AppDeps, 'payments' | 'clock'>) {
  jobs.work<{ paymentId: number }>(
    settlePaymentQueue,
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true },
    async (data) => {
      await settlePayment(db, deps, data.paymentId);
    },
  );
  jobs.schedule(pollPendingPaymentsQueue, '*/10 * * * *', async () => {
    for (const paymentId of await repo.listPendingPaymentIds(db)) await settlePayment(db, deps, paymentId);
  });
}
