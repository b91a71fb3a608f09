import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyInputSchema, apiKeySchema, generatedApiKeySchema } from '../../../domain/admin/api-keys';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as apiKeys from './api-keys.service';

const idParams = z.object({ id: recordIdParam() });

/** Beehive: integrators' API keys of an organisation (spec part 3 §7.6 generate_api_key, revoke_api_key). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];
  const config = { permission: 'manage_api_keys' as const };

  app.get(
    '/api/internal/organizations/:id/api_keys',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: z.object({ results: z.array(apiKeySchema) }) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_api_keys');
      return { results: await apiKeys.listApiKeys(deps.db, request.params.id) };
    },
  );

  app.post(
    '/api/internal/organizations/:id/api_keys',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: apiKeyInputSchema,
        response: answers({ 201: generatedApiKeySchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'manage_api_keys');
      const generated = await apiKeys.generateApiKey(
        deps.db,
        staff,
        request.params.id,
        request.body.label,
        deps.clock.now(),
      );
      // The key is in this answer only: nothing may keep a copy of it.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(generated);
    },
  );

  app.delete(
    '/api/internal/api_keys/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404) },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'manage_api_keys');
      await apiKeys.revokeApiKey(deps.db, staff, request.params.id, deps.clock.now());
      return reply.status(204).send(null);
    },
  );
};
