import { sql } from 'drizzle-orm';
import type { ScheduleOrder } from '../../../domain/orders/order-schedule-views';
import type { Executor } from '../../core/database';
import { queryRowsPrepared } from '../../db/client';
import type { OrderListTab } from './order-lists.repository';

/** One order of a schedule day, as the SQL builds it (labels are added by the service). */
export type ScheduleOrderRow = Omit<ScheduleOrder, 'fulfillmentType' | 'displayState'> & {
  fulfillment: string;
};

export type ScheduleDayRow = { date: string; orders: ScheduleOrderRow[] };

export type FulfillmentQueueRow = {
  id: number;
  version: number;
  order_number: string;
  name: string;
  requested_on: string;
  state: string;
  fulfillment: string;
  items_count: number;
  branch_id: number;
  branch_name: string;
  buyer_organization_id: number;
  buyer_organization_name: string;
};

const sideColumn = (tab: OrderListTab) =>
  sql.raw(tab === 'supplier' ? 'o.supplier_organization_id' : 'o.buyer_organization_id');

/**
 * Every day from `startDate` to `endDate` (inclusive) with the side's orders requested for it, in one
 * statement: generate_series gives the days (so quiet days are present), and each day's orders are
 * one JSON array, by order number. The total is what that side sees (the buyer's total; the
 * supplier's subtotal plus shipping).
 */
export async function listScheduleDays(
  db: Executor,
  tab: OrderListTab,
  organizationId: number,
  states: readonly string[],
  startDate: string,
  endDate: string,
): Promise<ScheduleDayRow[]> {
  const total = sql.raw(
    tab === 'supplier' ? 'o.supplier_subtotal + coalesce(o.shipping_amount, 0)' : 'o.total',
  );
  return queryRowsPrepared<ScheduleDayRow>(
    db,
    `order_schedule_${tab}`,
    sql`select d.day::date::text as date,
               coalesce((
                 select json_agg(json_build_object(
                          'id', o.id::int, 'name', o.name, 'orderNumber', o.order_number,
                          'jobNumber', o.job_number, 'fulfillment', o.fulfillment,
                          'orderTotal', (${total})::int,
                          'orderItemsCount', (select count(*)::int from order_items oi where oi.order_id = o.id),
                          'branchName', b.name, 'userFullName', trim(u.first_name || ' ' || u.last_name),
                          'organizationName', bo.name, 'state', o.state)
                        order by o.order_number, o.id)
                   from orders o
                   join branches b on b.id = o.branch_id
                   join organizations bo on bo.id = o.buyer_organization_id
                   join users u on u.id = o.user_id
                  where ${sideColumn(tab)} = ${organizationId}
                    and o.requested_on = d.day::date
                    and o.deactivated_at is null
                    and o.state = any(string_to_array(${states.join(',')}, ','))
               ), '[]'::json) as orders
          from generate_series(${startDate}::date, ${endDate}::date, interval '1 day') d(day)
         order by d.day`,
  );
}

/** The supplier organisation's orders to fulfil, requested on or before `until`, oldest date first. */
export async function listFulfillmentQueue(
  db: Executor,
  organizationId: number,
  states: readonly string[],
  until: string,
): Promise<FulfillmentQueueRow[]> {
  return queryRowsPrepared<FulfillmentQueueRow>(
    db,
    'order_fulfillment_queue',
    sql`select o.id::int, o.version, o.order_number, o.name, o.requested_on::text as requested_on,
               o.state, o.fulfillment,
               (select count(*)::int from order_items oi where oi.order_id = o.id) as items_count,
               b.id::int as branch_id, b.name as branch_name,
               bo.id::int as buyer_organization_id, bo.name as buyer_organization_name
          from orders o
          join branches b on b.id = o.branch_id
          join organizations bo on bo.id = o.buyer_organization_id
         where o.supplier_organization_id = ${organizationId}
           and o.state = any(string_to_array(${states.join(',')}, ','))
           and o.requested_on <= ${until}::date
           and o.deactivated_at is null
         order by o.requested_on, o.order_number, o.id`,
  );
}
