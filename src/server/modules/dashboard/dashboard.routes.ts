import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardLimits,
  dashboardNoticesSchema,
  marketManagerCardSchema,
  pendingInviteRequestAnswerSchema,
  setupProgressSchema,
  shopSuppliersSchema,
  submittedCartWithOrdersSchema,
} from '../../../domain/dashboard/dashboard-views';
import { requireAuth, requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as dashboard from './dashboard.service';

const submittedQuery = z.object({
  page: pagingQuery.page,
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(50, { error: 'perPage must be 50 or less' })
    .default(dashboardLimits.submittedCartsFetch),
});

/** The signed-in home dashboard's panel data (spec part 1 §2.1); each panel has its own call. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['dashboard'];

  app.get(
    '/api/v1/dashboard/submitted_carts',
    {
      schema: {
        tags,
        querystring: submittedQuery,
        response: answers({ 200: listEnvelopeSchema(submittedCartWithOrdersSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return dashboard.submittedCarts(deps.db, caller, request.query.page, request.query.perPage);
    },
  );

  app.get(
    '/api/v1/dashboard/shop_suppliers',
    { schema: { tags, response: answers({ 200: shopSuppliersSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return dashboard.shopSuppliers(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/dashboard/setup_progress',
    { schema: { tags, response: answers({ 200: setupProgressSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return dashboard.setupProgress(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/dashboard/market_manager',
    { schema: { tags, response: answers({ 200: marketManagerCardSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return dashboard.marketManager(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/dashboard/notices',
    { schema: { tags, response: answers({ 200: dashboardNoticesSchema }, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return dashboard.notices(deps.db, caller);
    },
  );

  // Open to every signed-in user: finishing a profile is how an account gets verified.
  app.get(
    '/api/v1/dashboard/invite_request',
    { schema: { tags, response: answers({ 200: pendingInviteRequestAnswerSchema }, 401) } },
    async (request) => {
      const caller = await requireAuth(request);
      return dashboard.pendingInviteRequest(deps.db, caller);
    },
  );
};
