import type { Executor } from '../../db/client';
import * as repo from './orders.repository';

/** What the order is at its current version, for its version history and documents. */
export async function snapshotVersion(tx: Executor, order: repo.OrderRow, reason: string, userId: number) {
  const items = await repo.listOrderItems(tx, order.id);
  await repo.insertVersion(tx, {
    orderId: order.id,
    version: order.version,
    reason,
    createdByUserId: userId,
    snapshot: {
      requestedOn: order.requestedOn,
      fulfillment: order.fulfillment,
      deliveryAddress: order.deliveryAddress,
      subtotal: order.subtotal,
      supplierSubtotal: order.supplierSubtotal,
      taxAmount: order.taxAmount,
      total: order.total,
      items: items.map((item) => ({
        id: item.id,
        primaryName: item.primaryName,
        size: item.size,
        quantity: item.quantity,
        buyerPrice: item.buyerPrice,
        supplierPrice: item.supplierPrice,
      })),
    },
  });
}
