/**
 * Hubsheet sourcing routes (issue 5). Every route: signed in (401), not no_site_use (403
 * 'no_site_use'), the hubsheet of the caller's organisation (or their own), else 404 'Hubsheet not
 * found'. Money is a decimal string ('12.50'); distances in miles, one decimal.
 *
 * GET /api/v1/hubsheets/{id}/match_suppliers            (also ?favorites=true)
 * GET /api/v1/hubsheets/{id}/match_favorite_suppliers   (only the caller's favourite branches)
 *   → { branches: [{ id, name, organizationName, displayAddress, distanceMiles, lineCount, total,
 *        listItemIds, lines: [{ listItemId, productVariantId, size, quantity, unitPrice, total,
 *        priceCategory }] }],
 *       coveredCount, uncoveredItemIds, unmatchedItemIds, total }
 *   Branches within the hubsheet's radius that cover the most matched lines at the lowest total
 *   (greedy set cover, see chooseBranches). A branch covers a line when it lists the line's size (any
 *   size when the line has none) in stock, with enough for the quantity, with a price.
 *
 * GET /api/v1/hubsheets/{id}/branch_supply_check?branchId=
 *   → { branch: { id, name, organizationName, displayAddress, distanceMiles, withinRadius },
 *       items: [{ listItemId, canSupply, status, reason, productVariantId, size, quantityNeeded,
 *        quantityAvailable, ignoreQuantity, unitPrice, total, priceCategory }],
 *       suppliableCount, total }
 *   status: available | short | out_of_stock | other_size | not_listed | not_matched | restricted |
 *   no_price; reason is the buyer-facing text (null when available). Unknown branch → 404.
 *
 * GET /api/v1/list_items/{id}/branch_options
 *   → { listItemId, matched, options: [{ branchId, name, organizationName, displayAddress,
 *        distanceMiles, productVariantId, size, quantityAvailable, ignoreQuantity, canFill, unitPrice,
 *        total, priceCategory, chosen }] }
 *   Branches within the radius with the line in stock (its size, or its cheapest size when the line
 *   has none); those that can fill the quantity first, then cheapest, then nearest. 404 'This line
 *   was not found. It may have been deleted.' for a line of another organisation.
 *
 * POST /api/v1/hubsheets/{id}/add_to_cart  { assignments: [{ listItemId, branchId }], cartId? }
 *   → 200 { cartId, cartName, created, addedCount, added: [{ listItemId, branchId, cartItemId }],
 *       skipped: [{ listItemId, reason }] }
 *   Without cartId a new cart named after the hubsheet is created (and becomes current). One
 *   transaction; nothing addable → 422 code 'nothing_added' with fields { "<listItemId>": reason }.
 *   A cart of someone else → 404; a submitted cart → 422 'cart_submitted'.
 *
 * GET /api/v1/hubsheets/{id}/download?format=csv|xlsx   (default csv)
 *   → the file, Content-Disposition attachment '<hubsheet name>.csv|.xlsx': the buyer's own columns,
 *     then Matched Product, Matched Size, Confidence, Confidence Label, Supplier, Price,
 *     Availability, Market Estimate.
 *
 * The per-line supply (branchCount, lowestPrice, medianPrice, percentDiff) is part of
 * GET /api/v1/hubsheets/{id} (listItems[].supply), computed by listItemSupply in hubsheet-supply.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartResultSchema,
  branchSupplyCheckSchema,
  listItemBranchOptionsSchema,
  supplierMatchSchema,
} from '../../../domain/hubsheets/sourcing-views';
import { recordIdParam } from '../../../domain/record-ids';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import {
  buildHubsheetTable,
  type DownloadFormat,
  downloadFileName,
  downloadFormats,
  renderHubsheetCsv,
  renderHubsheetXlsx,
} from './hubsheet-download';
import * as sourcing from './hubsheet-sourcing.service';

const idParams = z.object({ id: recordIdParam('Choose a hubsheet') });
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
const chooseBranchMessage = 'Choose a supplier branch';
const branchIdSchema = z.coerce
  .number({ error: chooseBranchMessage })
  .int()
  .positive({ error: chooseBranchMessage });

const addToCartBody = z.object({
  assignments: z
    .array(
      z.object({
        listItemId: z.number().int().positive({ error: 'Choose a line' }),
        branchId: branchIdSchema,
      }),
    )
    .min(1, { error: 'Choose at least one line to add' })
    .max(5_000, { error: 'Add at most 5,000 lines at once' }),
  cartId: z.number().int().positive({ error: 'Choose a cart' }).nullish(),
});

const supplierMatchAnswer = answers({ 200: supplierMatchSchema }, 400, 401, 403, 404);

const contentTypes: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Hubsheet sourcing: supplier suggestions, one branch's supply, add to cart, downloads (issue 5). */
export const hubsheetSourcingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['hubsheets'];

  app.get(
    '/api/v1/hubsheets/:id/match_suppliers',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ favorites: booleanQuery.default(false) }),
        response: supplierMatchAnswer,
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return sourcing.matchSuppliers(deps.db, caller, request.params.id, {
        favorites: request.query.favorites,
      });
    },
  );

  app.get(
    '/api/v1/hubsheets/:id/match_favorite_suppliers',
    { schema: { tags, params: idParams, response: supplierMatchAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return sourcing.matchSuppliers(deps.db, caller, request.params.id, { favorites: true });
    },
  );

  app.get(
    '/api/v1/hubsheets/:id/branch_supply_check',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ branchId: branchIdSchema }),
        response: answers({ 200: branchSupplyCheckSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return sourcing.branchSupplyCheck(deps.db, caller, request.params.id, request.query.branchId);
    },
  );

  app.get(
    '/api/v1/list_items/:id/branch_options',
    {
      schema: {
        tags,
        params: z.object({ id: recordIdParam('Choose a line') }),
        response: answers({ 200: listItemBranchOptionsSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return sourcing.branchOptions(deps.db, caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/hubsheets/:id/add_to_cart',
    {
      schema: {
        tags,
        params: idParams,
        body: addToCartBody,
        response: answers({ 200: addToCartResultSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return sourcing.addToCart(deps.db, caller, request.params.id, request.body);
    },
  );

  app.get(
    '/api/v1/hubsheets/:id/download',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          format: z.enum(downloadFormats, { error: 'Choose csv or xlsx' }).default('csv'),
        }),
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer(
            ['text/csv', contentTypes.xlsx],
            "The hubsheet with its matches, as CSV or Excel (the format's media type)",
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const table = await buildHubsheetTable(deps.db, caller, request.params.id);
      const { format } = request.query;
      const body = format === 'xlsx' ? renderHubsheetXlsx(table) : renderHubsheetCsv(table);
      return reply
        .type(contentTypes[format])
        .header('content-disposition', contentDisposition(downloadFileName(table.name, format)))
        .send(body);
    },
  );
};
