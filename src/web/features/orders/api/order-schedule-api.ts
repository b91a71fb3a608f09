import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type ScheduleSide = 'buyer' | 'supplier';
/** One day-sorted schedule of a side's orders (GET /api/v1/orders/{side}_order_schedule). */
export type OrderSchedule = components['schemas']['OrderSchedule'];
export type ScheduleOrder = components['schemas']['ScheduleOrder'];
export type FulfillmentQueueItem = components['schemas']['FulfillmentQueueItem'];

const scheduleKey = (side: ScheduleSide, startDate: string, endDate: string) =>
  ['orders', 'schedule', side, startDate, endDate] as const;
/** Under ['orders'], so every order mutation (FulfillButton's included) refreshes it. */
const fulfillmentQueueKey = ['orders', 'fulfillment-queue'] as const;

export const getOrderScheduleQueryOptions = (side: ScheduleSide, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: scheduleKey(side, startDate, endDate),
    queryFn: ({ signal }) => {
      const query = { params: { query: { startDate, endDate } }, signal };
      return answerOf(
        side === 'buyer'
          ? api.GET('/api/v1/orders/buyer_order_schedule', query)
          : api.GET('/api/v1/orders/supplier_order_schedule', query),
      );
    },
  });

/** The caller's orders of one side due between two days, by day. */
export const useOrderSchedule = (side: ScheduleSide, startDate: string, endDate: string) =>
  useQuery(getOrderScheduleQueryOptions(side, startDate, endDate));

export const getFulfillmentQueueQueryOptions = () =>
  queryOptions({
    queryKey: fulfillmentQueueKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/orders/fulfillment_queue', { signal })),
  });

/** The supplier's confirmed orders due within a week, overdue first. */
export const useFulfillmentQueue = (enabled: boolean) =>
  useQuery({ ...getFulfillmentQueueQueryOptions(), enabled });
