import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountingExportKindLabels,
  accountingExportKinds,
  accountingExportQuerySchema,
  accountingStatusSchema,
} from '../../../domain/accounting/qbo-csv';
import { actorOf } from '../../core/caller';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { recordEvent } from '../audit/audit.service';
import { accountingExportFor } from './accounting-export';

/** Beehive's accounting page: which link is configured, and the QuickBooks import files (export_accounting). */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];
  const accounting = accountingExportFor(deps.config);

  app.get(
    '/api/internal/accounting',
    {
      config: { permission: 'export_accounting' },
      schema: { tags, response: answers({ 200: accountingStatusSchema }, 401, 403) },
    },
    async (request) => {
      await requirePermission(request, 'export_accounting');
      return {
        provider: accounting.provider,
        authorizationUrl: accounting.authorizationUrl(randomBytes(16).toString('hex')),
        kinds: accountingExportKinds.map((value) => ({ value, label: accountingExportKindLabels[value] })),
      };
    },
  );

  app.get(
    '/api/internal/accounting/export',
    {
      config: { permission: 'export_accounting' },
      schema: {
        tags,
        querystring: accountingExportQuerySchema,
        response: {
          ...answers({}, 400, 401, 403),
          200: fileAnswer('text/csv', "The records in QuickBooks Online's import format"),
        },
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'export_accounting');
      const { kind, from, to } = request.query;
      const file = await accounting.csv(deps.db, kind, from, to);
      await recordEvent(deps.db, actorOf(caller), { type: 'accounting', id: caller.user.id }, 'export', {
        kind,
        from,
        to,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
