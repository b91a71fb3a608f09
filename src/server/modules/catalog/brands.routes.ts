import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandPageSchema, brandSchema, supplierBrandPageSchema } from '../../../domain/catalog/catalog-views';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as brands from './brands.service';

const brandParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1, { error: 'Choose a brand' })
    .max(200, { error: 'Limit the brand to 200 characters' }),
});

const supplierBrandParams = brandParams.extend({
  organizationSlug: z
    .string()
    .trim()
    .min(1, { error: 'Choose a supplier' })
    .max(200, { error: 'Limit the supplier to 200 characters' }),
});

const brandsQuery = z.object({
  query: pagingQuery.query,
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});
const brandProductsQuery = z.object({ page: pagingQuery.page, perPage: pagingQuery.perPage });

/** Brands of manufactured goods and their products. */
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/brands',
    {
      schema: {
        tags: ['catalog'],
        querystring: brandsQuery,
        response: answers({ 200: listEnvelopeSchema(brandSchema) }, 400),
      },
    },
    async (request) => brands.listBrands(deps.db, request.query),
  );

  app.get(
    '/api/v1/brands/:slug',
    {
      schema: {
        tags: ['catalog'],
        params: brandParams,
        querystring: brandProductsQuery,
        response: answers({ 200: brandPageSchema }, 400, 404),
      },
    },
    async (request) => brands.getBrandOrThrow(deps.db, request.params.slug, request.query),
  );

  app.get(
    '/api/v1/brands/:organizationSlug/:slug',
    {
      schema: {
        tags: ['catalog'],
        params: supplierBrandParams,
        querystring: brandProductsQuery,
        response: answers({ 200: supplierBrandPageSchema }, 400, 404),
      },
    },
    async (request) =>
      brands.getSupplierBrandOrThrow(
        deps.db,
        request.params.organizationSlug,
        request.params.slug,
        request.query,
      ),
  );
};
