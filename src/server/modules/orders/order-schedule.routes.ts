import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '../../../domain/calendar-date';
import { fulfillmentQueueSchema, orderScheduleSchema } from '../../../domain/orders/order-schedule-views';
import { requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers } from '../../http/contract';
import * as schedule from './order-schedule.service';

const dateSchema = (label: string) => calendarDateSchema(`${label} must be a date (YYYY-MM-DD)`);

const scheduleQuery = z.object({
  startDate: dateSchema('Start date').optional(),
  endDate: dateSchema('End date').optional(),
});

const scheduleAnswer = answers({ 200: orderScheduleSchema }, 400, 401, 403);

/** The order schedule of each side and the supplier's fulfilment queue (spec part 3 §7.2). */
export const orderScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['orders'];

  app.get(
    '/api/v1/orders/buyer_order_schedule',
    { schema: { tags, querystring: scheduleQuery, response: scheduleAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return schedule.orderSchedule(deps.db, caller, 'buyer', request.query, clientToday(request));
    },
  );

  app.get(
    '/api/v1/orders/supplier_order_schedule',
    { schema: { tags, querystring: scheduleQuery, response: scheduleAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return schedule.orderSchedule(deps.db, caller, 'supplier', request.query, clientToday(request));
    },
  );

  app.get(
    '/api/v1/orders/fulfillment_queue',
    { schema: { tags, response: answers({ 200: fulfillmentQueueSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return schedule.fulfillmentQueue(deps.db, caller, clientToday(request));
    },
  );
};
