/**
 * The order schedule's and the fulfilment queue's answers (GET /api/v1/orders/buyer_order_schedule,
 * supplier_order_schedule, fulfillment_queue), shared by the server that builds them and the pages
 * that show them.
 */
import type { OrderLabel } from './order-states';

export type ScheduleOrder = {
  id: number;
  name: string;
  orderNumber: string;
  jobNumber: string | null;
  fulfillmentType: 'Pickup' | 'Delivery';
  orderTotal: number;
  orderItemsCount: number;
  branchName: string;
  userFullName: string;
  organizationName: string;
  state: string;
  displayState: OrderLabel;
};

export type OrderSchedule = {
  startDate: string;
  endDate: string;
  orderCount: number;
  days: { date: string; orders: ScheduleOrder[] }[];
};

export type FulfillmentQueueItem = {
  id: number;
  version: number;
  orderNumber: string;
  name: string;
  requestedOn: string;
  overdue: boolean;
  state: string;
  displayState: OrderLabel;
  fulfillment: 'pickup' | 'delivery';
  itemsCount: number;
  branch: { id: number; name: string };
  buyerOrganization: { id: number; name: string };
};
