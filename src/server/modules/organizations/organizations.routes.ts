import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyProfileSchema } from '../../../domain/accounts/company-schema';
import { companyViewSchema } from '../../../domain/accounts/company-view';
import {
  organizationBranchSchema,
  organizationLookupQuerySchema,
  organizationLookupResultSchema,
  supplierLandingSchema,
} from '../../../domain/organizations/organization-views';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth } from '../../http/auth';
import { answers } from '../../http/contract';
import * as organizations from './organizations.service';

const idParams = z.object({ id: recordIdParam() });

/** The caller's company profile: create, read, update. */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/api/v1/organizations',
    {
      schema: {
        tags: ['organizations'],
        body: companyProfileSchema,
        response: answers({ 201: companyViewSchema }, 400, 401, 409),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      return reply.status(201).send(await organizations.createCompany(deps.db, caller, request.body));
    },
  );

  app.get(
    '/api/v1/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        params: idParams,
        response: answers({ 200: companyViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      return organizations.getCompanyOrThrow(deps.db, caller, request.params.id);
    },
  );

  app.patch(
    '/api/v1/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        params: idParams,
        body: companyProfileSchema,
        response: answers({ 200: companyViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      return organizations.updateCompany(deps.db, caller, request.params.id, request.body);
    },
  );

  // Public: sign-up's 'already uses Hedgerow' finds the company by name (and postal code).
  app.get(
    '/api/v1/organizations/lookup',
    {
      schema: {
        tags: ['organizations'],
        querystring: organizationLookupQuerySchema,
        response: answers({ 200: z.object({ results: z.array(organizationLookupResultSchema) }) }, 400),
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ({
      results: await organizations.lookupOrganizations(deps.db, request.query.name, request.query.postalCode),
    }),
  );

  app.get(
    '/api/v1/organizations/:id/branches',
    {
      schema: {
        tags: ['organizations'],
        params: idParams,
        response: answers({ 200: z.object({ results: z.array(organizationBranchSchema) }) }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      return { results: await organizations.listCompanyBranches(deps.db, caller, request.params.id) };
    },
  );

  // Public: a supplier's landing page (spec part 3 §2.9 `/supplier/{x}`).
  app.get(
    '/api/v1/supplier_pages/:slug',
    {
      schema: {
        tags: ['organizations'],
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: answers({ 200: supplierLandingSchema }, 400, 404),
      },
    },
    async (request) => organizations.getSupplierLandingOrThrow(deps.db, request.params.slug),
  );
};
