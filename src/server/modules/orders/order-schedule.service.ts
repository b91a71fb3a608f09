import type {
  FulfillmentQueueItem,
  OrderSchedule,
  ScheduleOrder,
} from '../../../domain/orders/order-schedule-views';
import { buyerOrderLabel, type OrderState, supplierOrderLabel } from '../../../domain/orders/order-states';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { OrderListTab } from './order-lists.repository';
import { startAfterEndMessage } from './order-lists.service';
import * as repo from './order-schedule.repository';

export const tooManyDaysMessage = 'Choose at most 62 days';
export const maxScheduleDays = 62;
/** The default window: today and the six days after it (spec part 1 §9, upcoming orders). */
export const defaultScheduleDays = 7;
/** How far ahead the fulfilment queue looks. */
export const fulfillmentQueueDaysAhead = 7;

/** Orders that are still going to happen: answered or waiting for an answer, not closed. */
export const scheduledStates: readonly OrderState[] = [
  'confirmed',
  'waiting_for_fulfillment',
  'purchase_order_sent',
  'needs_buyer_review',
  'needs_supplier_review',
];
export const fulfillableStates: readonly OrderState[] = ['confirmed', 'waiting_for_fulfillment'];

export type { FulfillmentQueueItem, OrderSchedule, ScheduleOrder };

const dayMs = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / dayMs;
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/**
 * The caller organisation's upcoming orders by requested day (spec part 3 §7.2 buyer_order_schedule
 * and supplier_order_schedule): every day of the range, quiet days with no orders. The range defaults
 * to today and the next six days; it may not run backwards or span more than 62 days.
 */
export async function orderSchedule(
  db: Executor,
  caller: Caller,
  tab: OrderListTab,
  input: { startDate?: string; endDate?: string },
  today: string,
): Promise<OrderSchedule> {
  const startDate = input.startDate ?? (input.endDate && input.endDate < today ? input.endDate : today);
  const endDate = input.endDate ?? addDays(startDate, defaultScheduleDays - 1);
  if (startDate > endDate) {
    throw new AppError('invalid_data', startAfterEndMessage, { fields: { startDate: startAfterEndMessage } });
  }
  if (dayNumber(endDate) - dayNumber(startDate) + 1 > maxScheduleDays) {
    throw new AppError('invalid_data', tooManyDaysMessage, { fields: { endDate: tooManyDaysMessage } });
  }
  const organizationId = caller.user.organizationId;
  const rows =
    organizationId === null
      ? []
      : await repo.listScheduleDays(db, tab, organizationId, scheduledStates, startDate, endDate);
  const label = tab === 'supplier' ? supplierOrderLabel : buyerOrderLabel;
  const found = new Map(rows.map((row) => [row.date, row.orders]));
  const days: OrderSchedule['days'] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    days.push({
      date: day,
      orders: (found.get(day) ?? []).map(
        (order): ScheduleOrder => ({
          id: order.id,
          name: order.name,
          orderNumber: order.orderNumber,
          jobNumber: order.jobNumber,
          fulfillmentType: order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup',
          orderTotal: order.orderTotal,
          orderItemsCount: order.orderItemsCount,
          branchName: order.branchName,
          userFullName: order.userFullName,
          organizationName: order.organizationName,
          state: order.state,
          displayState: label(order.state as OrderState),
        }),
      ),
    });
  }
  const orderCount = days.reduce((sum, day) => sum + day.orders.length, 0);
  return { startDate, endDate, orderCount, days };
}

/**
 * The supplier's fulfilment queue: confirmed orders of the caller's organisation requested up to a
 * week ahead, the overdue ones (requested before today) first.
 */
export async function fulfillmentQueue(db: Executor, caller: Caller, today: string) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return { today, results: [] as FulfillmentQueueItem[] };
  const rows = await repo.listFulfillmentQueue(
    db,
    organizationId,
    fulfillableStates,
    addDays(today, fulfillmentQueueDaysAhead),
  );
  const results = rows.map(
    (row): FulfillmentQueueItem => ({
      id: row.id,
      version: row.version,
      orderNumber: row.order_number,
      name: row.name,
      requestedOn: row.requested_on,
      overdue: row.requested_on < today,
      state: row.state,
      displayState: supplierOrderLabel(row.state as OrderState),
      fulfillment: row.fulfillment === 'delivery' ? 'delivery' : 'pickup',
      itemsCount: row.items_count,
      branch: { id: row.branch_id, name: row.branch_name },
      buyerOrganization: { id: row.buyer_organization_id, name: row.buyer_organization_name },
    }),
  );
  return { today, results };
}
