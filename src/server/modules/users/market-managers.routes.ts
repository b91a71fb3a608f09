import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignMarketManagerSchema,
  marketManagerOptionSchema,
  organizationMarketManagerSchema,
} from '../../../domain/admin/market-managers';
import { recordIdParam } from '../../../domain/record-ids';
import { actorOf } from '../../core/caller';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import * as marketManagers from './market-managers.service';

const idParams = z.object({ id: recordIdParam() });

/** Beehive: market managers and the organisations they look after (part 1 §2.1's card). */
export const marketManagersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/market_managers',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags,
        response: answers({ 200: z.object({ results: z.array(marketManagerOptionSchema) }) }, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      return { results: await marketManagers.listMarketManagers(deps.db) };
    },
  );

  app.get(
    '/api/internal/organizations/:id/market_manager',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: organizationMarketManagerSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      return marketManagers.getOrganizationMarketManager(deps.db, request.params.id);
    },
  );

  app.put(
    '/api/internal/organizations/:id/market_manager',
    {
      config: { permission: 'edit_organizations' },
      schema: {
        tags,
        params: idParams,
        body: assignMarketManagerSchema,
        response: answers({ 200: organizationMarketManagerSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'edit_organizations');
      return marketManagers.assignMarketManager(
        deps.db,
        actorOf(staff),
        request.params.id,
        request.body.userId,
      );
    },
  );
};
