import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submittedOrder } from '../../test/cart-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Side = Record<string, unknown>;
type Proposal = {
  id: number;
  state: string;
  proposal: { current: Side; proposed: Side; priceReason: string | null; comment: string | null };
  orderTotal: { current: number; proposed: number } | null;
  overallComment: string | null;
};
type OrderBody = {
  total: number;
  items: { id: number; position: number; productVariantId: number | null; price?: number }[];
  proposals: Proposal[];
};

const getOrder = async (headers: Headers, id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderBody>();
};
const post = (headers: Headers, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

/** An order of 20 with a platform discount (the buyer pays less than the supplier receives). */
async function proposedOrder(change: Record<string, unknown>, comment: string | null) {
  const setup = await submittedOrder(t.db, t.app, {
    quantity: 20,
    discount: { kind: 'platform', operator: 'PERCENTAGE', value: 1_000 },
  });
  const before = await getOrder(setup.buyer.headers, setup.orderId);
  const [item] = before.items;
  const answered = await post(setup.supplierHeaders, `/api/v1/orders/${setup.orderId}/respond`, {
    version: 1,
    respondedWith: 'changes_requested',
    changes: { items: [{ orderItemId: item.id, reason: 'inventory_issue', ...change }] },
    comment,
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return { ...setup, before, item };
}

describe('the proposal review', () => {
  it('shows each side the item number, SKU, book price, price category and its own prices', async () => {
    const { buyer, supplierHeaders, orderId, item } = await proposedOrder({ quantity: 15 }, null);
    const [forBuyer] = (await getOrder(buyer.headers, orderId)).proposals;
    const line = { itemNumber: item.position, sku: String(item.productVariantId) };
    expect(forBuyer.proposal.current).toMatchObject({
      ...line,
      bookPrice: 2_800,
      priceCategory: 'Hedgerow Discount',
      price: 2_520,
      quantity: 20,
    });
    expect(forBuyer.proposal.proposed).toMatchObject({ ...line, price: 2_520, quantity: 15 });
    expect(forBuyer.proposal.current).not.toHaveProperty('supplierPrice');
    expect(forBuyer.proposal.proposed).not.toHaveProperty('supplierPrice');
    // A change that keeps the price reads '(Confirmed)'.
    expect(forBuyer.proposal.priceReason).toBe('confirmed');

    const [forSupplier] = (await getOrder(supplierHeaders, orderId)).proposals;
    expect(forSupplier.proposal.current).toMatchObject({
      ...line,
      bookPrice: 2_800,
      priceCategory: 'Hedgerow Discount',
      supplierPrice: 2_800,
    });
    expect(forSupplier.proposal.current).not.toHaveProperty('price');
    expect(forSupplier.proposal.current).not.toHaveProperty('buyerPrice');
  });

  it("gives the new order total for the viewer's side, the one the order shows once accepted", async () => {
    const { buyer, supplierHeaders, orderId, before } = await proposedOrder(
      { quantity: 15, price: 2_800, priceReason: 'outdated_price' },
      null,
    );
    const [forBuyer] = (await getOrder(buyer.headers, orderId)).proposals;
    expect(forBuyer.orderTotal?.current).toBe(before.total);
    expect(forBuyer.proposal.priceReason).toBe('outdated_price');
    const [forSupplier] = (await getOrder(supplierHeaders, orderId)).proposals;
    const supplierBefore = (await getOrder(supplierHeaders, orderId)).total;
    expect(forSupplier.orderTotal).toEqual({ current: supplierBefore, proposed: 15 * 2_800 });

    const accepted = await post(buyer.headers, `/api/v1/orders/${orderId}/proposals/${forBuyer.id}/accept`, {
      version: 1,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await getOrder(buyer.headers, orderId);
    expect(after.total).toBe(forBuyer.orderTotal?.proposed);
    expect((await getOrder(supplierHeaders, orderId)).total).toBe(forSupplier.orderTotal?.proposed);
    // The accepted proposal still reads as it was made, its new total the order's total now.
    expect(after.proposals[0].proposal.current).toMatchObject({ quantity: 20 });
    expect(after.proposals[0].orderTotal?.proposed).toBe(after.total);
  });

  it("carries the supplier's overall comment; an internal one only to staff", async () => {
    const shared = await proposedOrder({ quantity: 10 }, 'Half now, the rest in May.');
    const [seen] = (await getOrder(shared.buyer.headers, shared.orderId)).proposals;
    expect(seen.overallComment).toBe('Half now, the rest in May.');

    const hidden = await proposedOrder({ quantity: 10 }, '[internal] check the margin');
    const [unseen] = (await getOrder(hidden.buyer.headers, hidden.orderId)).proposals;
    expect(unseen.overallComment).toBeNull();
  });
});
