import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerReportSchema,
  reportRangeQuerySchema,
  supplierReportSchema,
} from '../../../domain/reports/reports';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import * as reports from './reports.service';

/** Analytics for companies with dashboardAccess (issue 19): `/reports` in the web app. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/reports/supplier',
    {
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: answers({ 200: supplierReportSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return reports.getSupplierReport(deps.db, deps.features, deps.clock, caller, request.query);
    },
  );

  app.get(
    '/api/v1/reports/buyer',
    {
      schema: {
        tags: ['reports'],
        querystring: reportRangeQuerySchema,
        response: answers({ 200: buyerReportSchema }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return reports.getBuyerReport(deps.db, deps.features, deps.clock, caller, request.query);
    },
  );
};
