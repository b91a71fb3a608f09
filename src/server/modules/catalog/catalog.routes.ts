import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySorts,
  booleanQuerySchema,
  favoriteBranchSchema,
  idArrayQuerySchema,
  postalCodeQuerySchema,
  productOrBranchesRequiredMessage,
  radiusQuerySchema,
} from '../../../domain/catalog/catalog-queries';
import {
  availabilitySchema,
  branchSchema,
  favoriteBranchesSchema,
  productPageSchema,
} from '../../../domain/catalog/catalog-views';
import { optionalAuth, requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as catalog from './catalog.service';

const productParams = z.object({
  idOrPathIdentifier: z
    .string()
    .trim()
    .min(1, { error: 'Choose a product' })
    .max(200, { error: 'Limit the product to 200 characters' }),
});
const branchSlugParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1, { error: 'Choose a branch' })
    .max(200, { error: 'Limit the branch to 200 characters' }),
});
const branchIdParams = z.object({ branchId: favoriteBranchSchema.shape.branchId });

const paging = { page: pagingQuery.page, perPage: pagingQuery.perPage };

// Bracketed arrays arrive under their bracketed key (`branchIds[]`); a plain repeated key works too.
const availabilitiesQuery = z
  .object({
    productId: z.coerce
      .number({ error: 'productId must be a number' })
      .int({ error: 'productId must be a whole number' })
      .positive({ error: 'productId must be a positive id' })
      .optional(),
    'branchIds[]': idArrayQuerySchema('branchIds'),
    branchIds: idArrayQuerySchema('branchIds'),
    available: booleanQuerySchema.optional(),
    postalCode: postalCodeQuerySchema.optional(),
    query: pagingQuery.query,
    sort: z
      .enum(availabilitySorts, { error: `Sort by one of ${availabilitySorts.join(', ')}` })
      .default('price|asc'),
    ...paging,
  })
  .refine((query) => query.productId !== undefined || query['branchIds[]'] || query.branchIds, {
    error: productOrBranchesRequiredMessage,
    path: ['productId'],
  });

const branchesQuery = z.object({
  postalCode: postalCodeQuerySchema.optional(),
  radius: radiusQuerySchema.optional(),
  'branchIds[]': idArrayQuerySchema('branchIds'),
  branchIds: idArrayQuerySchema('branchIds'),
  ...paging,
});

/** Products, their listings with the caller's prices, supplier branches and the caller's favourite branches. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/products/:idOrPathIdentifier',
    {
      schema: {
        tags: ['catalog'],
        params: productParams,
        response: answers({ 200: productPageSchema }, 400, 404),
      },
    },
    async (request) =>
      catalog.getProductOrThrow(deps.db, request.params.idOrPathIdentifier, await optionalAuth(request)),
  );

  app.get(
    '/api/v1/availabilities',
    {
      schema: {
        tags: ['catalog'],
        querystring: availabilitiesQuery,
        response: answers({ 200: listEnvelopeSchema(availabilitySchema) }, 400, 404),
      },
    },
    async (request) => {
      const caller = await optionalAuth(request);
      const { 'branchIds[]': bracketed, branchIds, ...rest } = request.query;
      return catalog.listAvailabilities(deps.db, caller, { ...rest, branchIds: bracketed ?? branchIds });
    },
  );

  app.get(
    '/api/v1/branches',
    {
      schema: {
        tags: ['catalog'],
        querystring: branchesQuery,
        response: answers({ 200: listEnvelopeSchema(branchSchema) }, 400),
      },
    },
    async (request) => {
      const { 'branchIds[]': bracketed, branchIds, ...rest } = request.query;
      return catalog.listBranches(deps.db, { ...rest, branchIds: bracketed ?? branchIds });
    },
  );

  app.get(
    '/api/v1/branches/:slug',
    {
      schema: {
        tags: ['catalog'],
        params: branchSlugParams,
        response: answers({ 200: branchSchema }, 400, 404),
      },
    },
    async (request) => catalog.getBranchOrThrow(deps.db, request.params.slug),
  );

  app.post(
    '/api/v1/favorite_branches',
    {
      schema: {
        tags: ['catalog'],
        body: favoriteBranchSchema,
        response: answers({ 200: favoriteBranchesSchema, 201: favoriteBranchesSchema }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      const { created, favorite } = await catalog.addFavoriteBranch(deps.db, caller, request.body.branchId);
      return reply.status(created ? 201 : 200).send(favorite);
    },
  );

  app.delete(
    '/api/v1/favorite_branches/:branchId',
    {
      schema: {
        tags: ['catalog'],
        params: branchIdParams,
        response: answers({ 204: noContent }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      await catalog.removeFavoriteBranch(deps.db, caller, request.params.branchId);
      return reply.status(204).send(null);
    },
  );
};
