import { submittedOrder } from './cart-factories';

type InjectingApp = Parameters<typeof submittedOrder>[1];

/**
 * A buyer's order confirmed and fulfilled by its supplier through the API, which invoices it (issue
 * 18). Pass `buyer` (from an earlier call) to give the same buyer a second order. Returns the order,
 * its invoice id and both sides' headers.
 */
export async function fulfilledOrder(
  db: Parameters<typeof submittedOrder>[0],
  app: InjectingApp,
  options: { fulfilledOn: string; quantity?: number } & Parameters<typeof submittedOrder>[2],
) {
  const order = await submittedOrder(db, app, options);
  const confirm = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.orderId}/respond`,
    headers: order.supplierHeaders,
    payload: { version: 1, respondedWith: 'confirm_order' },
  });
  if (confirm.statusCode !== 200) throw new Error(confirm.body);
  const fulfilled = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.orderId}/fulfill`,
    headers: order.supplierHeaders,
    payload: { version: confirm.json<{ version: number }>().version, fulfilledOn: options.fulfilledOn },
  });
  if (fulfilled.statusCode !== 200) throw new Error(fulfilled.body);
  return order;
}
