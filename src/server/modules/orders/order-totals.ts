import { storedOrderAmounts } from '../../../domain/orders/order-amounts';
import { taxAtSameRate } from '../../../domain/orders/proposal-totals';
import type { Executor } from '../../core/database';
import * as repo from './orders.repository';

/**
 * The order row's stored amounts after its lines changed, from the one derivation of the amount block
 * (src/domain/orders/order-amounts.ts). The estimated tax keeps the order's rate (tax / subtotal) on the
 * new subtotal; shipping stays what the supplier charged.
 */
export async function amountsFromItems(tx: Executor, order: repo.OrderRow) {
  const items = await repo.listOrderItems(tx, order.id);
  const subtotal = storedOrderAmounts({ lines: items, taxes: 0, shipping: null }).subtotal;
  const taxAmount = taxAtSameRate(order.taxAmount, order.subtotal, subtotal);
  return storedOrderAmounts({ lines: items, taxes: taxAmount, shipping: order.shippingAmount });
}
