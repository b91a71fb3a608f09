import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingExportKindLabels,
  accountingExportKinds,
  accountingExportQuerySchema,
  accountingStatusSchema,
} from '../../../domain/accounting/qbo-csv';
import {
  quickbooksAuthorizationSchema,
  quickbooksCallbackQuerySchema,
  quickbooksConnectionSchema,
  quickbooksPushSchema,
  quickbooksVendorNotFoundMessage,
  quickbooksVendorQuerySchema,
  quickbooksVendorSchema,
} from '../../../domain/accounting/quickbooks-link';
import { recordIdParam } from '../../../domain/record-ids';
import { actorOf } from '../../core/caller';
import { AppError } from '../../core/errors';
import { requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { recordEvent } from '../audit/audit.service';
import { accountingExportFor } from './accounting-export';
import * as connection from './quickbooks-connection.service';
import { QuickBooksError } from './quickbooks-online';
import * as pushes from './quickbooks-push.service';

/** A refusal from QuickBooks becomes a 422 carrying its own message rather than a 500. */
async function askQuickBooks<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof QuickBooksError) {
      throw new AppError('unprocessable', error.message, { code: 'quickbooks_refused' });
    }
    throw error;
  }
}

/**
 * Beehive's accounting page (export_accounting): the QuickBooks import files, and with QuickBooks keys
 * the link to a company (authorize, callback, disconnect), pushes of invoices and bills, and vendors
 * found by name (spec part 3 §7.6).
 */
export const accountingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];
  const accounting = accountingExportFor(deps.config);
  const link = connection.quickbooksLinkFor(deps.config);

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
        connection: link ? await connection.connectionView(deps.db) : null,
        lastPush: link ? await pushes.lastPushView(deps.db) : null,
        kinds: accountingExportKinds.map((value) => ({ value, label: accountingExportKindLabels[value] })),
      };
    },
  );

  app.post(
    '/api/internal/accounting/quickbooks/authorize',
    {
      config: { permission: 'export_accounting' },
      schema: { tags, response: answers({ 200: quickbooksAuthorizationSchema }, 401, 403, 422) },
    },
    async (request) => {
      const caller = await requirePermission(request, 'export_accounting');
      return connection.authorize(deps.db, connection.requireLink(link), caller, deps.clock.now());
    },
  );

  app.get(
    '/api/internal/accounting/quickbooks/callback',
    {
      config: { permission: 'export_accounting' },
      schema: {
        tags,
        querystring: quickbooksCallbackQuerySchema,
        response: answers({ 200: quickbooksConnectionSchema }, 400, 401, 403, 422),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'export_accounting');
      const linked = connection.requireLink(link);
      return askQuickBooks(() =>
        connection.completeAuthorization(deps.db, linked, caller, deps.clock.now(), request.query),
      );
    },
  );

  app.delete(
    '/api/internal/accounting/quickbooks/connection',
    {
      config: { permission: 'export_accounting' },
      schema: { tags, response: answers({ 204: noContent }, 401, 403) },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'export_accounting');
      await connection.disconnect(deps.db, caller);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/internal/accounting/quickbooks/pushes',
    {
      config: { permission: 'export_accounting' },
      schema: { tags, response: answers({ 202: quickbooksPushSchema }, 401, 403, 409, 422) },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'export_accounting');
      connection.requireLink(link);
      const push = await pushes.requestPush(deps.db, deps.jobs, caller, deps.clock.now());
      return reply.status(202).send(push);
    },
  );

  app.get(
    '/api/internal/accounting/quickbooks/pushes/:id',
    {
      config: { permission: 'export_accounting' },
      schema: {
        tags,
        params: z.object({ id: recordIdParam('Choose a push') }),
        response: answers({ 200: quickbooksPushSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'export_accounting');
      return pushes.getPush(deps.db, request.params.id);
    },
  );

  app.get(
    '/api/internal/quickbooks_vendors/find_by_name',
    {
      config: { permission: 'export_accounting' },
      schema: {
        tags,
        querystring: quickbooksVendorQuerySchema,
        response: answers({ 200: quickbooksVendorSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      await requirePermission(request, 'export_accounting');
      const linked = connection.requireLink(link);
      const vendor = await askQuickBooks(async () =>
        linked.adapter.findVendorByName(
          await connection.connectedCompany(deps.db, linked, deps.clock.now()),
          request.query.name,
        ),
      );
      if (!vendor) throw new AppError('not_found', quickbooksVendorNotFoundMessage);
      return vendor;
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
