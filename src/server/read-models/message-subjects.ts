// Read model: what the messages area needs to know about a thread's subject (an order with its
// parties, a cart with its owner) and about a sender, read from the orders, carts, organisations and
// users tables so that the messages module never imports those modules.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type OrderSubject = {
  id: number;
  orderNumber: string;
  name: string;
  jobNumber: string | null;
  state: string;
  version: number;
  userId: number;
  buyerOrganizationId: number;
  buyerOrganizationName: string;
  buyerFullName: string;
  supplierOrganizationId: number;
  supplierOrganizationName: string;
  branchId: number;
  branchName: string;
  branchSlug: string;
  fulfillment: string;
  requestedOn: string | null;
  total: number;
  cartId: number | null;
};

/** An order with its buyer and supplier names, or null. */
export async function findOrderSubject(db: Executor, orderId: number): Promise<OrderSubject | null> {
  const [row] = await queryRows<OrderSubject>(
    db,
    sql`select o.id::int, o.order_number as "orderNumber", o.name, o.job_number as "jobNumber", o.state,
               o.version, o.user_id::int as "userId", o.buyer_organization_id::int as "buyerOrganizationId",
               bo.name as "buyerOrganizationName", u.first_name || ' ' || u.last_name as "buyerFullName",
               o.supplier_organization_id::int as "supplierOrganizationId",
               so.name as "supplierOrganizationName", o.branch_id::int as "branchId", b.name as "branchName",
               b.slug as "branchSlug", o.fulfillment, o.requested_on::text as "requestedOn", o.total,
               o.cart_id::int as "cartId"
          from orders o
          join organizations bo on bo.id = o.buyer_organization_id
          join organizations so on so.id = o.supplier_organization_id
          join branches b on b.id = o.branch_id
          join users u on u.id = o.user_id
         where o.id = ${orderId}`,
  );
  return row ?? null;
}

export type CartSubject = {
  id: number;
  cartNumber: string;
  name: string;
  userId: number;
  organizationId: number | null;
  organizationName: string | null;
};

export async function findCartSubject(db: Executor, cartId: number): Promise<CartSubject | null> {
  const [row] = await queryRows<CartSubject>(
    db,
    sql`select c.id::int, c.cart_number as "cartNumber", c.name, c.user_id::int as "userId",
               c.organization_id::int as "organizationId", o.name as "organizationName"
          from carts c left join organizations o on o.id = c.organization_id
         where c.id = ${cartId}`,
  );
  return row ?? null;
}

export type SenderUser = {
  id: number;
  firstName: string;
  lastName: string;
  organizationId: number | null;
  roles: string[];
};

export async function findSenderUser(db: Executor, userId: number): Promise<SenderUser | null> {
  const [row] = await queryRows<SenderUser>(
    db,
    sql`select id::int, first_name as "firstName", last_name as "lastName",
               organization_id::int as "organizationId", roles
          from users where id = ${userId}`,
  );
  return row ?? null;
}

/** Whether a user is staff (admin or logistics), for the thread owner. */
export async function findStaffUser(db: Executor, userId: number) {
  const [row] = await queryRows<{ id: number; fullName: string }>(
    db,
    sql`select id::int, first_name || ' ' || last_name as "fullName" from users
         where id = ${userId} and roles && array['admin', 'logistics_admin']::text[]`,
  );
  return row ?? null;
}

/** The order's state and version, when each version's purchase order was answered, proposals decided. */
export async function findOrderProgress(db: Executor, orderId: number) {
  const [order] = await queryRows<{ id: number; state: string; version: number }>(
    db,
    sql`select id::int, state, version from orders where id = ${orderId}`,
  );
  if (!order) return null;
  const responses = await queryRows<{ version: number; responded_at: Date }>(
    db,
    sql`select version, created_at as responded_at from purchase_order_responses where order_id = ${orderId}`,
  );
  const proposals = await queryRows<{ id: number; decided_at: Date | null }>(
    db,
    sql`select id::int, decided_at from order_change_proposals where order_id = ${orderId}`,
  );
  return {
    ...order,
    respondedAtByVersion: new Map(responses.map((row) => [row.version, new Date(row.responded_at)])),
    proposalDecidedAt: new Map(
      proposals.map((row) => [row.id, row.decided_at ? new Date(row.decided_at) : null]),
    ),
  };
}
export type OrderProgress = NonNullable<Awaited<ReturnType<typeof findOrderProgress>>>;

/** The freight or photo request a request thread is about, with whether (and when) it was answered. */
export type ThreadRequest = {
  kind: 'freight' | 'photo';
  id: number;
  respondedAt: Date | null;
  responseMessageId: number | null;
  photoIds: number[];
};

export async function findThreadRequest(db: Executor, threadId: number): Promise<ThreadRequest | null> {
  const [row] = await queryRows<{
    kind: 'freight' | 'photo';
    id: number;
    responded_at: Date | null;
    response_message_id: number | null;
    photo_ids: number[] | null;
  }>(
    db,
    sql`select 'freight' as kind, id::int, responded_at, response_message_id::int, null::int[] as photo_ids
          from freight_requests where thread_id = ${threadId}
        union all
        select 'photo', id::int, responded_at, response_message_id::int, photo_ids::int[]
          from photo_requests where thread_id = ${threadId}
        limit 1`,
  );
  if (!row) return null;
  return {
    kind: row.kind,
    id: row.id,
    respondedAt: row.responded_at ? new Date(row.responded_at) : null,
    responseMessageId: row.response_message_id,
    photoIds: (row.photo_ids ?? []).map(Number),
  };
}

/** Photos of the product photo storage by id, for a photo reply in the feed. */
export async function findPhotosByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; picture_taken_on: string; public: boolean; branch_id: number | null }>(
    db,
    sql`select id::int, picture_taken_on::text, public, branch_id::int from product_images
         where id = any(string_to_array(${ids.join(',')}, ',')::bigint[]) order by id`,
  );
}
