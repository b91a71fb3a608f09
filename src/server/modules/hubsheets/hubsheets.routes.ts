import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Hubsheets, import lists and list items (issue 5). */
export const hubsheetsRoutes: FastifyPluginAsyncZod = async () => {};
