// Read model: freight requests with what the logistics team needs beside them (issue 16): the cart or
// order they are for, the buyer, the branch the goods leave from (coordinates or postal code), the
// truck of the estimate; and an order's lines and destination when a request is made for it.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type FreightRequestRow = {
  id: number;
  source: 'cart' | 'order';
  thread_id: number;
  cart_id: number | null;
  cart_number: string | null;
  cart_name: string | null;
  order_id: number | null;
  order_number: string | null;
  order_name: string | null;
  order_total: number | null;
  buyer_organization_name: string | null;
  requested_by_full_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  branch_postal_code: string | null;
  branch_latitude: number | null;
  branch_longitude: number | null;
  destination_city: string;
  destination_state: string;
  destination_postal_code: string;
  expected_ship_date: string | null;
  fulfillment_hours: string | null;
  needs_delivery_assist: boolean;
  notes: string | null;
  lines: { primaryName: string; size: string | null; quantity: number; weightLb: number | null }[];
  distance_miles: number | null;
  created_at: Date;
  responded_at: Date | null;
  estimate_cost: number | null;
  estimate_notes: string | null;
  estimate_pdf_name: string | null;
  truck_name: string | null;
};

const requestColumns = sql`fr.id::int, fr.source, fr.thread_id::int, fr.cart_id::int, c.cart_number, c.name as cart_name,
       fr.order_id::int, o.order_number, o.name as order_name, o.total as order_total,
       bo.name as buyer_organization_name,
       nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as requested_by_full_name,
       fr.branch_id::int, b.name as branch_name, coalesce(b.postal_code, ba.postal_code) as branch_postal_code,
       b.latitude as branch_latitude, b.longitude as branch_longitude,
       fr.destination_city, fr.destination_state, fr.destination_postal_code,
       fr.expected_ship_date::text, fr.fulfillment_hours, fr.needs_delivery_assist, fr.notes, fr.lines,
       fr.distance_miles, fr.created_at, fr.responded_at, fr.estimate_cost, fr.estimate_notes,
       fr.estimate_pdf_name, t.name as truck_name`;
const requestJoins = sql`from freight_requests fr
       left join carts c on c.id = fr.cart_id
       left join orders o on o.id = fr.order_id
       left join organizations bo on bo.id = fr.buyer_organization_id
       left join users u on u.id = fr.requested_by_user_id
       left join branches b on b.id = fr.branch_id
       left join addresses ba on ba.id = b.address_id
       left join trucks t on t.id = fr.truck_id`;

/** The queue: open requests (oldest first), then the latest answered ones. */
export async function listFreightRequests(db: Executor, options: { open: boolean; limit: number }) {
  return queryRows<FreightRequestRow>(
    db,
    options.open
      ? sql`select ${requestColumns} ${requestJoins} where fr.responded_at is null
             order by fr.created_at, fr.id limit ${options.limit}`
      : sql`select ${requestColumns} ${requestJoins} where fr.responded_at is not null
             order by fr.responded_at desc, fr.id desc limit ${options.limit}`,
  );
}

export async function countOpenFreightRequests(db: Executor) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from freight_requests where responded_at is null`,
  );
  return row?.count ?? 0;
}

export async function findFreightRequest(db: Executor, id: number) {
  const [row] = await queryRows<FreightRequestRow>(
    db,
    sql`select ${requestColumns} ${requestJoins} where fr.id = ${id}`,
  );
  return row ?? null;
}

/** What a freight request made for an order copies: lines, branch, destination, date, parties. */
export type OrderForFreight = {
  id: number;
  order_number: string;
  name: string;
  cart_id: number | null;
  user_id: number;
  buyer_organization_id: number;
  supplier_organization_id: number;
  branch_id: number;
  branch_name: string;
  requested_on: string | null;
  delivery_address: { city?: string; state?: string; postalCode?: string; name?: string } | null;
  freight_pending: boolean;
  buyer_organization_name: string;
  lines: { primaryName: string; size: string | null; quantity: number; weightLb: number | null }[];
};

export async function findOrderForFreight(db: Executor, orderId: number) {
  const [row] = await queryRows<OrderForFreight>(
    db,
    sql`select o.id::int, o.order_number, o.name, o.cart_id::int, o.user_id::int,
               o.buyer_organization_id::int, o.supplier_organization_id::int, o.branch_id::int,
               b.name as branch_name, o.requested_on::text, o.delivery_address, o.freight_pending,
               bo.name as buyer_organization_name,
               coalesce((select jsonb_agg(jsonb_build_object('primaryName', i.primary_name, 'size', i.size,
                                 'quantity', i.quantity, 'weightLb', null) order by i.position)
                           from order_items i where i.order_id = o.id), '[]'::jsonb) as lines
          from orders o
          join branches b on b.id = o.branch_id
          join organizations bo on bo.id = o.buyer_organization_id
         where o.id = ${orderId}`,
  );
  return row ?? null;
}

/** Freight-pending orders that have no freight request yet (confirmed before requests existed). */
export async function freightPendingOrdersWithoutRequest(db: Executor) {
  return queryRows<{ id: number }>(
    db,
    sql`select o.id::int from orders o
         where o.freight_pending
           and not exists (select 1 from freight_requests fr where fr.order_id = o.id and fr.source = 'order')
         order by o.id`,
  );
}

/** Where a branch is: its coordinates, else the postal code of its own or its address. */
export async function findBranchPlace(db: Executor, branchId: number) {
  const [row] = await queryRows<{
    latitude: number | null;
    longitude: number | null;
    postal_code: string | null;
  }>(
    db,
    sql`select b.latitude, b.longitude, coalesce(b.postal_code, a.postal_code) as postal_code
          from branches b left join addresses a on a.id = b.address_id where b.id = ${branchId}`,
  );
  return row ?? null;
}
