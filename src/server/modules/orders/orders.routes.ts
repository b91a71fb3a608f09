import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyerDateChangeSchema,
  contactSupplierSchema,
  decideProposalSchema,
  fulfillSchema,
  respondSchema,
} from '../../../domain/orders/order-responses';
import { orderEvents, orderStates } from '../../../domain/orders/order-states';
import {
  orderStatsSchema,
  orderViewSchema,
  reorderResultSchema,
  supplierHistoryItemSchema,
} from '../../../domain/orders/order-views';
import { recordIdParam, versionSchema } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requirePermission, requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import { requestFreightOnConfirm } from '../../workflows/freight-estimates';
import * as invoiceWorkflow from '../../workflows/invoice-order';
import * as reorderWorkflow from '../../workflows/reorder';
import { featureOnFor } from './order-features';
import * as history from './order-history.service';
import { asOrderStaff } from './order-staff-caller';
import * as workflow from './order-workflow.service';
import * as orders from './orders.service';

const idParams = z.object({ id: recordIdParam('Choose an order') });
const proposalParams = idParams.extend({ proposalId: recordIdParam() });

const staffTransitionBody = z.object({
  event: z.enum(orderEvents, { error: `Choose one of ${orderEvents.join(', ')}` }),
  expectedState: z.enum(orderStates),
  sendCancelEmail: z.boolean().optional(),
  reason: z.string().trim().max(1000).nullish(),
});

const historyQuery = z
  .object({
    supplierOrganizationId: recordIdParam().optional(),
    branchId: recordIdParam().optional(),
    page: pagingQuery.page,
    perPage: pagingQuery.perPage,
  })
  .refine((query) => query.supplierOrganizationId !== undefined || query.branchId !== undefined, {
    error: 'Choose a supplier',
    path: ['supplierOrganizationId'],
  });
const statsQuery = z.object({
  tab: z.enum(['buyer', 'supplier'], { error: 'Choose the buyer or supplier tab' }).default('buyer'),
});

// Every change answers with the order as the caller now sees it; 409 when the version it answers is
// stale, 422 when the order's state does not allow it.
const orderChange = answers({ 200: orderViewSchema }, 400, 401, 403, 404, 409, 422);

/**
 * Orders as the buyer's organisation, the branch's supplier and admins read and answer them. Every
 * change answers with the order as the caller now sees it.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['orders'];

  app.get(
    '/api/v1/orders/supplier_order_history',
    {
      schema: {
        tags,
        querystring: historyQuery,
        response: answers({ 200: listEnvelopeSchema(supplierHistoryItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return history.supplierOrderHistory(deps.db, caller, request.query);
    },
  );

  app.get(
    '/api/v1/orders/stats',
    {
      schema: { tags, querystring: statsQuery, response: answers({ 200: orderStatsSchema }, 400, 401, 403) },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return history.orderStats(deps.db, caller, request.query.tab);
    },
  );

  app.post(
    '/api/v1/orders/:id/reorder',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 201: reorderResultSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const result = await reorderWorkflow.reorder(deps.db, caller, request.params.id);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/api/v1/orders/:id',
    { schema: { tags, params: idParams, response: answers({ 200: orderViewSchema }, 400, 401, 403, 404) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/respond',
    { schema: { tags, params: idParams, body: respondSchema, response: orderChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      await workflow.respond(deps.db, caller, request.params.id, request.body, clientToday(request), {
        onPlatformFreight: requestFreightOnConfirm,
      });
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/items/:itemId/remove',
    {
      schema: {
        tags,
        params: z.object({ id: recordIdParam(), itemId: recordIdParam() }),
        body: z.object({ version: versionSchema() }),
        response: answers({ 200: orderViewSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      if (!(await featureOnFor(deps, caller, 'CAN_REMOVE_FROM_ORDER'))) {
        throw new AppError('forbidden', workflow.removeFeatureOffMessage, { code: 'feature_off' });
      }
      const { id, itemId } = request.params;
      await workflow.removeItem(deps.db, caller, id, itemId, request.body);
      return orders.getOrderForViewer(deps.db, caller, id);
    },
  );

  app.post(
    '/api/v1/orders/:id/contact',
    {
      schema: {
        tags,
        params: idParams,
        body: contactSupplierSchema,
        response: answers({ 201: orderViewSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await workflow.contactSupplier(deps.db, caller, request.params.id, request.body);
      reply.code(201);
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/proposals',
    {
      schema: {
        tags,
        params: idParams,
        body: buyerDateChangeSchema,
        response: answers({ 201: orderViewSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await workflow.proposeDateChange(
        deps.db,
        caller,
        request.params.id,
        request.body,
        clientToday(request),
      );
      reply.code(201);
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );

  for (const decision of ['accept', 'reject'] as const) {
    app.post(
      `/api/v1/orders/:id/proposals/:proposalId/${decision}`,
      { schema: { tags, params: proposalParams, body: decideProposalSchema, response: orderChange } },
      async (request) => {
        const caller = await requireSiteUser(request);
        const { id, proposalId } = request.params;
        await workflow.decideProposal(deps.db, caller, id, proposalId, decision === 'accept', request.body);
        return orders.getOrderForViewer(deps.db, caller, id);
      },
    );
  }

  app.post(
    '/api/v1/orders/:id/fulfill',
    { schema: { tags, params: idParams, body: fulfillSchema, response: orderChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      // Fulfilling invoices the order in the same transaction (issue 18).
      await invoiceWorkflow.fulfilOrder(
        deps.db,
        deps,
        caller,
        request.params.id,
        request.body,
        clientToday(request),
      );
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/internal/orders/:id/transition',
    {
      config: { permission: 'manage_orders' },
      schema: { tags: ['admin'], params: idParams, body: staffTransitionBody, response: orderChange },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'manage_orders'));
      await workflow.staffTransition(deps.db, caller, request.params.id, request.body);
      return orders.getOrderForViewer(deps.db, caller, request.params.id);
    },
  );
};
