import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminImageOrderSchema,
  adminProductFilterChoicesSchema,
  adminProductFilterSchema,
  adminProductListItemSchema,
  adminProductPatchSchema,
  adminProductSchema,
  adminVariantInputSchema,
} from '../../../domain/catalog/admin-products';
import { productImageListSchema } from '../../../domain/catalog/catalog-views';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import * as adminProducts from './admin-products.service';
import * as productImages from './product-images.service';

const idParams = z.object({ id: recordIdParam() });
const config = { permission: 'manage_catalog' } as const;
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** Beehive's catalogue: /admin/products (search, filters, paging) and a product's edit page. */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/products',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ ...pagingQuery, ...adminProductFilterSchema }),
        response: answers({ 200: listEnvelopeSchema(adminProductListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      const q = request.query;
      const { rows, total } = await adminProducts.listAdminProducts(deps.db, {
        query: q.query,
        group: q.group,
        family: q.family,
        categoryId: q.categoryId,
        brandId: q.brandId,
        missingImage: flag(q.missingImage),
        noListings: flag(q.noListings),
        restricted: flag(q.restricted),
        page: q.page,
        perPage: q.perPage,
      });
      return listResponse(rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/internal/products/filter_choices',
    {
      config,
      schema: { tags, response: answers({ 200: adminProductFilterChoicesSchema }, 401, 403) },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      return adminProducts.adminProductFilterChoices(deps.db);
    },
  );

  app.get(
    '/api/internal/products/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 200: adminProductSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      return adminProducts.getAdminProduct(deps.db, request.params.id);
    },
  );

  app.patch(
    '/api/internal/products/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminProductPatchSchema,
        response: answers({ 200: adminProductSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return adminProducts.updateAdminProduct(deps.db, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/internal/products/:id/variants',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminVariantInputSchema,
        response: answers({ 201: adminProductSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return reply
        .code(201)
        .send(await adminProducts.addVariant(deps.db, caller, request.params.id, request.body));
    },
  );

  app.patch(
    '/api/internal/product_variants/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminVariantInputSchema,
        response: answers({ 200: adminProductSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return adminProducts.renameVariant(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/internal/product_variants/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: adminProductSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return adminProducts.removeVariant(deps.db, caller, request.params.id);
    },
  );

  app.put(
    '/api/internal/products/:id/image_order',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: adminImageOrderSchema,
        response: answers({ 200: productImageListSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_catalog');
      return {
        results: await productImages.reorderProductImages(
          deps.db,
          caller,
          request.params.id,
          request.body.imageIds,
        ),
      };
    },
  );
};
