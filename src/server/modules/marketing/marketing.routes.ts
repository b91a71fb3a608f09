import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newsletterDuplicateMessage,
  newsletterSignupSchema,
  newsletterSubscriptionSchema,
} from '../../../domain/accounts/newsletter-schema';
import { marketplaceFiguresSchema } from '../../../domain/marketing/marketplace-figures';
import { AppError } from '../../core/errors';
import { answers } from '../../http/contract';
import * as marketing from './marketing.service';

/** Newsletter sign-up from the footer; the landing page's figures. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/api/v1/newsletter_subscriptions',
    {
      schema: {
        tags: ['marketing'],
        body: newsletterSignupSchema,
        response: answers({ 201: newsletterSubscriptionSchema }, 400, 409, 429),
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const created = await marketing.subscribeToNewsletter(deps.db, request.body.email, 'footer');
      if (!created) {
        throw new AppError('conflict', newsletterDuplicateMessage, {
          code: 'already_subscribed',
          fields: { email: newsletterDuplicateMessage },
        });
      }
      return reply.status(201).send({ id: created.id, email: created.email });
    },
  );

  // Public: the landing page's figures, counted from the data (cached for a minute in the app).
  app.get(
    '/api/v1/marketplace_figures',
    { schema: { tags: ['marketing'], response: answers({ 200: marketplaceFiguresSchema }) } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return deps.marketplaceFigures.get(deps.db);
    },
  );
};
