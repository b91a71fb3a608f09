import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Hubsheet sourcing: supply per line, supplier suggestions, add to cart, downloads (issue 5). */
export const hubsheetSourcingRoutes: FastifyPluginAsyncZod = async () => {};
