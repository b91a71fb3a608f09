import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../../domain/access';
import {
  deactivateOrderSchema,
  reactivateOrderSchema,
  swapBuyerSchema,
  swapSupplierSchema,
} from '../../../domain/orders/order-staff-actions';
import {
  canSwapParties,
  canTransition,
  type OrderState,
  orderEvents,
  orderStates,
} from '../../../domain/orders/order-states';
import {
  type AdminOrderView,
  adminOrderViewSchema,
  orderBranchOptionsSchema,
  staffOrderListItemSchema,
  swappedOrderSchema,
} from '../../../domain/orders/order-views';
import { recordIdParam } from '../../../domain/record-ids';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { queryRows } from '../../db/client';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import * as orderBranches from '../../read-models/order-branches';
import * as staff from './order-staff.service';
import { asOrderStaff } from './order-staff-caller';
import * as repo from './orders.repository';
import * as orders from './orders.service';

const numberParams = z.object({ orderNumber: z.string().trim().min(1).max(100) });
const idParams = z.object({ id: recordIdParam('Choose an order') });
const branchOptionsQuery = z.object({ query: pagingQuery.query });

const listQuery = z.object({
  query: pagingQuery.query,
  state: z.enum(orderStates, { error: `Choose one of ${orderStates.join(', ')}` }).optional(),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

// Staff routes: signed in (401) as an admin (403); an unknown order is 404. A staff move answers
// with the order as staff now see it; 409 when it was changed meanwhile, 422 when its state refuses.
const staffChange = answers({ 200: adminOrderViewSchema }, 400, 401, 403, 404, 409, 422);
const swapAnswer = answers({ 200: swappedOrderSchema }, 400, 401, 403, 404, 409, 422);

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PartiesRow = {
  id: number;
  buyer_id: number;
  buyer_full_name: string;
  buyer_email: string;
  buyer_organization_name: string;
  supplier_organization_name: string;
  branch_name: string;
};

/** The order with this number (or id) and the people and organisations on both sides, or null. */
async function findOrderParties(db: Executor, key: { orderNumber: string } | { id: number }) {
  const [row] = await queryRows<PartiesRow>(
    db,
    sql`select o.id::int, u.id::int as buyer_id, trim(u.first_name || ' ' || u.last_name) as buyer_full_name,
               u.email as buyer_email, bo.name as buyer_organization_name,
               so.name as supplier_organization_name, b.name as branch_name
          from orders o
          join users u on u.id = o.user_id
          join organizations bo on bo.id = o.buyer_organization_id
          join organizations so on so.id = o.supplier_organization_id
          join branches b on b.id = o.branch_id
         where ${'id' in key ? sql`o.id = ${key.id}` : sql`o.order_number = ${key.orderNumber}`}`,
  );
  return row ?? null;
}

type StaffListRow = {
  id: number | null;
  order_number: string;
  name: string;
  state: string;
  submitted_at: Date | string;
  total: number;
  buyer_organization_name: string;
  branch_name: string;
  deactivated: boolean;
  total_count: number;
};

/** One page of every order, newest submitted first, with the number of matches. */
async function listAllOrders(
  db: Executor,
  filter: { query?: string; state?: OrderState; page: number; perPage: number },
) {
  const conditions: ReturnType<typeof sql>[] = [sql`true`];
  if (filter.state) conditions.push(sql`o.state = ${filter.state}`);
  if (filter.query) {
    const pattern = likePattern(filter.query);
    conditions.push(sql`(o.order_number ilike ${pattern} or o.name ilike ${pattern}
      or exists (select 1 from organizations g where g.id = o.buyer_organization_id and g.name ilike ${pattern})
      or exists (select 1 from organizations g where g.id = o.supplier_organization_id and g.name ilike ${pattern})
      or exists (select 1 from branches g where g.id = o.branch_id and g.name ilike ${pattern}))`);
  }
  const where = sql.join(conditions, sql` and `);
  return queryRows<StaffListRow>(
    db,
    sql`select page.*, matches.total_count
          from (select count(*)::int as total_count from orders o where ${where}) matches
          left join lateral (
            select o.id::int, o.order_number, o.name, o.state, o.submitted_at, o.total::int as total,
                   o.deactivated_at is not null as deactivated,
                   bo.name as buyer_organization_name, b.name as branch_name
              from orders o
              join organizations bo on bo.id = o.buyer_organization_id
              join branches b on b.id = o.branch_id
             where ${where}
             order by o.submitted_at desc, o.id desc
             limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}
          ) page on true`,
  );
}

/** Beehive's view of orders: every order, found by number, and the moves staff may make. */
export const orderStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/orders',
    {
      config: { permission: 'view_orders' },
      schema: {
        tags,
        querystring: listQuery,
        response: answers({ 200: listEnvelopeSchema(staffOrderListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_orders');
      const { page, perPage } = request.query;
      const rows = await listAllOrders(deps.db, request.query);
      const totalCount = rows[0]?.total_count ?? 0;
      const results = rows
        .filter((row) => row.id !== null)
        .map((row) => ({
          id: row.id as number,
          orderNumber: row.order_number,
          name: row.name,
          state: row.state,
          submittedAt: new Date(row.submitted_at).toISOString(),
          total: row.total,
          buyerOrganizationName: row.buyer_organization_name,
          branchName: row.branch_name,
          deactivated: row.deactivated,
        }));
      return listResponse(results, totalCount, page, perPage);
    },
  );

  app.get(
    '/api/internal/orders/by_number/:orderNumber',
    {
      config: { permission: 'view_orders' },
      schema: {
        tags,
        params: numberParams,
        response: answers({ 200: adminOrderViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'view_orders'));
      return adminOrderView(deps.db, caller, { orderNumber: request.params.orderNumber });
    },
  );

  app.post(
    '/api/internal/orders/:id/deactivate',
    {
      config: { permission: 'manage_orders' },
      schema: { tags, params: idParams, body: deactivateOrderSchema, response: staffChange },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'manage_orders'));
      await staff.deactivateOrder(deps.db, caller, request.params.id, request.body);
      return adminOrderView(deps.db, caller, { id: request.params.id });
    },
  );

  app.post(
    '/api/internal/orders/:id/reactivate',
    {
      config: { permission: 'manage_orders' },
      schema: { tags, params: idParams, body: reactivateOrderSchema, response: staffChange },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'manage_orders'));
      await staff.reactivateOrder(deps.db, caller, request.params.id, request.body);
      return adminOrderView(deps.db, caller, { id: request.params.id });
    },
  );

  app.post(
    '/api/internal/orders/:id/swap_buyer',
    {
      config: { permission: 'manage_orders' },
      schema: { tags, params: idParams, body: swapBuyerSchema, response: swapAnswer },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'manage_orders'));
      const result = await staff.swapBuyer(deps.db, caller, request.params.id, request.body);
      const view = await adminOrderView(deps.db, caller, { id: request.params.id });
      return { ...view, unlistedItems: result.unlistedItems };
    },
  );

  app.post(
    '/api/internal/orders/:id/swap_supplier',
    {
      config: { permission: 'manage_orders' },
      schema: { tags, params: idParams, body: swapSupplierSchema, response: swapAnswer },
    },
    async (request) => {
      const caller = asOrderStaff(await requirePermission(request, 'manage_orders'));
      const result = await staff.swapSupplier(deps.db, caller, request.params.id, request.body);
      const view = await adminOrderView(deps.db, caller, { id: request.params.id });
      return { ...view, unlistedItems: result.unlistedItems };
    },
  );

  // Branches the order could move to, those listing most of its sizes first (the swap supplier picker).
  app.get(
    '/api/internal/orders/:id/branch_options',
    {
      config: { permission: 'manage_orders' },
      schema: {
        tags,
        params: idParams,
        querystring: branchOptionsQuery,
        response: answers({ 200: orderBranchOptionsSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_orders');
      const order = await repo.findOrderDocument(deps.db, request.params.id);
      if (!order) throw new AppError('not_found', orders.orderNotFoundMessage);
      const rows = await orderBranches.listBranchOptions(deps.db, order.order, request.query.query, 20);
      return {
        itemsCount: order.items.length,
        results: rows.map((row) => ({
          id: row.id,
          name: row.name,
          organizationId: row.organization_id,
          organizationName: row.organization_name,
          listedItems: row.listed_items,
        })),
        totalCount: rows[0]?.total_count ?? 0,
      };
    },
  );
};

/** The order as staff see it: both sides, prices, history, and the moves staff may make now. */
async function adminOrderView(
  db: Executor,
  caller: Caller,
  key: { orderNumber: string } | { id: number },
): Promise<AdminOrderView> {
  const parties = await findOrderParties(db, key);
  if (!parties) throw new AppError('not_found', orders.orderNotFoundMessage);
  const order = await orders.getOrderForViewer(db, caller, parties.id);
  const state = order.state as OrderState;
  return {
    ...order,
    buyer: {
      id: parties.buyer_id,
      fullName: parties.buyer_full_name,
      email: parties.buyer_email,
      organizationName: parties.buyer_organization_name,
    },
    supplier: { organizationName: parties.supplier_organization_name, branchName: parties.branch_name },
    // A logistics admin reads the order; only admins move it.
    allowedEvents: isAdmin(caller.user) ? orderEvents.filter((event) => canTransition(state, event)) : [],
    canSwapParties: isAdmin(caller.user) && canSwapParties(state),
  };
}
