import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adZoneIds } from '../../../domain/marketing/ad-zones';
import {
  adminHouseAdSchema,
  houseAdSchema,
  zoneAdSchema,
  zoneAdsSchema,
} from '../../../domain/marketing/house-ads';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers, noContent } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import * as houseAds from './house-ads.service';

const idParams = z.object({ id: recordIdParam() });

/** Ad zones for every visitor and the house ads admins manage for them. */
export const houseAdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/ad_zones',
    {
      schema: {
        tags: ['marketing'],
        response: answers({ 200: zoneAdsSchema }),
      },
    },
    async (request, reply) => {
      const results = await houseAds.adsForZones(deps.db, clientToday(request));
      // Ads change rarely; a minute of caching spares the server one call per page.
      reply.header('cache-control', 'public, max-age=60');
      return { results };
    },
  );

  app.get(
    '/api/v1/ad_zones/:zoneId',
    {
      schema: {
        tags: ['marketing'],
        params: z.object({ zoneId: z.string().max(20) }),
        response: answers({ 200: zoneAdSchema, 204: noContent }, 400),
      },
    },
    async (request, reply) => {
      const ad = await houseAds.adForZone(deps.db, request.params.zoneId, clientToday(request));
      if (!ad) return reply.status(204).send(null);
      // Ads change rarely; a minute of caching spares the server one call per zone per page.
      reply.header('cache-control', 'public, max-age=60');
      return ad;
    },
  );

  await app.register(async (plugin) => {
    const internal = plugin.withTypeProvider<ZodTypeProvider>();
    // Each route declares its permission; the sign-in gate checks it before the body is validated.

    internal.get(
      '/api/internal/house_ads',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          querystring: z.object({ ...pagingQuery, zoneId: z.enum(adZoneIds).optional() }),
          response: answers({ 200: listEnvelopeSchema(adminHouseAdSchema) }, 400, 401, 403),
        },
      },
      async (request) => {
        const { page, perPage, zoneId } = request.query;
        const { results, total } = await houseAds.listAllAds(
          deps.db,
          page,
          perPage,
          clientToday(request),
          zoneId,
        );
        return listResponse(results, total, page, perPage);
      },
    );

    internal.get(
      '/api/internal/house_ads/:id',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          params: idParams,
          response: answers({ 200: adminHouseAdSchema }, 400, 401, 403, 404),
        },
      },
      async (request) => houseAds.getAdOrThrow(deps.db, request.params.id, clientToday(request)),
    );

    internal.post(
      '/api/internal/house_ads',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          body: houseAdSchema,
          response: answers({ 201: adminHouseAdSchema }, 400, 401, 403),
        },
      },
      async (request, reply) => {
        const caller = await requirePermission(request, 'manage_marketing');
        return reply
          .status(201)
          .send(await houseAds.createAd(deps.db, caller, request.body, clientToday(request)));
      },
    );

    internal.patch(
      '/api/internal/house_ads/:id',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: houseAdSchema,
          response: answers({ 200: adminHouseAdSchema }, 400, 401, 403, 404),
        },
      },
      async (request) => {
        const caller = await requirePermission(request, 'manage_marketing');
        return houseAds.updateAd(deps.db, caller, request.params.id, request.body, clientToday(request));
      },
    );

    internal.delete(
      '/api/internal/house_ads/:id',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          params: idParams,
          response: answers({ 204: noContent }, 400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const caller = await requirePermission(request, 'manage_marketing');
        await houseAds.deleteAd(deps.db, caller, request.params.id);
        return reply.status(204).send(null);
      },
    );
  });
};
