import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserSchema } from '../../../domain/admin/admin-views';
import {
  permissionLabels,
  permissions,
  permissionViewSchema,
  roleInputSchema,
  roleSchema,
  userRolesInputSchema,
} from '../../../domain/admin/permissions';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as organizations from '../organizations/organizations.service';
import * as roles from '../users/roles.service';
import { userAdminView } from './admin-views';

const idParams = z.object({ id: recordIdParam() });
const tags = ['admin'];
const config = { permission: 'manage_roles' } as const;

/** Beehive roles and the permissions they grant (spec part 3 §6: admins create, edit and assign roles). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/internal/permissions',
    {
      config,
      schema: {
        tags,
        response: answers({ 200: z.object({ results: z.array(permissionViewSchema) }) }, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_roles');
      return { results: permissions.map((name) => ({ name, label: permissionLabels[name] })) };
    },
  );

  app.get(
    '/api/internal/roles',
    {
      // Listing roles is part of viewing users too (the user page shows what a role grants).
      config: { permission: 'view_users' },
      schema: { tags, response: answers({ 200: z.object({ results: z.array(roleSchema) }) }, 401, 403) },
    },
    async (request) => {
      await requirePermission(request, 'view_users');
      return { results: await roles.listRoles(deps.db) };
    },
  );

  app.get(
    '/api/internal/roles/:id',
    {
      config: { permission: 'view_users' },
      schema: { tags, params: idParams, response: answers({ 200: roleSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      await requirePermission(request, 'view_users');
      return roles.getRole(deps.db, request.params.id);
    },
  );

  app.post(
    '/api/internal/roles',
    {
      config,
      schema: { tags, body: roleInputSchema, response: answers({ 201: roleSchema }, 400, 401, 403, 409) },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_roles');
      return reply.code(201).send(await roles.createRole(deps.db, caller, request.body));
    },
  );

  app.patch(
    '/api/internal/roles/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: roleInputSchema.partial(),
        response: answers({ 200: roleSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_roles');
      return roles.updateRole(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/internal/roles/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404, 422) },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_roles');
      await roles.deleteRole(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/internal/users/:id/roles',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: userRolesInputSchema,
        response: answers({ 200: adminUserSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_roles');
      const user = await roles.setUserRoles(deps.db, caller, request.params.id, request.body.roleIds);
      const organizationName = user.organizationId
        ? (await organizations.getCompanyForStaff(deps.db, user.organizationId)).name
        : null;
      return userAdminView(user, organizationName);
    },
  );
};
