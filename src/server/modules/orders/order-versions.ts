import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import type { Executor } from '../../core/database';
import * as repo from './orders.repository';

/**
 * What one version of an order held: who bought from whom, items, date, fulfilment and amounts.
 * Versions written before a field existed lack it (readers fall back to the order).
 */
export type VersionSnapshot = {
  requestedOn: string | null;
  fulfillment: string;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions?: string | null;
  buyerToSupplierNotes?: string | null;
  userId?: number;
  buyerOrganizationId?: number;
  branchId?: number;
  supplierOrganizationId?: number;
  originalSubtotal?: number;
  discountAmount?: number;
  subtotal: number;
  supplierSubtotal: number;
  taxAmount: number;
  shippingAmount?: number | null;
  total: number;
  items: {
    id: number;
    primaryName: string;
    secondaryName?: string | null;
    size: string | null;
    characteristics?: string[];
    unit?: string;
    quantity: number;
    bookPrice?: number | null;
    priceCategory?: string | null;
    buyerPrice: number | null;
    supplierPrice: number | null;
    buyerTotal?: number;
    supplierTotal?: number;
  }[];
};

/** What the order is at its current version, for its version history and documents. */
export async function snapshotVersion(tx: Executor, order: repo.OrderRow, reason: string, userId: number) {
  const items = await repo.listOrderItems(tx, order.id);
  const snapshot: VersionSnapshot = {
    requestedOn: order.requestedOn,
    fulfillment: order.fulfillment,
    deliveryAddress: order.deliveryAddress,
    deliveryInstructions: order.deliveryInstructions,
    buyerToSupplierNotes: order.buyerToSupplierNotes,
    userId: order.userId,
    buyerOrganizationId: order.buyerOrganizationId,
    branchId: order.branchId,
    supplierOrganizationId: order.supplierOrganizationId,
    originalSubtotal: order.originalSubtotal,
    discountAmount: order.discountAmount,
    subtotal: order.subtotal,
    supplierSubtotal: order.supplierSubtotal,
    taxAmount: order.taxAmount,
    shippingAmount: order.shippingAmount,
    total: order.total,
    items: items.map((item) => ({
      id: item.id,
      primaryName: item.primaryName,
      secondaryName: item.secondaryName,
      size: item.size,
      characteristics: item.characteristics,
      unit: item.unit,
      quantity: item.quantity,
      bookPrice: item.bookPrice,
      priceCategory: item.priceCategory,
      buyerPrice: item.buyerPrice,
      supplierPrice: item.supplierPrice,
      buyerTotal: item.buyerTotal,
      supplierTotal: item.supplierTotal,
    })),
  };
  await repo.insertVersion(tx, {
    orderId: order.id,
    version: order.version,
    reason,
    createdByUserId: userId,
    snapshot,
  });
}
