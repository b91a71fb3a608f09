import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { addItem } from '../../modules/carts/cart-items.service';
import { createCart } from '../../modules/carts/carts.service';
import * as workflow from '../../modules/orders/order-workflow.service';
import * as payments from '../../modules/payments/payments.service';
import { SandboxPaymentProvider } from '../../modules/payments/sandbox-payment-provider';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';
import * as invoiceWorkflow from '../../workflows/invoice-order';
import { submitCartInTransaction } from '../../workflows/submit-cart';
import { queryRows } from '../client';

const dayMs = 86_400_000;

/** The demo buyer's submitted carts: name, job number, which of the chosen branches, days ago. */
const demoCarts = [
  { name: 'Riverside Park Phase 2', job: 'GL-2041', branches: [0, 1, 2], daysAgo: 29 },
  { name: 'Maple Court Townhomes', job: 'GL-2043', branches: [0, 3], daysAgo: 27 },
  { name: 'Cedar Hills Office Park', job: 'GL-2050', branches: [1], daysAgo: 24 },
  { name: 'Hawthorne Residence', job: null, branches: [0, 4], daysAgo: 21 },
  { name: 'Lakeview Elementary', job: 'GL-2058', branches: [2, 3], daysAgo: 18 },
  { name: 'Oak Street Streetscape', job: 'GL-2061', branches: [0, 1], daysAgo: 15 },
  { name: 'Summit Medical Center', job: 'GL-2066', branches: [1, 4], daysAgo: 12 },
  { name: 'Willow Creek HOA', job: null, branches: [0], daysAgo: 9 },
  { name: 'Briarwood Apartments', job: 'GL-2072', branches: [3], daysAgo: 7 },
  { name: 'Founders Plaza Refresh', job: 'GL-2075', branches: [0, 2], daysAgo: 4 },
  { name: 'Pine Ridge Clubhouse', job: 'GL-2079', branches: [1, 3], daysAgo: 2 },
  { name: 'Greenway Trail Planting', job: 'GL-2081', branches: [0, 1, 4], daysAgo: 0 },
] as const;

type LaterStep = 'confirm' | 'fulfill' | 'cancel' | 'propose';

/**
 * Where some orders went after submission, by position among all demo orders; the rest stay with
 * the supplier (purchase_order_sent, "Needs Response"). Each step goes through the same workflow the
 * app uses (the supplier's answer, fulfilment, a staff cancel), so every state has what it implies:
 * a 'Needs Proposal Review' order has the supplier's proposal to review.
 */
const laterSteps: Record<number, LaterStep[]> = {
  0: ['confirm', 'fulfill'],
  1: ['confirm', 'fulfill'],
  2: ['cancel'],
  3: ['confirm', 'fulfill'],
  4: ['confirm'],
  6: ['propose'],
  7: ['confirm', 'fulfill'],
  9: ['confirm'],
  11: ['propose'],
  12: ['confirm'],
  14: ['cancel'],
  16: ['propose'],
  18: ['confirm'],
};

const supplierComments = [
  'Thanks for the order. Everything is tagged and ready at the yard.',
  'Confirmed. Please call the yard 30 minutes before pickup.',
  'All set; we pulled the best of the block for you.',
];

/** No e-mail leaves while seeding: invoice e-mails land in the outbox only, as without SMTP. */
const seedMail = {
  transport: { kind: 'outbox', send: async () => {} },
  from: 'demo@hedgerow.test',
  appUrl: '',
  queue: { send: async () => null },
} as unknown as AppDeps['mail'];

const seedPayments = {
  payments: { provider: new SandboxPaymentProvider(), publishableKey: null, webhookSecret: null },
} as unknown as Pick<AppDeps, 'payments'>;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Demo orders: about a dozen carts of buyer@demo (Greenline Landscaping) submitted through the real
 * cart services, from the two Blue Ridge Growers branches and three other suppliers, then spread over
 * the last 30 days and moved along. Does nothing when any order exists or the demo buyer is missing.
 */
