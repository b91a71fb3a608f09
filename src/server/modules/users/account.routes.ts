import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The account area: address book, preferences, discounts (issue 7). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
