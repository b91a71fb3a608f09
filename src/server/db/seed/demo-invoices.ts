import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import { systemClock } from '../../core/clock';
import type { Db } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import type { SessionRow } from '../../modules/auth/auth.repository';
import * as invoices from '../../modules/invoices/invoices.service';
import * as payments from '../../modules/payments/payments.service';
import { SandboxPaymentProvider } from '../../modules/payments/sandbox-payment-provider';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import * as invoiceWorkflow from '../../workflows/invoice-order';
import { queryRows } from '../client';

/** No e-mail leaves while seeding: receipts and invoice mails land in the outbox only. */
const seedDeps = {
  mail: {
    transport: { kind: 'outbox', send: async () => {} },
    from: 'demo@hedgerow.test',
    appUrl: '',
    queue: { send: async () => null },
  },
  jobs: { send: async () => undefined },
  payments: { provider: new SandboxPaymentProvider(), publishableKey: null, webhookSecret: null },
  clock: systemClock,
} as unknown as Pick<AppDeps, 'mail' | 'jobs' | 'payments' | 'clock'>;

async function callerOf(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  // The services only read the user and profile; no session is opened for the seed.
  return user && profile
    ? { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null }
    : null;
}

/**
 * The demo buyer's invoices, lived in (issue 18): the orders the demo fulfilled weeks ago were
 * invoiced then (due on receipt, so unpaid ones are past due); one more confirmed order is fulfilled
 * today (open, due today); with the Visa saved before the orders were submitted, the oldest invoice is paid in full with it and the
 * next one in part. All through the same workflows and services as the app. Runs once.
 */
export async function seedDemoInvoices(db: Db) {
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from payments`,
  );
  if (count > 0) return;
  const buyer = await callerOf(db, 'buyer@demo.hedgerow.test');
  if (!buyer?.user.organizationId) return;
  const today = new Date().toISOString().slice(0, 10);

  const [confirmed] = await queryRows<{ id: number; version: number; email: string | null }>(
    db,
    sql`select o.id::int, o.version::int,
               (select u.email from users u where u.organization_id = o.supplier_organization_id
                  and u.status <> 'login_prohibited' order by u.id limit 1) as email
          from orders o
         where o.buyer_organization_id = ${buyer.user.organizationId} and o.state = 'confirmed'
         order by o.submitted_at limit 1`,
  );
  const supplier = confirmed?.email ? await callerOf(db, confirmed.email) : null;
  if (confirmed && supplier) {
    await invoiceWorkflow.fulfilOrder(
      db,
      seedDeps,
      supplier,
      confirmed.id,
      { version: confirmed.version, fulfilledOn: today },
      today,
    );
  }

  // The Visa the demo orders were submitted with (demo-orders.ts), else a new one.
  const saved = (await payments.listPaymentMethods(db, seedDeps, buyer)).results.find(
    (method) => method.paymentType === 'credit_card' && method.usable,
  );
  const card =
    saved ??
    (await payments.createPaymentMethod(db, seedDeps, buyer, {
      paymentType: 'credit_card',
      token: 'pm_card_visa',
    }));
  const open = await invoices.listInvoices(
    db,
    buyer,
    { status: 'open', sort: 'dueDate|asc', page: 1, perPage: 20 },
    today,
  );
  const [oldest, next] = open.results;
  if (oldest) {
    await payments.payInvoices(
      db,
      seedDeps,
      buyer,
      { invoiceIds: [oldest.id], paymentMethodId: card.id },
      null,
      today,
    );
  }
  if (next) {
    await payments.payInvoices(
      db,
      seedDeps,
      buyer,
      { invoiceIds: [next.id], paymentMethodId: card.id, amount: Math.floor(next.amountDue / 2) },
      null,
      today,
    );
  }
}
