import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSiteUser } from '../../http/auth';
import {
  loadDocumentOrder,
  orderDocumentFileName,
  renderBillOfLadingPdf,
  renderPurchaseOrderPdf,
} from './order-documents';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'Choose an order' }) });
const tags = ['orders'];

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
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const { order, document } = await loadDocumentOrder(deps.db, caller, request.params.id);
      const pdf = await renderPurchaseOrderPdf(document, order.audience);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(orderDocumentFileName(order, 'purchase_order')))
        .send(pdf);
    },
  );

  app.get(
    '/api/v1/orders/:id/documents/bill_of_lading.pdf',
    { schema: { tags, params: idParams } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const { order, document } = await loadDocumentOrder(deps.db, caller, request.params.id);
      const pdf = await renderBillOfLadingPdf(document);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(orderDocumentFileName(order, 'bill_of_lading')))
        .send(pdf);
    },
  );

  // Who the order is between (names the order itself does not carry yet), for the order page.
  app.get('/api/v1/orders/:id/parties', { schema: { tags, params: idParams } }, async (request) => {
    const caller = await requireSiteUser(request);
    const { parties } = await loadDocumentOrder(deps.db, caller, request.params.id);
    return parties;
  });
};
