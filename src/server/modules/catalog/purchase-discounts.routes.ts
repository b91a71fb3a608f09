import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  purchaseDiscountRequestInputSchema,
  purchaseDiscountRequestSchema,
  purchaseDiscountStaffInputSchema,
} from '../../../domain/inventory/inventory-schemas';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth, requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as discounts from './purchase-discounts.service';

const idParams = z.object({ id: recordIdParam() });

/** Purchase discounts (EVD) a buyer asks for and a supplier approves or denies; staff create and delete them. */
export const purchaseDiscountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['purchase discounts'];

  app.post(
    '/api/v1/purchase_discount_requests',
    {
      schema: {
        tags,
        body: purchaseDiscountRequestInputSchema,
        response: answers({ 201: purchaseDiscountRequestSchema }, 400, 401, 404, 409, 422),
      },
    },
    async (request, reply) => {
      const view = await discounts.requestPurchaseDiscount(deps.db, await requireAuth(request), request.body);
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/api/v1/purchase_discount_requests',
    { schema: { tags, response: answers({ 200: z.array(purchaseDiscountRequestSchema) }, 401) } },
    async (request) => discounts.listPurchaseDiscountRequests(deps.db, await requireAuth(request)),
  );

  app.post(
    '/api/v1/purchase_discount_requests/:id/approve',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: purchaseDiscountRequestSchema }, 400, 401, 404, 409),
      },
    },
    async (request) =>
      discounts.approvePurchaseDiscount(deps.db, await requireAuth(request), request.params.id),
  );

  app.post(
    '/api/v1/purchase_discount_requests/:id/deny',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: purchaseDiscountRequestSchema }, 400, 401, 404, 409),
      },
    },
    async (request) => discounts.denyPurchaseDiscount(deps.db, await requireAuth(request), request.params.id),
  );

  app.post(
    '/api/internal/purchase_discounts',
    {
      config: { permission: 'manage_purchase_discounts' },
      schema: {
        tags,
        body: purchaseDiscountStaffInputSchema,
        response: answers({ 201: purchaseDiscountRequestSchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const view = await discounts.createPurchaseDiscount(
        deps.db,
        await requirePermission(request, 'manage_purchase_discounts'),
        request.body,
      );
      return reply.code(201).send(view);
    },
  );

  app.delete(
    '/api/internal/purchase_discounts/:id',
    {
      config: { permission: 'manage_purchase_discounts' },
      schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404) },
    },
    async (request, reply) => {
      await requirePermission(request, 'manage_purchase_discounts');
      await discounts.deletePurchaseDiscount(deps.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
