import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balanceIdsSchema,
  creditMemoBodySchema,
  creditMemoSchema,
  invoiceDetailSchema,
  invoiceIdsQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  priceAdjustmentBodySchema,
  priceAdjustmentSchema,
} from '../../../domain/invoices/invoice-views';
import { recordIdParam } from '../../../domain/record-ids';
import { utcDay } from '../../core/clock';
import type { Executor } from '../../core/database';
import { requireAdmin, requireSiteUser } from '../../http/auth';
import { normalizeBracketedKeys } from '../../http/bracket-arrays';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import * as invoiceWorkflow from '../../workflows/invoice-order';
import * as organizations from '../organizations/organizations.service';
import { billToOf, renderCreditMemoPdf, renderInvoicesPdf } from './invoice-pdf';
import * as invoices from './invoices.service';

const tags = ['invoices'];
const idParams = z.object({ id: recordIdParam('Choose an invoice') });
const orderParams = z.object({ id: recordIdParam('Choose an order') });

function attachment(fileName: string) {
  return `attachment; filename="${fileName}"`;
}

async function documentsOf(db: Executor, rows: invoices.InvoiceRow[]) {
  return Promise.all(
    rows.map(async (invoice) => ({
      invoice,
      billTo: billToOf(await organizations.findBillingProfile(db, invoice.buyerOrganizationId)),
      creditMemos: await invoices.listCreditMemos(db, invoice.id),
    })),
  );
}

/**
 * Invoices (issue 18): the buyer organisation's dashboard list, one invoice, its PDF and several in one
 * PDF; staff send invoices, adjust prices before invoicing and credit after.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/invoices',
    {
      schema: {
        tags,
        querystring: invoiceListQuerySchema,
        response: answers({ 200: invoiceListSchema }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return invoices.listInvoices(deps.db, caller, request.query, utcDay(deps.clock));
    },
  );

  app.get(
    '/api/v1/invoices/balance',
    { schema: { tags, response: answers({ 200: balanceIdsSchema }, 401, 403) } },
    async (request) => invoices.payableBalance(deps.db, await requireSiteUser(request)),
  );

  app.get(
    '/api/v1/invoices/pdfs',
    {
      preValidation: normalizeBracketedKeys,
      schema: {
        tags,
        querystring: invoiceIdsQuerySchema,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The invoices in one PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const rows = await invoices.getInvoicesOrThrow(deps.db, caller, request.query.invoiceIds);
      const pdf = await renderInvoicesPdf(await documentsOf(deps.db, rows));
      const name =
        rows.length === 1 ? `Invoice ${rows[0].invoiceNumber}.pdf` : `Invoices (${rows.length}).pdf`;
      return reply.type('application/pdf').header('content-disposition', attachment(name)).send(pdf);
    },
  );

  app.get(
    '/api/v1/invoices/:id',
    {
      schema: { tags, params: idParams, response: answers({ 200: invoiceDetailSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return invoices.invoiceDetail(deps.db, caller, request.params.id, utcDay(deps.clock));
    },
  );

  app.get(
    '/api/v1/invoices/:id/pdf',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The invoice as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const row = await invoices.getInvoiceOrThrow(deps.db, caller, request.params.id);
      const pdf = await renderInvoicesPdf(await documentsOf(deps.db, [row]));
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`Invoice ${row.invoiceNumber}.pdf`))
        .send(pdf);
    },
  );

  app.get(
    '/api/v1/credit_memos/:id/pdf',
    {
      schema: {
        tags,
        params: z.object({ id: recordIdParam('Choose a credit memo') }),
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The credit memo as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const { memo, invoice } = await invoices.getCreditMemoOrThrow(deps.db, caller, request.params.id);
      const billTo = billToOf(await organizations.findBillingProfile(deps.db, invoice.buyerOrganizationId));
      const pdf = await renderCreditMemoPdf(memo, invoice, billTo);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`Credit Memo ${memo.memoNumber}.pdf`))
        .send(pdf);
    },
  );

  // Staff

  app.post(
    '/api/internal/orders/:id/send_invoice',
    {
      schema: {
        tags: ['admin'],
        params: orderParams,
        response: answers({ 200: invoiceSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      const caller = await requireAdmin(request);
      const today = utcDay(deps.clock);
      const row = await invoiceWorkflow.sendInvoice(deps.db, deps, caller, request.params.id, today);
      return invoices.invoiceView(row, today);
    },
  );

  app.get(
    '/api/v1/orders/:id/invoice',
    {
      schema: {
        tags,
        params: orderParams,
        response: answers({ 200: z.object({ invoice: invoiceSchema.nullable() }) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return {
        invoice: await invoices.invoiceOfOrder(deps.db, caller, request.params.id, utcDay(deps.clock)),
      };
    },
  );

  app.get(
    '/api/internal/orders/:id/invoice',
    {
      schema: {
        tags: ['admin'],
        params: orderParams,
        response: answers({ 200: z.object({ invoice: invoiceDetailSchema.nullable() }) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireAdmin(request);
      const row = await invoices.findInvoiceOfOrder(deps.db, request.params.id);
      return {
        invoice: row ? await invoices.invoiceDetail(deps.db, caller, row.id, utcDay(deps.clock)) : null,
      };
    },
  );

  app.get(
    '/api/internal/orders/:id/price_adjustments',
    {
      schema: {
        tags: ['admin'],
        params: orderParams,
        response: answers({ 200: z.array(priceAdjustmentSchema) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requireAdmin(request);
      return invoices.listPriceAdjustments(deps.db, request.params.id);
    },
  );

  app.post(
    '/api/internal/orders/:id/price_adjustments',
    {
      schema: {
        tags: ['admin'],
        params: orderParams,
        body: priceAdjustmentBodySchema,
        response: answers({ 201: priceAdjustmentSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireAdmin(request);
      const created = await deps.db.transaction((tx) =>
        invoices.createPriceAdjustment(tx, caller, request.params.id, request.body),
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/internal/price_adjustments/:id',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: recordIdParam('Choose a price adjustment') }),
        response: answers({ 204: noContent }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await deps.db.transaction((tx) => invoices.deletePriceAdjustment(tx, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/internal/invoices/:id/credit_memos',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: creditMemoBodySchema,
        response: answers({ 201: creditMemoSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireAdmin(request);
      const memo = await deps.db.transaction((tx) =>
        invoices.createCreditMemo(tx, caller, request.params.id, request.body, utcDay(deps.clock)),
      );
      return reply.code(201).send(memo);
    },
  );
};
