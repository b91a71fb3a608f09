import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCartItemSchema,
  assignCartSchema,
  cartNoteSchema,
  createCartSchema,
  reorderCartItemsSchema,
  updateCartItemSchema,
  updateCartSchema,
} from '../../../domain/carts/cart-schemas';
import { fulfillmentTypes } from '../../../domain/carts/cart-states';
import {
  cartItemViewSchema,
  cartNoteViewSchema,
  cartSummarySchema,
  cartViewSchema,
  submittedCartSchema,
} from '../../../domain/carts/cart-view';
import { recordIdParam, versionSchema } from '../../../domain/record-ids';
import { requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { idempotencyKeyOf } from '../../http/idempotency';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import { submitCartInTransaction } from '../../workflows/submit-cart';
import { runOnce } from '../idempotency/idempotency.service';
import * as items from './cart-items.service';
import * as notes from './cart-notes.service';
import * as carts from './carts.service';
import {
  csvFileVariants,
  csvFormats,
  quoteFileName,
  renderQuoteCsv,
  renderQuotePdf,
} from './quote-documents';

const idParams = z.object({ id: recordIdParam('Choose a cart') });

const sortFields = ['name', 'cartNumber', 'createdAt', 'submittedAt', 'updatedAt'] as const;
const sortSchema = z
  .string()
  .regex(new RegExp(`^(${sortFields.join('|')})\\|(asc|desc)$`), {
    error: `Sort by one of ${sortFields.join(', ')} with |asc or |desc`,
  })
  .transform((value) => {
    const [field, direction] = value.split('|');
    return { field: field as (typeof sortFields)[number], direction: direction as 'asc' | 'desc' };
  });

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

const listQuery = z.object({
  active: booleanQuery.default(true),
  query: pagingQuery.query,
  sort: sortSchema.optional(),
  page: pagingQuery.page,
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

const recentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });

const fulfillmentBody = z.object({
  version: versionSchema(),
  fulfillment: z.enum(fulfillmentTypes, { error: 'Choose pickup or delivery' }),
  requestedOn: z.string().nullish(),
  deliveryAddress: z.record(z.string(), z.unknown()).nullish(),
  deliveryInstructions: z.string().nullish(),
  notesToSupplier: z.string().nullish(),
});

const cartList = listEnvelopeSchema(cartSummarySchema);
// Every route is for a signed-in site user (401, 403 no_site_use); a cart of someone else is 404.
const cartAnswer = answers({ 200: cartViewSchema }, 400, 401, 403, 404);
// A change to a cart: also 409 when the version is stale, 422 when the cart is already submitted.
const cartChange = answers({ 200: cartViewSchema }, 400, 401, 403, 404, 409, 422);
const deleted = answers({ 204: noContent }, 400, 401, 403, 404, 422);

/** Carts (quotes), their items and notes, checkout and submission (spec part 2 §2–§8). */
export const cartsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['carts'];

  app.get(
    '/api/v1/carts',
    { schema: { tags, querystring: listQuery, response: answers({ 200: cartList }, 400, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.listCarts(deps.db, caller, request.query);
    },
  );

  app.post(
    '/api/v1/carts',
    { schema: { tags, body: createCartSchema, response: answers({ 201: cartViewSchema }, 400, 401, 403) } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      reply.code(201);
      return carts.createCart(deps.db, caller, request.body);
    },
  );

  app.get(
    '/api/v1/carts/current',
    {
      schema: {
        tags,
        response: answers({ 200: z.object({ cart: cartSummarySchema.nullable() }) }, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.getCurrentCart(deps.db, caller);
    },
  );

  app.get(
    '/api/v1/carts/recent_draft',
    { schema: { tags, querystring: recentQuery, response: answers({ 200: cartList }, 400, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.recentCarts(deps.db, caller, true, request.query.limit);
    },
  );

  app.get(
    '/api/v1/carts/recent_submitted',
    { schema: { tags, querystring: recentQuery, response: answers({ 200: cartList }, 400, 401, 403) } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.recentCarts(deps.db, caller, false, request.query.limit);
    },
  );

  app.get(
    '/api/v1/carts/:id',
    { schema: { tags, params: idParams, response: cartAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.getCart(deps.db, caller, request.params.id);
    },
  );

  app.patch(
    '/api/v1/carts/:id',
    { schema: { tags, params: idParams, body: updateCartSchema, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.updateCart(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/carts/:id',
    { schema: { tags, params: idParams, response: deleted } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await carts.deleteCart(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/carts/:id/make_current',
    { schema: { tags, params: idParams, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.makeCurrent(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/carts/:id/duplicate',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 201: cartViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      reply.code(201);
      return carts.duplicateCart(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/carts/:id/assign_to_buyer_user',
    { schema: { tags, params: idParams, body: assignCartSchema, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.assignToBuyer(deps.db, deps, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/v1/carts/:id/checkout',
    { schema: { tags, params: idParams, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.checkout(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/carts/:id/reopen',
    { schema: { tags, params: idParams, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return carts.reopen(deps.db, caller, request.params.id);
    },
  );

  app.put(
    '/api/v1/carts/:id/fulfillments/:branchId',
    {
      schema: {
        tags,
        params: idParams.extend({ branchId: recordIdParam() }),
        body: fulfillmentBody,
        response: cartChange,
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      const today = clientToday(request);
      return carts.saveFulfillment(
        deps.db,
        caller,
        request.params.id,
        request.params.branchId,
        request.body as never,
        today,
      );
    },
  );

  app.post(
    '/api/v1/carts/:id/submit',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: submittedCartSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const key = idempotencyKeyOf(request);
      const answer = await runOnce(
        deps.db,
        { userId: caller.user.id, key, action: `submit_cart:${request.params.id}` },
        (tx) => submitCartInTransaction(tx, caller, request.params.id),
      );
      // The stored status of a replayed submit is the 200 the first one answered.
      reply.code(answer.status as 200);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  app.get(
    '/api/v1/carts/:id/quote.pdf',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ show_supplier: booleanQuery.default(true) }),
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The quote as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const cart = await carts.getCart(deps.db, caller, request.params.id);
      const pdf = await renderQuotePdf(cart, {
        showSupplier: request.query.show_supplier,
        generatedAt: new Date(),
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(
            quoteFileName(cart, 'pdf', request.query.show_supplier ? undefined : 'without suppliers'),
          ),
        )
        .send(pdf);
    },
  );

  app.get(
    '/api/v1/carts/:id/quote.csv',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          format: z
            .enum(csvFormats, { error: `Choose one of ${csvFormats.join(', ')}` })
            .default('BUYER_CSV'),
        }),
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('text/csv', 'The quote as CSV, in the chosen layout'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const cart = await carts.getCart(deps.db, caller, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(quoteFileName(cart, 'csv', csvFileVariants[request.query.format])),
        )
        .send(renderQuoteCsv(cart, request.query.format));
    },
  );

  app.get(
    '/api/v1/cart_items',
    {
      schema: {
        tags,
        querystring: z.object({ cartId: recordIdParam('Choose a cart') }),
        response: answers({ 200: listEnvelopeSchema(cartItemViewSchema) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return items.listItems(deps.db, caller, request.query.cartId);
    },
  );

  app.post(
    '/api/v1/cart_items',
    {
      schema: {
        tags,
        body: addCartItemSchema,
        response: answers({ 201: cartItemViewSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      reply.code(201);
      return items.addItem(deps.db, caller, request.body);
    },
  );

  app.post(
    '/api/v1/cart_items/reorder',
    { schema: { tags, body: reorderCartItemsSchema, response: cartChange } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return items.reorderItems(deps.db, caller, request.body);
    },
  );

  app.patch(
    '/api/v1/cart_items/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateCartItemSchema,
        response: answers({ 200: cartItemViewSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return items.updateItem(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/cart_items/:id',
    { schema: { tags, params: idParams, response: deleted } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await items.deleteItem(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/cart_notes',
    {
      schema: {
        tags,
        body: cartNoteSchema,
        response: answers({ 201: cartNoteViewSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      reply.code(201);
      return notes.addNote(deps.db, caller, request.body);
    },
  );

  app.delete(
    '/api/v1/cart_notes/:id',
    { schema: { tags, params: idParams, response: deleted } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await notes.deleteNote(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** An attachment header with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
