import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows } from '../../db/client';

export type RequestRow = {
  id: number;
  state: 'pending' | 'approved' | 'denied';
  buyer_organization_id: number;
  buyer_organization_name: string;
  supplier_organization_id: number;
  supplier_organization_name: string;
  operator: 'PERCENTAGE' | 'FLAT_RATE';
  value: number;
  terms: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  discount_id: number | null;
};

const selectRequests = (where: SQL) => sql`select r.id::int, r.state, r.buyer_organization_id::int,
    bo.name as buyer_organization_name, r.supplier_organization_id::int, so.name as supplier_organization_name,
    r.operator, r.value, r.terms, r.created_at, r.decided_at, r.discount_id::int
  from purchase_discount_requests r
  join organizations bo on bo.id = r.buyer_organization_id
  join organizations so on so.id = r.supplier_organization_id
  where ${where}
  order by r.created_at desc, r.id desc`;

export async function findRequest(db: Executor, id: number) {
  const [row] = await queryRows<RequestRow>(db, selectRequests(sql`r.id = ${id}`));
  return row;
}

export async function listRequestsOf(db: Executor, organizationId: number) {
  return queryRows<RequestRow>(
    db,
    selectRequests(
      sql`(r.buyer_organization_id = ${organizationId} or r.supplier_organization_id = ${organizationId})`,
    ),
  );
}

export async function listAllRequests(db: Executor) {
  return queryRows<RequestRow>(db, selectRequests(sql`true`));
}

export async function hasPending(db: Executor, buyerId: number, supplierId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id::int from purchase_discount_requests
      where buyer_organization_id = ${buyerId} and supplier_organization_id = ${supplierId} and state = 'pending'`,
  );
  return rows.length > 0;
}

export async function insertRequest(
  db: Executor,
  input: {
    buyerOrganizationId: number;
    supplierOrganizationId: number;
    operator: string;
    value: number;
    terms: string | null;
    userId: number;
    state: 'pending' | 'approved';
  },
) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into purchase_discount_requests
        (buyer_organization_id, supplier_organization_id, operator, value, terms, requested_by_user_id, state,
         decided_by_user_id, decided_at)
      values (${input.buyerOrganizationId}, ${input.supplierOrganizationId}, ${input.operator}, ${input.value},
        ${input.terms}, ${input.userId}, ${input.state},
        ${input.state === 'approved' ? input.userId : null}, ${input.state === 'approved' ? sql`now()` : null})
      returning id::int`,
  );
  return row.id;
}

export async function decide(
  db: Executor,
  id: number,
  state: 'approved' | 'denied',
  userId: number,
  discountId: number | null,
) {
  await db.execute(sql`update purchase_discount_requests
    set state = ${state}, decided_by_user_id = ${userId}, decided_at = now(), discount_id = ${discountId}, updated_at = now()
    where id = ${id}`);
}

export async function setDiscount(db: Executor, id: number, discountId: number) {
  await db.execute(sql`update purchase_discount_requests set discount_id = ${discountId} where id = ${id}`);
}

/** Replaces the buyer's purchase discount at the supplier (one agreement per pair). */
export async function replacePurchaseDiscount(
  db: Executor,
  input: { buyerOrganizationId: number; supplierOrganizationId: number; operator: string; value: number },
) {
  await db.execute(sql`delete from discounts where kind = 'purchase'
    and buyer_organization_id = ${input.buyerOrganizationId} and supplier_organization_id = ${input.supplierOrganizationId}`);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into discounts (name, kind, operator, value, buyer_organization_id, supplier_organization_id)
      values ('Purchase Discount', 'purchase', ${input.operator}, ${input.value}, ${input.buyerOrganizationId},
        ${input.supplierOrganizationId})
      returning id::int`,
  );
  return row.id;
}

export async function deleteRequestAndDiscount(db: Executor, id: number, discountId: number | null) {
  if (discountId !== null) await db.execute(sql`delete from discounts where id = ${discountId}`);
  await db.execute(sql`delete from purchase_discount_requests where id = ${id}`);
}

export async function organizationExists(db: Executor, id: number) {
  const rows = await queryRows<{ id: number }>(db, sql`select id::int from organizations where id = ${id}`);
  return rows.length > 0;
}
