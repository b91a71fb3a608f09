import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCartListItemSchema,
  adminCartViewSchema,
  internalNoteSchema,
  moveCartLineSchema,
  staffPricesSchema,
  staffReassignCartSchema,
} from '../../../domain/carts/cart-staff';
import { recordIdParam } from '../../../domain/record-ids';
import { requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import * as staff from './cart-staff.service';

const cartIdParams = z.object({ id: recordIdParam('Choose a cart') });
const itemIdParams = z.object({ id: recordIdParam('Choose a cart line') });
const numberParams = z.object({ cartNumber: z.string().trim().min(1).max(40) });
const listQuery = z.object({
  query: pagingQuery.query,
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

const adminCart = answers({ 200: adminCartViewSchema }, 400, 401, 403, 404);
// A change: 422 once the cart is submitted (its orders have their own tools).
const adminCartChange = answers({ 200: adminCartViewSchema }, 400, 401, 403, 404, 422);

/** Beehive's carts: the list, one cart as staff see it, and the staff's changes (edit_carts). */
export const cartStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['admin'];

  app.get(
    '/api/internal/carts',
    {
      config: { permission: 'edit_carts' },
      schema: {
        tags,
        querystring: listQuery,
        response: answers({ 200: listEnvelopeSchema(adminCartListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'edit_carts');
      return staff.listCartsForStaff(deps.db, request.query);
    },
  );

  app.get(
    '/api/internal/carts/by_number/:cartNumber',
    { config: { permission: 'edit_carts' }, schema: { tags, params: numberParams, response: adminCart } },
    async (request) => {
      const caller = await requirePermission(request, 'edit_carts');
      return staff.getCartForStaff(deps.db, caller, { cartNumber: request.params.cartNumber });
    },
  );

  app.post(
    '/api/internal/carts/:id/internal_notes',
    {
      config: { permission: 'edit_carts' },
      schema: { tags, params: cartIdParams, body: internalNoteSchema, response: adminCart },
    },
    async (request) => {
      const caller = await requirePermission(request, 'edit_carts');
      return staff.addInternalNote(deps.db, caller, request.params.id, request.body.body);
    },
  );

  app.post(
    '/api/internal/carts/:id/reassign',
    {
      config: { permission: 'edit_carts' },
      schema: { tags, params: cartIdParams, body: staffReassignCartSchema, response: adminCartChange },
    },
    async (request) => {
      const caller = await requirePermission(request, 'edit_carts');
      return staff.reassignCart(deps.db, deps, caller, request.params.id, request.body);
    },
  );

  app.put(
    '/api/internal/cart_items/:id/staff_prices',
    {
      config: { permission: 'edit_carts' },
      schema: { tags, params: itemIdParams, body: staffPricesSchema, response: adminCartChange },
    },
    async (request) => {
      const caller = await requirePermission(request, 'edit_carts');
      return staff.setStaffPrices(deps.db, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/internal/cart_items/:id/move',
    {
      config: { permission: 'edit_carts' },
      schema: { tags, params: itemIdParams, body: moveCartLineSchema, response: adminCartChange },
    },
    async (request) => {
      const caller = await requirePermission(request, 'edit_carts');
      return staff.moveLine(deps.db, caller, request.params.id, request.body.branchId);
    },
  );
};
