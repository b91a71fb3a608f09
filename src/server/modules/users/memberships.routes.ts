import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  organizationPeopleSchema,
} from '../../../domain/organizations/members';
import { recordIdParam } from '../../../domain/record-ids';
import { callerPermissions, requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as memberships from './memberships.service';

const idParams = z.object({ id: recordIdParam() });
const requestParams = z.object({ id: recordIdParam(), requestId: recordIdParam() });
const invitationParams = z.object({ id: recordIdParam(), invitationId: recordIdParam() });
const memberParams = z.object({ id: recordIdParam(), userId: recordIdParam() });
const tokenParams = z.object({ token: z.string().min(10).max(200) });

/** The caller with the Beehive permissions of its roles, for the staff rule of memberships.service. */
async function membershipCaller(request: FastifyRequest): Promise<memberships.MembershipCaller> {
  const caller = await requireAuth(request);
  return { ...caller, permissions: await callerPermissions(request) };
}

/** The people of a company: members, pending members (joined at sign-up) and e-mailed invitations. */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/organizations/:id/people',
    {
      schema: {
        tags: ['organizations'],
        params: idParams,
        response: answers({ 200: organizationPeopleSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await membershipCaller(request);
      return memberships.getPeople(deps.db, deps.clock, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/organizations/:id/invitations',
    {
      schema: {
        tags: ['organizations'],
        params: idParams,
        body: invitationInputSchema,
        response: answers({ 201: invitationSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = await membershipCaller(request);
      const invitation = await memberships.invite(
        deps.db,
        deps.mail,
        deps.clock,
        caller,
        request.params.id,
        request.body.email,
      );
      return reply.status(201).send(invitation);
    },
  );

  app.delete(
    '/api/v1/organizations/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['organizations'],
        params: invitationParams,
        response: answers({ 204: noContent }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await membershipCaller(request);
      await memberships.revokeInvitation(
        deps.db,
        deps.clock,
        caller,
        request.params.id,
        request.params.invitationId,
      );
      return reply.status(204).send(null);
    },
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/v1/organizations/:id/join_requests/:requestId/${action}`,
      {
        schema: {
          tags: ['organizations'],
          params: requestParams,
          response: answers({ 204: noContent }, 400, 401, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const caller = await membershipCaller(request);
        await memberships.decideJoinRequest(
          deps.db,
          deps.mail,
          deps.clock,
          caller,
          request.params.id,
          request.params.requestId,
          decision,
        );
        return reply.status(204).send(null);
      },
    );
  }

  app.delete(
    '/api/v1/organizations/:id/members/:userId',
    {
      schema: {
        tags: ['organizations'],
        params: memberParams,
        response: answers({ 204: noContent }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await membershipCaller(request);
      await memberships.removeMember(deps.db, caller, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  // Public: the sign-up page opened from an invitation e-mail shows which company the person joins.
  app.get(
    '/api/v1/organization_invitations/:token',
    {
      schema: {
        tags: ['organizations'],
        params: tokenParams,
        response: answers({ 200: invitationPreviewSchema }, 400, 404),
      },
    },
    async (request) => memberships.previewInvitation(deps.db, deps.clock, request.params.token),
  );
};
