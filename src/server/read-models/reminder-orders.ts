// Read model: the orders scheduled reminders are about, with the names a reminder shows and the
// states (of the buyer's address and the branch) their time zones come from.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type ReminderOrder = {
  id: number;
  name: string;
  orderNumber: string;
  jobNumber: string | null;
  fulfillment: string;
  total: number;
  itemsCount: number;
  requestedOn: string | null;
  submittedAt: Date;
  version: number;
  state: string;
  branchId: number;
  branchName: string;
  branchState: string | null;
  buyerOrganizationId: number;
  buyerOrganizationName: string;
  buyerState: string | null;
  supplierOrganizationId: number;
  userFullName: string;
};

const columns = sql`o.id::int, o.name, o.order_number as "orderNumber", o.job_number as "jobNumber", o.fulfillment,
       o.total, (select count(*)::int from order_items i where i.order_id = o.id) as "itemsCount",
       o.requested_on::text as "requestedOn", o.submitted_at as "submittedAt", o.version, o.state,
       o.branch_id::int as "branchId", b.name as "branchName",
       coalesce(b.state_code, ba.state) as "branchState",
       o.buyer_organization_id::int as "buyerOrganizationId", bo.name as "buyerOrganizationName",
       boa.state as "buyerState", o.supplier_organization_id::int as "supplierOrganizationId",
       u.first_name || ' ' || u.last_name as "userFullName"`;

const joins = sql`from orders o
  join branches b on b.id = o.branch_id
  left join addresses ba on ba.id = b.address_id
  join organizations bo on bo.id = o.buyer_organization_id
  left join addresses boa on boa.id = bo.address_id
  join users u on u.id = o.user_id`;

/** States of an order still to be fulfilled (what a schedule lists). */
const scheduledStates = sql`('submitted', 'purchase_order_sent', 'confirmed', 'waiting_for_fulfillment',
  'needs_review', 'needs_payment_info', 'needs_buyer_review', 'needs_supplier_review')`;

/** Active orders expected from `fromDate` to `toDate` (both included), by day. */
export function listScheduledOrders(db: Executor, fromDate: string, toDate: string) {
  return queryRows<ReminderOrder>(
    db,
    sql`select ${columns} ${joins}
         where o.requested_on between ${fromDate}::date and ${toDate}::date
           and o.state in ${scheduledStates} and o.deactivated_at is null
         order by o.requested_on, o.order_number`,
  );
}

/** Active orders sent to their supplier before `sentBefore` and not answered yet. */
export function listUnansweredOrders(db: Executor, sentBefore: Date) {
  return queryRows<ReminderOrder>(
    db,
    sql`select ${columns} ${joins}
         where o.state = 'purchase_order_sent' and o.deactivated_at is null
           and o.submitted_at < ${sentBefore.toISOString()}::timestamptz
         order by o.submitted_at`,
  );
}
