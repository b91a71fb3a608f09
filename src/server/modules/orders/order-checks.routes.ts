import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caretakerOrderSchema,
  orderSyncSchema,
  orderValidationSchema,
} from '../../../domain/orders/order-checks';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as checks from './order-checks.service';

const idParams = z.object({ id: recordIdParam('Choose an order') });
const pageQuery = z.object({ page: pagingQuery.page, perPage: pagingQuery.perPage });

/** Beehive's order tools (spec part 3 §7.2): validate, sync (re-send the purchase order), caretaker. */
export const orderChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/orders/caretaker',
    {
      config: { permission: 'view_orders' },
      schema: {
        tags,
        querystring: pageQuery,
        response: answers({ 200: listEnvelopeSchema(caretakerOrderSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_orders');
      return checks.caretaker(deps.db, deps.clock.now(), request.query.page, request.query.perPage);
    },
  );

  app.get(
    '/api/internal/orders/:id/validation',
    {
      config: { permission: 'view_orders' },
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: orderValidationSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_orders');
      return checks.validate(deps.db, request.params.id);
    },
  );

  app.post(
    '/api/internal/orders/:id/sync',
    {
      config: { permission: 'manage_orders' },
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: orderSyncSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_orders');
      return checks.sync(deps.db, caller, request.params.id);
    },
  );
};