export async function seedDemoOrders(db: Db) {
  const [{ count }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from orders`);
  if (count > 0) return;
  const user = await findUserByEmail(db, 'buyer@demo.hedgerow.test');
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return;
  // The services only read the user and profile; no session is opened for the seed.
  const caller: Caller = { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };

  const branchRows = await queryRows<{ id: number }>(
    db,
    sql`(select b.id::int from branches b join organizations o on o.id = b.organization_id
          where o.slug = 'blue-ridge-growers' order by b.id)
        union all
        (select b.id::int from branches b join organizations o on o.id = b.organization_id
          where o.slug <> 'blue-ridge-growers'
            and exists (select 1 from availabilities a where a.branch_id = b.id)
          order by b.id limit 3)`,
  );
  if (branchRows.length < 5) return;
  const listingsOf = async (branchId: number, offset: number) =>
    queryRows<{ product_variant_id: number }>(
      db,
      sql`select a.product_variant_id::int from availabilities a join products p on p.id = a.product_id
           where a.branch_id = ${branchId} and a.in_stock and a.base_price is not null and not p.restricted
           order by a.id limit 2 offset ${offset}`,
    );

  // The demo buyer pays by card (saved as the payment methods page does), so its orders reach their
  // suppliers instead of waiting for payment information.
  if (!(await payments.canPayForOrders(db, { userId: user.id, organizationId: user.organizationId }))) {
    await payments.createPaymentMethod(db, seedPayments, caller, {
      paymentType: 'credit_card',
      token: 'pm_card_visa',
    });
  }

  const now = Date.now();
  const orderIds: number[] = [];
  for (const [index, demo] of demoCarts.entries()) {
    const cart = await createCart(db, caller, {
      name: demo.name,
      jobData: demo.job ? { externalJobNumber: demo.job, externalPhase: null, postalCode: null } : undefined,
    });
    for (const [position, branchIndex] of demo.branches.entries()) {
      const branchId = branchRows[branchIndex].id;
      for (const [line, listing] of (await listingsOf(branchId, index * 2 + position)).entries()) {
        await addItem(db, caller, {
          cartId: cart.id,
          branchId,
          productVariantId: listing.product_variant_id,
          quantity: 3 + ((index + line * 7) % 10) * 5,
          nonCatalog: false,
          unit: 'each',
        });
      }
    }
    const submitted = await db.transaction((tx) => submitCartInTransaction(tx, caller, cart.id));
    // Spread the submissions over the last 30 days (mid-morning UTC), pickups a week later.
    const submittedAt = new Date(Math.floor((now - demo.daysAgo * dayMs) / dayMs) * dayMs + 14 * 3_600_000);
    const ids = submitted.orders.map((order) => order.id).join(',');
    await db.execute(
      sql`update carts set submitted_at = ${submittedAt.toISOString()}::timestamptz where id = ${cart.id}`,
    );
    await db.execute(sql`update orders set submitted_at = ${submittedAt.toISOString()}::timestamptz,
                              requested_on = (${submittedAt.toISOString()}::timestamptz + interval '7 days')::date
                          where id = any(string_to_array(${ids}, ',')::bigint[])`);
    await db.execute(sql`update order_events set created_at = ${submittedAt.toISOString()}::timestamptz
                          where order_id = any(string_to_array(${ids}, ',')::bigint[])`);
    orderIds.push(...submitted.orders.map((order) => order.id));
  }

  // Later steps through the orders workflow, as the supplier (or staff, for a supplier nobody answers
  // for) would take them; then their times are moved back to the days after submission.
  const admin = await findUserByEmail(db, 'admin@demo.hedgerow.test');
  const adminProfile = admin && (await findUserProfile(db, admin.id));
  if (!admin || !adminProfile) return;
  const staff: Caller = {
    user: admin,
    profile: adminProfile,
    session: { id: 0 } as SessionRow,
    impersonatorUserId: null,
  };
  const today = isoDay(now);
  for (const [position, steps] of Object.entries(laterSteps)) {
    const orderId = orderIds[Number(position)];
    if (orderId === undefined) continue;
    const [order] = await queryRows<{
      state: string;
      supplier_organization_id: number;
      submitted_at: string;
    }>(
      db,
      sql`select state, supplier_organization_id::int, submitted_at::text from orders where id = ${orderId}`,
    );
    // An order nobody at the supplier can receive waits for staff; it stays as it is.
    if (order.state !== 'purchase_order_sent') continue;
    const [person] = await queryRows<{ email: string }>(
      db,
      sql`select email from users where organization_id = ${order.supplier_organization_id}
            and status <> 'login_prohibited' order by id limit 1`,
    );
    const personUser = person && (await findUserByEmail(db, person.email));
    const personProfile = personUser && (await findUserProfile(db, personUser.id));
    const supplier: Caller =
      personUser && personProfile
        ? {
            user: personUser,
            profile: personProfile,
            session: { id: 0 } as SessionRow,
            impersonatorUserId: null,
          }
        : staff;
    const submittedTime = new Date(order.submitted_at).getTime();
    for (const [step, action] of steps.entries()) {
      const [{ version, maxEvent }] = await queryRows<{ version: number; maxEvent: number }>(
        db,
        sql`select o.version::int, coalesce((select max(id) from order_events e where e.order_id = o.id), 0)::int as "maxEvent"
              from orders o where o.id = ${orderId}`,
      );
      if (action === 'confirm') {
        await workflow.respond(
          db,
          supplier,
          orderId,
          {
            version,
            respondedWith: 'confirm_order',
            comment: supplierComments[Number(position) % supplierComments.length],
          } as never,
          today,
        );
      } else if (action === 'fulfill') {
        // Fulfilling invoices the order, as in the app (issue 18).
        await invoiceWorkflow.fulfilOrder(
          db,
          { mail: seedMail },
          supplier,
          orderId,
          {
            version,
            fulfilledOn: isoDay(Math.min(now, submittedTime + (step + 1) * dayMs)),
            // The demo's history: some orders went out before the day the buyer asked for.
            confirmEarly: true,
          },
          today,
        );
      } else if (action === 'cancel') {
        await workflow.staffTransition(db, staff, orderId, {
          event: 'cancel',
          expectedState: 'purchase_order_sent',
          reason: 'The buyer asked to cancel by phone.',
        });
      } else {
        const items = await queryRows<{ id: number; quantity: number; supplier_price: number | null }>(
          db,
          sql`select id::int, quantity::float as quantity, supplier_price from order_items where order_id = ${orderId} order by position`,
        );
        const [first, second] = items;
        await workflow.respond(
          db,
          supplier,
          orderId,
          {
            version,
            respondedWith: 'changes_requested',
            changes: {
              items: [
                {
                  orderItemId: first.id,
                  quantity: Math.max(1, first.quantity - 2),
                  reason: 'inventory_issue',
                  comment: 'Two did not make grade.',
                },
                ...(second && second.supplier_price !== null
                  ? [
                      {
                        orderItemId: second.id,
                        price: Math.round(second.supplier_price * 0.9),
                        priceReason: 'missing_discount',
                        reason: 'price_correction',
                      },
                    ]
                  : []),
              ],
            },
            comment: 'We can fill most of this; please review the changes.',
          } as never,
          today,
        );
      }
      // The step happened the day after the one before it (never later than now).
      const at = new Date(Math.min(now, submittedTime + (step + 1) * dayMs)).toISOString();
      await db.execute(sql`update order_events set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
                            where order_id = ${orderId} and id > ${maxEvent}`);
      if (action === 'confirm' || action === 'propose') {
        await db.execute(
          sql`update purchase_order_responses set created_at = ${at}::timestamptz where order_id = ${orderId}`,
        );
        await db.execute(
          sql`update order_change_proposals set created_at = ${at}::timestamptz where order_id = ${orderId}`,
        );
      }
    }
  }
}
