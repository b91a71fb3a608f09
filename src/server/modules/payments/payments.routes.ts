import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentMethodSchema,
  paymentBodySchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  paymentSchema,
  setupIntentBodySchema,
  setupIntentSchema,
  verifyPaymentMethodSchema,
} from '../../../domain/invoices/payment-views';
import { recordIdParam } from '../../../domain/record-ids';
import { utcDay } from '../../core/clock';
import { AppError } from '../../core/errors';
import { requireSiteUser } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { idempotencyKeyOf } from '../../http/idempotency';
import { addPaymentMethod } from '../../workflows/payment-setup';
import * as payments from './payments.service';
import { verifyStripeSignature } from './stripe-payment-provider';

const tags = ['payments'];
const idParams = z.object({ id: recordIdParam('Choose a payment method') });

/** Stored payment methods and paying invoices (issue 18); Stripe's webhook settles bank payments. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/payment_methods',
    { schema: { tags, response: answers({ 200: paymentMethodListSchema }, 401, 403) } },
    async (request) => payments.listPaymentMethods(deps.db, deps, await requireSiteUser(request)),
  );

  app.post(
    '/api/v1/payment_methods',
    {
      schema: {
        tags,
        body: createPaymentMethodSchema,
        response: answers({ 201: paymentMethodSchema }, 400, 401, 403, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      // Saving a method also sends on the organisation's orders held for payment information.
      const created = await addPaymentMethod(deps.db, deps, caller, request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/v1/payment_methods/setup_intents',
    {
      schema: {
        tags,
        body: setupIntentBodySchema,
        response: answers({ 201: setupIntentSchema }, 400, 401, 403, 422),
      },
    },
    async (request, reply) => {
      const setup = await payments.startBankAccountSetup(deps, await requireSiteUser(request));
      return reply.code(201).send(setup);
    },
  );

  app.post(
    '/api/v1/payment_methods/:id/verify',
    {
      schema: {
        tags,
        params: idParams,
        body: verifyPaymentMethodSchema,
        response: answers({ 200: paymentMethodSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      const [first, second] = request.body.amounts;
      return payments.verifyPaymentMethod(deps.db, deps, caller, request.params.id, [first, second]);
    },
  );

  app.post(
    '/api/v1/payment_methods/:id/default',
    {
      schema: { tags, params: idParams, response: answers({ 200: paymentMethodSchema }, 400, 401, 403, 404) },
    },
    async (request) =>
      payments.makeDefaultPaymentMethod(deps.db, await requireSiteUser(request), request.params.id),
  );

  app.delete(
    '/api/v1/payment_methods/:id',
    { schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404) } },
    async (request, reply) => {
      await payments.deletePaymentMethod(
        deps.db,
        await requireSiteUser(request),
        request.params.id,
        deps.clock.now(),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/payments',
    {
      schema: {
        tags,
        body: paymentBodySchema,
        response: answers({ 201: paymentSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const payment = await payments.payInvoices(
        deps.db,
        deps,
        caller,
        request.body,
        idempotencyKeyOf(request),
        utcDay(deps.clock),
      );
      return reply.code(201).send(payment);
    },
  );

  // Stripe's webhook: the raw body is needed to check the signature, so JSON is read as text here,
  // wrapped in an object (every JSON body must be one: http/hostile-input.ts).
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, { rawBody: String(body) });
    });
    webhook.post(
      '/api/v1/payments/webhook',
      { schema: { tags, response: answers({ 200: z.object({ received: z.boolean() }) }, 400) } },
      async (request) => {
        const secret = deps.payments.webhookSecret;
        if (!secret) throw new AppError('invalid_data', 'Webhooks are not configured');
        let event: ReturnType<typeof verifyStripeSignature>;
        try {
          const header = request.headers['stripe-signature'];
          event = verifyStripeSignature(
            (request.body as { rawBody?: string } | undefined)?.rawBody ?? '',
            Array.isArray(header) ? header[0] : header,
            secret,
            Math.floor(deps.clock.now().getTime() / 1000),
          );
        } catch (error) {
          throw new AppError('invalid_data', (error as Error).message, { code: 'bad_signature' });
        }
        if (event.type === 'setup_intent.succeeded') {
          await payments.markSetupSucceeded(deps.db, deps, event.data.object.id);
        } else if (event.type === 'payment_intent.succeeded') {
          await payments.settleByProviderRef(deps.db, deps, event.data.object.id, 'succeeded');
        } else if (event.type === 'payment_intent.payment_failed') {
          await payments.settleByProviderRef(deps.db, deps, event.data.object.id, 'failed');
        }
        return { received: true };
      },
    );
  });
};
