import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBrandCreateSchema,
  adminBrandPatchSchema,
  adminBrandSchema,
} from '../../../domain/catalog/admin-brands';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import * as adminBrands from './admin-brands.service';
import { logoUploadLimits, readLogo } from './logo-upload';

const idParams = z.object({ id: recordIdParam() });
const config = { permission: 'manage_catalog' } as const;

/** Beehive's brands: /admin/brands, /admin/brands/new and /admin/brands/{id}/edit (manage_catalog). */
export const adminBrandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];
  await app.register(multipart, { limits: logoUploadLimits });

  app.get(
    '/api/internal/brands',
    {
      config,
      schema: {
        tags,
        querystring: z.object(pagingQuery),
        response: answers({ 200: listEnvelopeSchema(adminBrandSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      const { query, page, perPage } = request.query;
      const { rows, total } = await adminBrands.listAdminBrands(deps.db, { query, page, perPage });
      return listResponse(rows, total, page, perPage);
    },
  );

  app.post(
    '/api/internal/brands',
    {
      config,
      schema: {
        tags,
        body: adminBrandCreateSchema,
        response: answers({ 201: adminBrandSchema }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return reply.code(201).send(await adminBrands.createBrand(deps.db, caller, request.body));
    },
  );

  app.get(
    '/api/internal/brands/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 200: adminBrandSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      return adminBrands.getAdminBrand(deps.db, request.params.id);
    },
  );

  app.patch(
    '/api/internal/brands/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminBrandPatchSchema,
        response: answers({ 200: adminBrandSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return adminBrands.updateBrand(deps.db, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/internal/brands/:id/logo',
    {
      config,
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: answers({ 200: adminBrandSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      const data = await readLogo(request);
      return adminBrands.uploadBrandLogo(deps.db, deps.storage, caller, request.params.id, data);
    },
  );
};
