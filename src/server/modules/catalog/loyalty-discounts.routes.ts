import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loyaltyDiscountInputSchema, loyaltyDiscountSchema } from '../../../domain/catalog/loyalty-discounts';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import * as loyalty from './loyalty-discounts.service';

const idParams = z.object({ id: recordIdParam() });

/** Beehive: an organisation's loyalty (platform) discounts, created, edited and ended by staff. */
export const loyaltyDiscountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['loyalty discounts'];
  const permission = 'edit_organizations';

  app.get(
    '/api/internal/organizations/:id/loyalty_discounts',
    {
      config: { permission },
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: z.object({ results: z.array(loyaltyDiscountSchema) }) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, permission);
      return { results: await loyalty.listLoyaltyDiscounts(deps.db, request.params.id, deps.clock.now()) };
    },
  );

  app.post(
    '/api/internal/organizations/:id/loyalty_discounts',
    {
      config: { permission },
      schema: {
        tags,
        params: idParams,
        body: loyaltyDiscountInputSchema,
        response: answers({ 201: loyaltyDiscountSchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, permission);
      const created = await loyalty.createLoyaltyDiscount(
        deps.db,
        caller,
        request.params.id,
        request.body,
        deps.clock.now(),
      );
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/internal/loyalty_discounts/:id',
    {
      config: { permission },
      schema: {
        tags,
        params: idParams,
        body: loyaltyDiscountInputSchema,
        response: answers({ 200: loyaltyDiscountSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, permission);
      return loyalty.updateLoyaltyDiscount(
        deps.db,
        caller,
        request.params.id,
        request.body,
        deps.clock.now(),
      );
    },
  );

  app.post(
    '/api/internal/loyalty_discounts/:id/end',
    {
      config: { permission },
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: loyaltyDiscountSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, permission);
      return loyalty.endLoyaltyDiscount(deps.db, caller, request.params.id, deps.clock.now());
    },
  );
};
