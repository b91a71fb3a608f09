import { formatMoney } from '../../../domain/money';
import {
  addDays,
  dueTomorrow,
  dueWeek,
  isPastDue,
  timeZoneOfState,
} from '../../../domain/notifications/reminder-schedule';
import type { Clock } from '../../core/clock';
import type { Db } from '../../core/database';
import type { JobQueue } from '../../jobs/job-queue';
import * as reminderOrders from '../../read-models/reminder-orders';
import * as notificationSettings from '../notifications/notification-settings.service';
import { postOrderReminder, postScheduleReminder, type ScheduleAudience } from './messages.service';

export const remindersQueue = 'scheduled-reminders';

const fulfillmentType = (fulfillment: string) => (fulfillment === 'delivery' ? 'Delivery' : 'Pickup');

/** An order as the spec's Reminder lists it (part 3 §3 'Order in reminder'). */
const reminderOrder = (order: reminderOrders.ReminderOrder) => ({
  id: order.id,
  name: order.name,
  orderNumber: order.orderNumber,
  jobNumber: order.jobNumber,
  fulfillmentType: fulfillmentType(order.fulfillment),
  orderTotal: order.total,
  orderItemsCount: order.itemsCount,
  branchName: order.branchName,
  userFullName: order.userFullName,
  organizationName: order.buyerOrganizationName,
});

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The Reminder payload (orderCount, startDate, endDate, days) and its text. */
function weeklyReminder(
  orders: reminderOrders.ReminderOrder[],
  week: { startDate: string; endDate: string },
) {
  const days: { date: string; orders: ReturnType<typeof reminderOrder>[] }[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(week.startDate, offset);
    const onDay = orders.filter((order) => order.requestedOn === date).map(reminderOrder);
    if (onDay.length > 0) days.push({ date, orders: onDay });
  }
  const count = orders.length;
  const lines = days.flatMap((day) => [
    `${dayLabel(day.date)}:`,
    ...day.orders.map(
      (order) =>
        `- Order ${order.orderNumber} ${order.name} (${order.fulfillmentType}, ${order.branchName}, ${order.organizationName}), ${formatMoney(order.orderTotal)}`,
    ),
  ]);
  return {
    content: [
      `${count} order${count === 1 ? '' : 's'} expected from ${dayLabel(week.startDate)} to ${dayLabel(week.endDate)}.`,
      ...lines,
    ].join('\n'),
    payload: { orderCount: count, startDate: week.startDate, endDate: week.endDate, days },
  };
}

/**
 * Sends every reminder due at `now` and not sent before: the Monday 6:00 weekly schedule of each
 * buyer organisation and each branch (in its own time zone), the day-before reminder of each order
 * to its buyer, and the reminder of each order its supplier has not answered in 2 business days (to
 * the branch and staff). Each reminder claims its key in the same transaction that posts it, so a
 * second run, a restart or a second process sends nothing twice. Answers how many it sent.
 */
export async function sendDueReminders(db: Db, now: Date) {
  let sent = 0;
  const once = async (
    key: string,
    send: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<unknown>,
  ) => {
    await db.transaction(async (tx) => {
      if (!(await notificationSettings.claimReminder(tx, key))) return;
      await send(tx);
      sent += 1;
    });
  };

  // Orders of the coming week (a day either side covers every time zone's "today").
  const today = now.toISOString().slice(0, 10);
  const scheduled = await reminderOrders.listScheduledOrders(db, addDays(today, -1), addDays(today, 8));

  const weeklyAudiences = new Map<
    string,
    { audience: ScheduleAudience; zone: string; orders: typeof scheduled }
  >();
  for (const order of scheduled) {
    const buyerKey = `org:${order.buyerOrganizationId}`;
    const buyer = weeklyAudiences.get(buyerKey) ?? {
      audience: {
        kind: 'buyer' as const,
        organizationId: order.buyerOrganizationId,
        organizationName: order.buyerOrganizationName,
      },
      zone: timeZoneOfState(order.buyerState),
      orders: [],
    };
    buyer.orders.push(order);
    weeklyAudiences.set(buyerKey, buyer);
    const branchKey = `branch:${order.branchId}`;
    const branch = weeklyAudiences.get(branchKey) ?? {
      audience: {
        kind: 'branch' as const,
        branchId: order.branchId,
        branchName: order.branchName,
        organizationId: order.supplierOrganizationId,
      },
      zone: timeZoneOfState(order.branchState),
      orders: [],
    };
    branch.orders.push(order);
    weeklyAudiences.set(branchKey, branch);
  }
  for (const [key, { audience, zone, orders }] of weeklyAudiences) {
    const week = dueWeek(now, zone);
    if (!week) continue;
    const inWeek = orders.filter(
      (order) =>
        order.requestedOn !== null &&
        order.requestedOn >= week.startDate &&
        order.requestedOn <= week.endDate,
    );
    if (inWeek.length === 0) continue;
    await once(`weekly:${key}:${week.startDate}`, (tx) =>
      postScheduleReminder(tx, audience, weeklyReminder(inWeek, week)),
    );
  }

  for (const order of scheduled) {
    if (!['confirmed', 'waiting_for_fulfillment'].includes(order.state)) continue;
    const tomorrow = dueTomorrow(now, timeZoneOfState(order.buyerState));
    if (tomorrow === null || order.requestedOn !== tomorrow) continue;
    const how = order.fulfillment === 'delivery' ? 'delivered' : 'ready for pickup at';
    await once(`upcoming:${order.id}:${order.requestedOn}`, (tx) =>
      postOrderReminder(
        tx,
        order.id,
        'upcoming_order_reminder_buyer',
        `Order ${order.orderNumber} ${order.name} is expected tomorrow (${dayLabel(tomorrow)}): ${
          order.fulfillment === 'delivery' ? `${how} from ${order.branchName}` : `${how} ${order.branchName}`
        }, ${order.itemsCount} item${order.itemsCount === 1 ? '' : 's'}, ${formatMoney(order.total)}.`,
      ),
    );
  }

  // Two business days are at least two calendar days: older orders are the only candidates.
  const unanswered = await reminderOrders.listUnansweredOrders(db, new Date(now.getTime() - 2 * 86_400_000));
  for (const order of unanswered) {
    if (!isPastDue(order.submittedAt, now, timeZoneOfState(order.branchState))) continue;
    await once(`past-due:${order.id}:${order.version}`, (tx) =>
      postOrderReminder(
        tx,
        order.id,
        'past_due_order_reminder',
        `Order ${order.orderNumber} ${order.name} from ${order.buyerOrganizationName} for ${order.branchName} has waited more than 2 business days for an answer. Please confirm it or propose changes.`,
      ),
    );
  }
  return sent;
}

/** The hourly pg-boss schedule that sends due reminders (each organisation's 6:00 falls in some hour). */
export function registerReminders(jobs: JobQueue, db: Db, clock: Clock) {
  jobs.schedule(remindersQueue, '5 * * * *', async () => {
    await sendDueReminders(db, clock.now());
  });
}
