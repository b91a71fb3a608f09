import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderPartiesSchema } from '../../../domain/orders/order-views';
import { recordIdParam, versionParam } from '../../../domain/record-ids';
import type { Caller } from '../../core/caller';
import type { AppDeps } from '../../core/deps';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import {
  loadDocumentOrder,
  type OrderDocumentType,
  orderDocumentFileName,
  renderBillOfLadingPdf,
  renderPurchaseOrderPdf,
} from './order-documents';
import { featureOnFor } from './order-features';

const idParams = z.object({ id: recordIdParam('Choose an order') });
const tags = ['orders'];
// Which version's document; the current one when left out.
const versionQuery = z.object({
  version: versionParam('Version must be a whole number').optional(),
});

/** The file name, naming the version when it is not the current one. */
const fileNameOf = (
  order: { orderNumber: string; version: number },
  type: OrderDocumentType,
  version?: number,
) => {
  const name = orderDocumentFileName(order, type);
  return version !== undefined && version !== order.version
    ? name.replace(/\.pdf$/, ` v${version}.pdf`)
    : name;
};

/** An attachment header with an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * An order's documents and parties, behind the order gate: the buyer's organisation, the branch's
 * supplier and admins; 404 for everyone else.
 */
export const orderDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/orders/:id/documents/purchase_order.pdf',
    {
      schema: {
        tags,
        params: idParams,
        querystring: versionQuery,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The purchase order of the version as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const { version } = request.query;
      const { order, document } = await loadDocumentOrder(deps.db, caller, request.params.id, version);
      const pdf = await renderPurchaseOrderPdf(
        {
          ...document,
          deliveryInstructions: await instructionsShown(deps, caller, document.deliveryInstructions),
        },
        order.audience,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileNameOf(order, 'purchase_order', version)))
        .send(pdf);
    },
  );

  app.get(
    '/api/v1/orders/:id/documents/bill_of_lading.pdf',
    {
      schema: {
        tags,
        params: idParams,
        querystring: versionQuery,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/pdf', 'The bill of lading of the version as a PDF'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const { version } = request.query;
      const { order, document } = await loadDocumentOrder(deps.db, caller, request.params.id, version);
      const pdf = await renderBillOfLadingPdf({
        ...document,
        deliveryInstructions: await instructionsShown(deps, caller, document.deliveryInstructions),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(fileNameOf(order, 'bill_of_lading', version)))
        .send(pdf);
    },
  );

  // Who the order is between (names the order itself does not carry yet), for the order page.
  app.get(
    '/api/v1/orders/:id/parties',
    {
      schema: { tags, params: idParams, response: answers({ 200: orderPartiesSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      const { parties } = await loadDocumentOrder(deps.db, caller, request.params.id);
      return parties;
    },
  );
};

/** Delivery instructions appear on documents only with DELIVERY_INSTRUCTIONS on, as on the pages. */
async function instructionsShown(deps: AppDeps, caller: Caller, instructions: string | null) {
  if (!instructions) return null;
  return (await featureOnFor(deps, caller, 'DELIVERY_INSTRUCTIONS')) ? instructions : null;
}
