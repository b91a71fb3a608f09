import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeProfileSchema,
  inviteRequestSchema,
  rolesWithOtherReplaced,
} from '../../../domain/accounts/invite-request-schema';
import { inviteRequestViewSchema, signedUpSchema } from '../../../domain/accounts/invite-request-view';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
} from '../../../domain/accounts/sign-in-schema';
import { recordIdParam } from '../../../domain/record-ids';
import { signedInSchema } from '../../../domain/users/current-user';
import { requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as repo from './auth.repository';
import * as auth from './auth.service';

const idParams = z.object({ id: recordIdParam() });
const passwordResetRequestedSchema = z.object({ message: z.string() });

/** Sign-in, sign-out, password reset and sign-up (invite requests). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const clientOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] as string | undefined,
  });

  app.post(
    '/api/v1/sessions',
    {
      schema: {
        tags: ['auth'],
        body: signInSchema,
        response: answers({ 201: signedInSchema }, 400, 401, 403, 429),
      },
    },
    async (request, reply) => {
      const result = await auth.signIn(
        deps.db,
        deps.features,
        deps.signInLimiter,
        request.body,
        clientOf(request),
        deps.config.sessionTtlDays,
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/v1/sessions',
    { schema: { tags: ['auth'], response: answers({ 204: noContent }, 401) } },
    async (request, reply) => {
      const found = await requireAuth(request);
      await auth.revokeSession(deps.db, found.session.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/passwords',
    {
      schema: {
        tags: ['auth'],
        body: passwordResetRequestSchema,
        response: answers({ 202: passwordResetRequestedSchema }, 400, 429),
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(deps.db, deps.mail, request.body.email);
      return reply.status(202).send({
        message: 'If an account exists for that email, we have sent a link to reset its password.',
      });
    },
  );

  app.put(
    '/api/v1/passwords',
    {
      schema: { tags: ['auth'], body: passwordResetSchema, response: answers({ 204: noContent }, 400, 422) },
    },
    async (request, reply) => {
      await auth.resetPassword(deps.db, request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/invite_requests',
    {
      schema: {
        tags: ['auth'],
        body: inviteRequestSchema,
        response: answers({ 201: signedUpSchema }, 400, 409, 429),
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await auth.createInviteRequest(
        deps.db,
        deps.features,
        { clock: deps.clock, mail: deps.mail },
        request.body,
        clientOf(request),
        deps.config.sessionTtlDays,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/invite_requests/:id',
    {
      schema: {
        tags: ['auth'],
        params: idParams,
        response: answers({ 200: inviteRequestViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const found = await requireAuth(request);
      return auth.inviteRequestView(
        await auth.getInviteRequestOrThrow(deps.db, request.params.id, found.user.id),
      );
    },
  );

  app.patch(
    '/api/v1/invite_requests/:id',
    {
      schema: {
        tags: ['auth'],
        params: idParams,
        body: completeProfileSchema,
        response: answers({ 200: inviteRequestViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const found = await requireAuth(request);
      await auth.getInviteRequestOrThrow(deps.db, request.params.id, found.user.id);
      const { otherRole, roles, ...rest } = request.body;
      const updated = await repo.updateInviteRequest(deps.db, request.params.id, {
        ...rest,
        roles: rolesWithOtherReplaced(roles, otherRole),
        completedAt: new Date(),
      });
      return auth.inviteRequestView(updated!);
    },
  );
};
