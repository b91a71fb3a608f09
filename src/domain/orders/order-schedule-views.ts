/**
 * The order schedule's and the fulfilment queue's answers (GET /api/v1/orders/buyer_order_schedule,
 * supplier_order_schedule, fulfillment_queue), shared by the server that builds them and the pages
 * that show them.
 */
import { z } from 'zod';
import { orderLabelSchema } from './order-states';

export const scheduleOrderSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    orderNumber: z.string(),
    jobNumber: z.string().nullable(),
    fulfillmentType: z.enum(['Pickup', 'Delivery']),
    orderTotal: z.number(),
    orderItemsCount: z.number(),
    branchName: z.string(),
    userFullName: z.string(),
    organizationName: z.string(),
    state: z.string(),
    displayState: orderLabelSchema,
  })
  .meta({ id: 'ScheduleOrder' });
export type ScheduleOrder = z.infer<typeof scheduleOrderSchema>;

export const orderScheduleSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    orderCount: z.number(),
    days: z.array(z.object({ date: z.string(), orders: z.array(scheduleOrderSchema) })),
  })
  .meta({ id: 'OrderSchedule' });
export type OrderSchedule = z.infer<typeof orderScheduleSchema>;

export const fulfillmentQueueItemSchema = z
  .object({
    id: z.number(),
    version: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    requestedOn: z.string(),
    overdue: z.boolean(),
    state: z.string(),
    displayState: orderLabelSchema,
    fulfillment: z.enum(['pickup', 'delivery']),
    itemsCount: z.number(),
    branch: z.object({ id: z.number(), name: z.string() }),
    buyerOrganization: z.object({ id: z.number(), name: z.string() }),
  })
  .meta({ id: 'FulfillmentQueueItem' });
export type FulfillmentQueueItem = z.infer<typeof fulfillmentQueueItemSchema>;

/** The supplier's fulfilment queue: the caller's day and the orders due by a week ahead. */
export const fulfillmentQueueSchema = z
  .object({ today: z.string(), results: z.array(fulfillmentQueueItemSchema) })
  .meta({ id: 'FulfillmentQueue' });
