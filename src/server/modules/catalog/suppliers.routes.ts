import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilitySorts, postalCodeQuerySchema } from '../../../domain/catalog/catalog-queries';
import {
  availabilitySchema,
  branchPinSchema,
  supplierDirectoryEntrySchema,
  supplierStateSchema,
} from '../../../domain/catalog/catalog-views';
import {
  stateQuerySchema,
  supplierRadiusQuerySchema,
  supplierSorts,
} from '../../../domain/catalog/supplier-queries';
import { optionalAuth } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as suppliers from './suppliers.service';

const directoryQuery = z.object({
  query: pagingQuery.query,
  state: stateQuerySchema.optional(),
  postalCode: postalCodeQuerySchema.optional(),
  radius: supplierRadiusQuerySchema.optional(),
  sort: z.enum(supplierSorts, { error: `Sort by one of ${supplierSorts.join(', ')}` }).optional(),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

const branchSlugParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1, { error: 'Choose a branch' })
    .max(200, { error: 'Limit the branch to 200 characters' }),
});

const branchAvailabilityQuery = z.object({
  query: pagingQuery.query,
  sort: z
    .enum(availabilitySorts, { error: `Sort by one of ${availabilitySorts.join(', ')}` })
    .default('name|asc'),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

/** The supplier directory, its states and map pins, and one branch's availability list. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/suppliers',
    {
      schema: {
        tags: ['catalog'],
        querystring: directoryQuery,
        response: answers({ 200: listEnvelopeSchema(supplierDirectoryEntrySchema) }, 400),
      },
    },
    async (request) => suppliers.listSupplierDirectory(deps.db, request.query),
  );

  app.get(
    '/api/v1/suppliers/states',
    { schema: { tags: ['catalog'], response: answers({ 200: z.array(supplierStateSchema) }) } },
    async () => suppliers.listSupplierStates(deps.db),
  );

  app.get(
    '/api/v1/suppliers/pins',
    { schema: { tags: ['catalog'], response: answers({ 200: z.array(branchPinSchema) }) } },
    async () => suppliers.listBranchPins(deps.db),
  );

  app.get(
    '/api/v1/branches/:slug/availabilities',
    {
      schema: {
        tags: ['catalog'],
        params: branchSlugParams,
        querystring: branchAvailabilityQuery,
        response: answers({ 200: listEnvelopeSchema(availabilitySchema) }, 400, 404),
      },
    },
    async (request) =>
      suppliers.listBranchAvailabilities(
        deps.db,
        await optionalAuth(request),
        request.params.slug,
        request.query,
      ),
  );
};
