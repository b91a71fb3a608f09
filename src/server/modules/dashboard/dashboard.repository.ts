import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

// The dashboard is a read model: it reads other modules' tables (carts, orders, invite requests,
// discounts, users) in a few narrow queries and never writes them (docs/decisions.md).

export type SubmittedCartRow = {
  id: number;
  name: string;
  cart_number: string;
  submitted_at: Date | string | null;
  updated_at: Date | string;
  external_job_number: string | null;
  external_phase: string | null;
  total_price: number;
  total_count: number;
};

/** The user's submitted carts, newest submission first, with the sum of their orders. */
export async function listSubmittedCarts(db: Executor, userId: number, page: number, perPage: number) {
  return queryRows<SubmittedCartRow>(
    db,
    sql`select c.id::int, c.name, c.cart_number, c.submitted_at, c.updated_at,
               c.external_job_number, c.external_phase,
               coalesce((select sum(o.total) from orders o where o.cart_id = c.id), 0)::int as total_price,
               count(*) over ()::int as total_count
          from carts c
         where c.user_id = ${userId} and c.state = 'submitted'
         order by c.submitted_at desc nulls last, c.id desc
         limit ${perPage} offset ${(page - 1) * perPage}`,
  );
}

export type CartOrderRow = {
  id: number;
  cart_id: number;
  order_number: string;
  state: string;
  total: number;
  fulfillment: string;
  requested_on: string | null;
  freight_pending: boolean;
  branch_id: number;
  branch_name: string;
  branch_slug: string;
  product_count: number;
};

/** The orders these carts split into, with their branch and number of lines. */
export async function listOrdersOfCarts(db: Executor, cartIds: number[]) {
  if (cartIds.length === 0) return [];
  return queryRows<CartOrderRow>(
    db,
    sql`select o.id::int, o.cart_id::int, o.order_number, o.state, o.total, o.fulfillment,
               o.requested_on::text as requested_on, o.freight_pending,
               b.id::int as branch_id, b.name as branch_name, b.slug as branch_slug,
               (select count(*)::int from order_items oi where oi.order_id = o.id) as product_count
          from orders o
          join branches b on b.id = o.branch_id
         where o.cart_id in (select json_array_elements_text(${JSON.stringify(cartIds)}::json)::bigint)
         order by o.cart_id, o.id`,
  );
}

/** Up to `limit` distinct branches the organisation ordered from, most recent order first. */
export async function recentOrderBranchIds(db: Executor, organizationId: number, limit: number) {
  // The newest orders only: enough to find a handful of distinct branches without reading them all.
  const rows = await queryRows<{ branch_id: number }>(
    db,
    sql`select branch_id::int
          from (select o.branch_id, max(o.submitted_at) as last_at
                  from (select branch_id, submitted_at from orders
                         where buyer_organization_id = ${organizationId}
                         order by submitted_at desc limit 200) o
                 group by o.branch_id) recent
         order by last_at desc, branch_id
         limit ${limit}`,
  );
  return rows.map((row) => row.branch_id);
}

export type InviteRequestRow = {
  id: number;
  phone: string | null;
  company_name: string | null;
  postal_code: string | null;
  company_size: string | null;
  roles: string[];
  company_type: string | null;
  project_types: string[];
  organization_name: string | null;
  organization_company_size: string | null;
  organization_company_type: string | null;
  organization_project_types: string[] | null;
};

/** The user's newest invite request not yet completed, with its linked organisation's details. */
export async function findOpenInviteRequest(db: Executor, userId: number) {
  const [row] = await queryRows<InviteRequestRow>(
    db,
    sql`select ir.id::int, ir.phone, ir.company_name, ir.postal_code, ir.company_size, ir.roles,
               ir.company_type, ir.project_types,
               o.name as organization_name, o.company_size as organization_company_size,
               o.company_type as organization_company_type, o.project_types as organization_project_types
          from invite_requests ir
          left join organizations o on o.id = ir.organization_id
         where ir.user_id = ${userId} and ir.completed_at is null
         order by ir.created_at desc, ir.id desc
         limit 1`,
  );
  return row ?? null;
}

/** Whether a platform (loyalty) discount for this buyer organisation is in force now. */
export async function hasLoyaltyDiscount(db: Executor, organizationId: number) {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from discounts d
         where d.kind = 'platform' and d.buyer_organization_id = ${organizationId}
           and (d.starts_at is null or d.starts_at <= now())
           and (d.ends_at is null or d.ends_at > now())
         limit 1`,
  );
  return rows.length > 0;
}

export type MarketManagerRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
};

/** The default market manager: the longest-serving one. */
export async function findDefaultMarketManager(db: Executor) {
  const [row] = await queryRows<MarketManagerRow>(
    db,
    sql`select id::int, first_name, last_name, email, phone from users
         where is_market_manager and status = 'approved'
         order by id limit 1`,
  );
  return row ?? null;
}
