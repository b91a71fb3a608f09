import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Marketing messages and house ads for the dashboard and their admin (issue 7). */
export const marketingMessagesRoutes: FastifyPluginAsyncZod = async () => {};
