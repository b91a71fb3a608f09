import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createContactSchema,
  notificationSettingsSchema,
  oneClickUnsubscribeSchema,
  subscriptionChangeSchema,
  unsubscribeViewSchema,
} from '../../../domain/notifications/notification-settings';
import { idParamsSchema, recordIdParam } from '../../../domain/record-ids';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import * as settings from './notification-settings.service';

const tokenParams = z.object({ token: z.string().min(10).max(100) });

/** Notification contacts and subscriptions (issue 17, spec part 3 §2.6, §7.4) and the unsubscribe link. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/notification_contacts',
    {
      schema: {
        tags: ['notifications'],
        querystring: z.object({ organizationId: recordIdParam('Choose a company') }),
        response: answers({ 200: notificationSettingsSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return settings.getSettings(deps.db, caller, request.query.organizationId);
    },
  );

  app.post(
    '/api/v1/notification_contacts',
    {
      schema: {
        tags: ['notifications'],
        body: createContactSchema,
        response: answers({ 201: notificationSettingsSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      return reply.status(201).send(await settings.createContact(deps.db, caller, request.body));
    },
  );

  app.delete(
    '/api/v1/notification_contacts/:id',
    {
      schema: {
        tags: ['notifications'],
        params: idParamsSchema(),
        response: answers({ 200: notificationSettingsSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return settings.deleteContact(deps.db, caller, request.params.id);
    },
  );

  for (const [action, active] of [
    ['subscribe', true],
    ['unsubscribe', false],
  ] as const) {
    app.post(
      `/api/v1/notification_subscriptions/${action}`,
      {
        schema: {
          tags: ['notifications'],
          body: subscriptionChangeSchema,
          response: answers({ 200: notificationSettingsSchema }, 400, 401, 403, 404, 422),
        },
      },
      async (request) => {
        const caller = await requireSiteUser(request);
        return settings.changeSubscriptions(deps.db, caller, request.body, active);
      },
    );
  }

  // The e-mail's unsubscribe link: the token is the credential, so no sign-in is needed.
  app.post(
    '/api/v1/notification_unsubscribes/:token',
    {
      schema: {
        tags: ['notifications'],
        params: tokenParams,
        response: answers({ 200: unsubscribeViewSchema }, 400, 404),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => settings.setSubscriptionByToken(deps.db, request.params.token, false),
  );

  app.post(
    '/api/v1/notification_unsubscribes/:token/undo',
    {
      schema: {
        tags: ['notifications'],
        params: tokenParams,
        response: answers({ 200: unsubscribeViewSchema }, 400, 404),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => settings.setSubscriptionByToken(deps.db, request.params.token, true),
  );

  // One-click unsubscribe (RFC 8058): a mail client posts `List-Unsubscribe=One-Click` as a form to
  // the e-mail's List-Unsubscribe URL, the unsubscribe page's own address. Outside /api, so no
  // sign-in: the token is the credential; the same rules as the link (the last e-mail of Order
  // Communications stays on, and the answer says why). Left out of the API document.
  const oneClickRoutes: FastifyPluginAsyncZod = async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    oneClick.post(
      '/notifications/unsubscribe/:token',
      {
        schema: {
          hide: true,
          params: tokenParams,
          body: oneClickUnsubscribeSchema,
          response: answers({ 200: unsubscribeViewSchema }, 400, 404),
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => settings.setSubscriptionByToken(deps.db, request.params.token, false),
    );
  };
  await app.register(oneClickRoutes);
};
