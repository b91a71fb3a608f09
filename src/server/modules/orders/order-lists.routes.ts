import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDateSchema } from '../../../domain/calendar-date';
import { orderCountsSchema, orderListItemSchema } from '../../../domain/orders/order-views';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import { orderListSortFields } from './order-lists.repository';
import * as lists from './order-lists.service';

const tabSchema = z
  .enum(['buyer', 'supplier'], { error: 'Choose the buyer or supplier tab' })
  .default('buyer');
const dateSchema = (label: string) => calendarDateSchema(`${label} must be a date (YYYY-MM-DD)`);

const sortSchema = z
  .string()
  .regex(new RegExp(`^(${orderListSortFields.join('|')})\\|(asc|desc)$`), {
    error: `Sort by one of ${orderListSortFields.join(', ')} with |asc or |desc`,
  })
  .transform((value) => {
    const [field, direction] = value.split('|');
    return {
      field: field as (typeof orderListSortFields)[number],
      direction: direction as 'asc' | 'desc',
    };
  });

const listQuery = z.object({
  tab: tabSchema,
  orderType: z.enum(['needs_response', 'open'], { error: 'Choose needs_response or open' }).optional(),
  startDate: dateSchema('Start date').optional(),
  endDate: dateSchema('End date').optional(),
  /** Only one branch's orders (supplier tab). */
  branchId: z.coerce.number().int().positive().optional(),
  query: pagingQuery.query,
  sort: sortSchema.optional(),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

const namesQuery = z.object({ tab: tabSchema, query: pagingQuery.query });

/** The Orders list and what its filters need (spec part 3 §7.2, part 1 §2.1). */
export const orderListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['orders'];

  app.get(
    '/api/v1/orders',
    {
      schema: {
        tags,
        querystring: listQuery,
        response: answers({ 200: listEnvelopeSchema(orderListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return lists.listOrders(deps.db, caller, request.query);
    },
  );

  app.get(
    '/api/v1/orders/counts',
    { schema: { tags, response: answers({ 200: orderCountsSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return lists.needsResponseCounts(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/orders/names',
    {
      schema: {
        tags,
        querystring: namesQuery,
        response: answers({ 200: z.object({ results: z.array(z.string()) }) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return lists.orderNames(deps.db, caller, request.query.tab, request.query.query);
    },
  );

  app.get(
    '/api/v1/orders/buyer_orgs',
    {
      schema: {
        tags,
        response: answers(
          { 200: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }) },
          401,
          403,
        ),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return lists.buyerOrganizations(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/orders/supplier_branches',
    {
      schema: {
        tags,
        response: answers(
          { 200: z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) }) },
          401,
          403,
        ),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return lists.ownBranches(deps.db, caller);
    },
  );
};
