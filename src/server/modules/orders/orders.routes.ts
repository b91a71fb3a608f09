import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSiteUser } from '../../http/auth';
import * as orders from './orders.service';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'Choose an order' }) });

/** Orders as the buyer's organisation, the branch's supplier and admins read them. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/v1/orders/:id', { schema: { tags: ['orders'], params: idParams } }, async (request) => {
    const caller = await requireSiteUser(request);
    return orders.getOrderForViewer(deps.db, caller, request.params.id);
  });
};
