import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchTermsSchema,
  branchVisibilitySchema,
  inventoryOrganizationSchema,
  inventoryRowSchema,
  inventoryStockFilters,
  orderRequirementsInputSchema,
  orderRequirementsSchema,
  supplierNoticeInputSchema,
  supplierNoticeSchema,
  updateAvailabilitySchema,
  zeroOutResultSchema,
} from '../../../domain/inventory/inventory-schemas';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { callerPermissions, requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as inventory from './inventory.service';
import { logoUploadLimits, readLogo } from './logo-upload';

/** Staff whose role grants edit_organizations keep any branch's requirements and notices (Beehive's branch page). */
const editsEveryBranch = async (request: FastifyRequest) =>
  (await callerPermissions(request)).includes('edit_organizations');

const idParams = z.object({ id: recordIdParam() });
const slugParams = z.object({ slug: z.string().trim().min(1).max(200) });
const logoParams = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.png$/, { error: 'Logo not found' }),
});

const inventoryQuery = z.object({
  branchId: recordIdParam('Choose a branch').optional(),
  organizationSlug: z.string().trim().min(1).max(200).optional(),
  query: pagingQuery.query,
  stock: z
    .enum(inventoryStockFilters, { error: `Show one of ${inventoryStockFilters.join(', ')}` })
    .default('all'),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

const branchTermsQuery = z.object({
  branchIds: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, { error: 'List branch ids separated by commas' })
    .max(1000)
    .transform((text) => text.split(',').map(Number)),
});

const logoAnswer = z.object({ logoUrl: z.string() }).meta({ id: 'LogoUploaded' });

/**
 * A supplier's inventory (issue 19): its listings with inline edits, zero out, reindex and hiding
 * a branch, order requirements, notices and logos; buyers read branches' terms.
 */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['inventory'];
  await app.register(multipart, { limits: logoUploadLimits });

  app.get(
    '/api/v1/inventory',
    {
      schema: {
        tags,
        querystring: inventoryQuery,
        response: answers({ 200: listEnvelopeSchema(inventoryRowSchema) }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.listInventory(deps.db, await requireAuth(request), request.query, deps.clock.now()),
  );

  app.get(
    '/api/v1/inventory/organization',
    {
      schema: {
        tags,
        querystring: z.object({ slug: z.string().trim().min(1).max(200).optional() }),
        response: answers({ 200: inventoryOrganizationSchema }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.getInventoryOrganization(deps.db, await requireAuth(request), request.query.slug),
  );

  app.get(
    '/api/v1/inventory/branches/:slug',
    {
      schema: {
        tags,
        params: slugParams,
        response: answers({ 200: inventoryOrganizationSchema }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.getInventoryBranchBySlug(deps.db, await requireAuth(request), request.params.slug),
  );

  app.patch(
    '/api/v1/availabilities/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateAvailabilitySchema,
        response: answers({ 200: inventoryRowSchema }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.updateListing(
        deps.db,
        await requireAuth(request),
        request.params.id,
        request.body,
        deps.clock.now(),
      ),
  );

  app.post(
    '/api/v1/branches/:id/zero_out_availability',
    { schema: { tags, params: idParams, response: answers({ 200: zeroOutResultSchema }, 400, 401, 404) } },
    async (request) => inventory.zeroOutBranch(deps.db, await requireAuth(request), request.params.id),
  );

  app.post(
    '/api/v1/branches/:id/reindex_availability',
    { schema: { tags, params: idParams, response: answers({ 200: zeroOutResultSchema }, 400, 401, 404) } },
    async (request) => inventory.reindexBranch(deps.db, await requireAuth(request), request.params.id),
  );

  app.put(
    '/api/v1/branches/:id/visibility',
    {
      schema: {
        tags,
        params: idParams,
        body: branchVisibilitySchema,
        response: answers({ 200: branchVisibilitySchema }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.setBranchHidden(deps.db, await requireAuth(request), request.params.id, request.body.hidden),
  );

  // ---------- order requirements

  app.get(
    '/api/v1/branches/:id/order_requirements',
    {
      schema: { tags, params: idParams, response: answers({ 200: orderRequirementsSchema }, 400, 401, 404) },
    },
    async (request) =>
      inventory.getOrderRequirements(
        deps.db,
        await requireAuth(request),
        request.params.id,
        await editsEveryBranch(request),
      ),
  );

  app.post(
    '/api/v1/branches/:id/order_requirements',
    {
      schema: {
        tags,
        params: idParams,
        body: orderRequirementsInputSchema,
        response: answers({ 200: orderRequirementsSchema }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.saveOrderRequirements(
        deps.db,
        await requireAuth(request),
        request.params.id,
        request.body,
        await editsEveryBranch(request),
      ),
  );

  app.delete(
    '/api/v1/branches/:id/order_requirements',
    { schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 404) } },
    async (request, reply) => {
      await inventory.deleteOrderRequirements(
        deps.db,
        await requireAuth(request),
        request.params.id,
        await editsEveryBranch(request),
      );
      return reply.code(204).send(null);
    },
  );

  // ---------- notices

  app.get(
    '/api/v1/branches/:id/supplier_notices',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: z.array(supplierNoticeSchema) }, 400, 401, 404),
      },
    },
    async (request) =>
      inventory.listBranchNotices(
        deps.db,
        await requireAuth(request),
        request.params.id,
        deps.clock,
        await editsEveryBranch(request),
      ),
  );

  app.post(
    '/api/v1/branches/:id/supplier_notices',
    {
      schema: {
        tags,
        params: idParams,
        body: supplierNoticeInputSchema,
        response: answers({ 201: supplierNoticeSchema }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      const notice = await inventory.addNotice(
        deps.db,
        caller,
        request.params.id,
        request.body,
        deps.clock,
        await editsEveryBranch(request),
      );
      return reply.code(201).send(notice);
    },
  );

  app.delete(
    '/api/v1/supplier_notices/:id',
    { schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 404) } },
    async (request, reply) => {
      await inventory.removeNotice(
        deps.db,
        await requireAuth(request),
        request.params.id,
        await editsEveryBranch(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/branch_terms',
    {
      schema: {
        tags,
        querystring: branchTermsQuery,
        response: answers({ 200: z.array(branchTermsSchema) }, 400),
      },
    },
    async (request) => inventory.branchTerms(deps.db, request.query.branchIds, deps.clock),
  );

  // ---------- logos

  app.post(
    '/api/v1/branches/:id/logo',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: answers({ 200: logoAnswer }, 400, 401, 404, 422),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      const data = await readLogo(request);
      return inventory.uploadBranchLogo(deps.db, deps.storage, caller, request.params.id, data);
    },
  );

  app.post(
    '/api/v1/organizations/:id/logo',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: answers({ 200: logoAnswer }, 400, 401, 404, 422),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      const data = await readLogo(request);
      return inventory.uploadOrganizationLogo(deps.db, deps.storage, caller, request.params.id, data);
    },
  );

  app.get(
    '/api/v1/supplier_logos/:name',
    {
      schema: {
        tags,
        params: logoParams,
        response: { ...answers({}, 400, 404), 200: fileAnswer('image/png', 'The logo as PNG') },
      },
    },
    async (request, reply) => {
      const data = await deps.storage.get(`${inventory.logoPrefix}/${request.params.name}`);
      if (!data) throw new AppError('not_found', 'Logo not found');
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
};
