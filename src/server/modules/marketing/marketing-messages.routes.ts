import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMarketingMessageSchema,
  marketingMessageSchema,
  marketingMessageViewSchema,
} from '../../../domain/marketing/marketing-messages';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth, requirePermission } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers, noContent } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import { houseAdsRoutes } from './house-ads.routes';
import * as messages from './marketing-messages.service';

const idParams = z.object({ id: recordIdParam() });

/** Marketing messages and house ads for the dashboard and their admin (issue 7). */
export const marketingMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/marketing_messages',
    {
      schema: {
        tags: ['marketing'],
        response: answers({ 200: listEnvelopeSchema(marketingMessageViewSchema) }, 401),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      const results = await messages.listMessagesFor(deps.db, caller, clientToday(request));
      return { results, totalCount: results.length, currentPage: 1, totalPages: 1 };
    },
  );

  await app.register(async (plugin) => {
    const internal = plugin.withTypeProvider<ZodTypeProvider>();
    // Each route declares its permission; the sign-in gate checks it before the body is validated.

    internal.get(
      '/api/internal/marketing_messages',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          querystring: z.object(pagingQuery),
          response: answers({ 200: listEnvelopeSchema(adminMarketingMessageSchema) }, 400, 401, 403),
        },
      },
      async (request) => {
        const { page, perPage } = request.query;
        const { results, total } = await messages.listAllMessages(
          deps.db,
          page,
          perPage,
          clientToday(request),
        );
        return listResponse(results, total, page, perPage);
      },
    );

    internal.get(
      '/api/internal/marketing_messages/:id',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          params: idParams,
          response: answers({ 200: adminMarketingMessageSchema }, 400, 401, 403, 404),
        },
      },
      async (request) => messages.getMessageOrThrow(deps.db, request.params.id, clientToday(request)),
    );

    internal.post(
      '/api/internal/marketing_messages',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          body: marketingMessageSchema,
          response: answers({ 201: adminMarketingMessageSchema }, 400, 401, 403),
        },
      },
      async (request, reply) => {
        const caller = await requirePermission(request, 'manage_marketing');
        return reply
          .status(201)
          .send(await messages.createMessage(deps.db, caller, request.body, clientToday(request)));
      },
    );

    internal.patch(
      '/api/internal/marketing_messages/:id',
      {
        config: { permission: 'manage_marketing' },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: marketingMessageSchema,
          response: answers({ 200: adminMarketingMessageSchema }, 400, 401, 403, 404),
        },
      },
      async (request) => {
        const caller = await requirePermission(request, 'manage_marketing');
        return messages.updateMessage(deps.db, caller, request.params.id, request.body, clientToday(request));
      },
    );

    internal.delete(
      '/api/internal/marketing_messages/:id',
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
        await messages.deleteMessage(deps.db, caller, request.params.id);
        return reply.status(204).send(null);
      },
    );
  });

  await app.register(houseAdsRoutes);
};
