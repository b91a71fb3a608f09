import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { invoices } from '../invoices/invoices.tables';
import { organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * A stored card or bank account (spec part 3 §3 Payment method). Only the provider's reference is kept
 * (stripeId), never a card number. pending_verification until a bank account's micro-deposits are
 * confirmed (§4.7).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    paymentType: text('payment_type').notNull(),
    provider: text('provider').notNull(),
    stripeId: text('stripe_id').notNull(),
    setupRef: text('setup_ref'),
    customerRef: text('customer_ref'),
    brand: text('brand'),
    last4: text('last4'),
    approved: boolean('approved').notNull().default(true),
    pendingVerification: boolean('pending_verification').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('payment_methods_organization_idx').on(t.organizationId),
    index('payment_methods_user_idx').on(t.userId),
    // One saved method per provider setup: a SetupIntent confirmed in the browser is recorded once.
    uniqueIndex('payment_methods_setup_ref_idx').on(t.setupRef),
    check('payment_methods_type_check', sql`${t.paymentType} in ('credit_card', 'bank_account')`),
  ],
);

/** One charge of a payment method, for one or several invoices of an organisation. */
export const payments = pgTable(
  'payments',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    paymentMethodId: bigint('payment_method_id', { mode: 'number' })
      .notNull()
      .references(() => paymentMethods.id),
    paymentType: text('payment_type').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    feeAmount: integer('fee_amount').notNull().default(0),
    providerRef: text('provider_ref'),
    settledAt: timestamptz('settled_at'),
    failureMessage: text('failure_message'),
  },
  (t) => [
    index('payments_organization_idx').on(t.organizationId, t.createdAt),
    index('payments_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('succeeded', 'pending', 'failed')`),
  ],
);

/** What one payment paid of each invoice (amount) and the card fee on that share. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    ...baseColumns(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    amount: integer('amount').notNull(),
    feeAmount: integer('fee_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_invoice_idx').on(t.paymentId, t.invoiceId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);
