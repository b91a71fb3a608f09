import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBranchInputSchema,
  adminBranchSchema,
  postalCodeLookupSchema,
} from '../../../domain/admin/branch-admin';
import { recordIdParam } from '../../../domain/record-ids';
import { actorOf } from '../../core/caller';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import * as branchAdmin from './branch-admin.service';

const branchParams = z.object({ id: recordIdParam(), branchId: recordIdParam('Choose a branch') });
const lookupQuery = z.object({
  postalCode: z
    .string({ error: 'Enter a postal code' })
    .trim()
    .min(1, { error: 'Enter a postal code' })
    .max(10, { error: 'Enter a postal code' }),
});

/** Beehive's branch edit page: a branch's address (with the postal-code lookup), name and switches. */
export const branchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/addresses/lookup',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags,
        querystring: lookupQuery,
        response: answers({ 200: postalCodeLookupSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      return branchAdmin.lookupPostalCodeOrThrow(request.query.postalCode);
    },
  );

  app.get(
    '/api/internal/organizations/:id/branches/:branchId',
    {
      config: { permission: 'view_organizations' },
      schema: {
        tags,
        params: branchParams,
        response: answers({ 200: adminBranchSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_organizations');
      return branchAdmin.getBranchForStaff(deps.db, request.params.id, request.params.branchId);
    },
  );

  app.put(
    '/api/internal/organizations/:id/branches/:branchId',
    {
      config: { permission: 'edit_organizations' },
      schema: {
        tags,
        params: branchParams,
        body: adminBranchInputSchema,
        response: answers({ 200: adminBranchSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'edit_organizations');
      return branchAdmin.updateBranchForStaff(
        deps.db,
        actorOf(staff),
        request.params.id,
        request.params.branchId,
        request.body,
      );
    },
  );
};
