import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nullableTextSchema,
  postalCodeSchema,
  requiredTextSchema,
} from '../../../domain/accounts/address-schema';
import { normalizePostalCode } from '../../../domain/accounts/postal-code';
import { passwordChangeSchema } from '../../../domain/accounts/sign-in-schema';
import { currentUserSchema } from '../../../domain/users/current-user';
import { actorOf } from '../../core/caller';
import { requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as audit from '../audit/audit.service';
import * as auth from '../auth/auth.service';
import * as users from './users.service';

const currentUserPatchSchema = z
  .object({
    id: z.number().int().optional(),
    firstName: requiredTextSchema('Enter a first name for this user'),
    lastName: requiredTextSchema('Enter a last name for this user'),
    phone: nullableTextSchema,
    defaultPostalCode: postalCodeSchema.nullish(),
    messagesEnabled: z.boolean(),
    searchedForProducts: z.boolean(),
    showNewUserSurvey: z.boolean(),
  })
  .partial();

/** The signed-in user's own record. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/users/current',
    { schema: { tags: ['users'], response: answers({ 200: currentUserSchema }, 401) } },
    async (request) => {
      const found = await requireAuth(request);
      const impersonator = found.impersonatorUserId
        ? await users.getUserOrThrow(deps.db, found.impersonatorUserId)
        : null;
      return users.getCurrentUser(deps.db, deps.features, found.user, {
        profile: found.profile,
        impersonator: impersonator && {
          id: impersonator.id,
          fullName: `${impersonator.firstName} ${impersonator.lastName}`,
        },
      });
    },
  );

  app.patch(
    '/api/v1/users/current',
    {
      schema: {
        tags: ['users'],
        body: currentUserPatchSchema,
        response: answers({ 200: currentUserSchema }, 400, 401),
      },
    },
    async (request) => {
      const found = await requireAuth(request);
      const { id: _ignored, defaultPostalCode, ...rest } = request.body;
      const updated = await deps.db.transaction(async (tx) => {
        const row = await users.updateUser(tx, found.user.id, {
          ...rest,
          ...(defaultPostalCode !== undefined
            ? { defaultPostalCode: defaultPostalCode ? normalizePostalCode(defaultPostalCode) : null }
            : {}),
        });
        await audit.recordEvent(tx, actorOf(found), { type: 'user', id: found.user.id }, 'profile_updated', {
          fields: Object.keys(request.body),
        });
        return row!;
      });
      return users.getCurrentUser(deps.db, deps.features, updated);
    },
  );

  app.put(
    '/api/v1/users/current/password',
    {
      schema: {
        tags: ['users'],
        body: passwordChangeSchema,
        response: answers({ 204: noContent }, 400, 401),
      },
    },
    async (request, reply) => {
      const found = await requireAuth(request);
      await auth.changePassword(deps.db, found.user.id, found.session.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
