import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeProfileSchema,
  inviteRequestSchema,
  rolesWithOtherReplaced,
} from '../../../domain/accounts/invite-request-schema';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
} from '../../../domain/accounts/sign-in-schema';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth } from '../../http/auth';
import * as repo from './auth.repository';
import * as auth from './auth.service';

const idParams = z.object({ id: recordIdParam() });

/** Sign-in, sign-out, password reset and sign-up (invite requests). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const clientOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'] as string | undefined,
  });

  app.post('/api/v1/sessions', { schema: { tags: ['auth'], body: signInSchema } }, async (request, reply) => {
    const result = await auth.signIn(
      deps.db,
      deps.signInLimiter,
      request.body,
      clientOf(request),
      deps.config.sessionTtlDays,
    );
    return reply.status(201).send(result);
  });

  app.delete('/api/v1/sessions', { schema: { tags: ['auth'] } }, async (request, reply) => {
    const found = await requireAuth(request);
    await auth.revokeSession(deps.db, found.session.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/v1/passwords',
    {
      schema: { tags: ['auth'], body: passwordResetRequestSchema },
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
    { schema: { tags: ['auth'], body: passwordResetSchema } },
    async (request, reply) => {
      await auth.resetPassword(deps.db, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/invite_requests',
    {
      schema: { tags: ['auth'], body: inviteRequestSchema },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await auth.createInviteRequest(
        deps.db,
        request.body,
        clientOf(request),
        deps.config.sessionTtlDays,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/invite_requests/:id',
    { schema: { tags: ['auth'], params: idParams } },
    async (request) => {
      const found = await requireAuth(request);
      return auth.inviteRequestView(
        await auth.getInviteRequestOrThrow(deps.db, request.params.id, found.user.id),
      );
    },
  );

  app.patch(
    '/api/v1/invite_requests/:id',
    { schema: { tags: ['auth'], params: idParams, body: completeProfileSchema } },
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
