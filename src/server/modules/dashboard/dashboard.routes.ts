import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The signed-in home dashboard's panel data (issue 7). */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
