import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productGroupsResponseSchema } from '../../../domain/catalog/product-groups';
import { answers } from '../../http/contract';
import * as productGroups from './product-groups.service';

/** The catalogue navigation (header menus, footer sections); public and cacheable for five minutes. */
export const productGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/product_groups',
    { schema: { tags: ['catalog'], response: answers({ 200: productGroupsResponseSchema }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return productGroups.listProductGroups(deps.db);
    },
  );
};
