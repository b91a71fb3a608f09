// The home dashboard's reads: submitted carts with their orders, recent suppliers, the open invite
// request, loyalty discounts and the market manager, each one query across several areas' tables.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

// The dashboard is a read model: it reads other modules' tables (carts, orders, invite requests,
// discounts, users) in a few narrow queries and never writes them (docs/decisions.md).

export type SubmittedCartOrderJson = {
  id: number;
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

export type SubmittedCartRow = {
  id: number;
  name: string;
  cart_number: string;
  submitted_at: Date | string | null;
  updated_at: Date | string;
  external_job_number: string | null;
  external_phase: string | null;
  total_price: number;
  orders: SubmittedCartOrderJson[];
  total_count: number;
};

/**
 * One page of the user's submitted carts, newest submission first, each with its orders (branch and
 * number of lines) and their sum, in one round trip: the page is cut first, then only its carts'
 * orders are read.
 */
export async function listSubmittedCarts(db: Executor, userId: number, page: number, perPage: number) {
  return queryRows<SubmittedCartRow>(
    db,
    sql`with page as (
          select c.id, c.name, c.cart_number, c.submitted_at, c.updated_at,
                 c.external_job_number, c.external_phase, count(*) over ()::int as total_count
            from carts c
           where c.user_id = ${userId} and c.state = 'submitted'
           order by c.submitted_at desc nulls last, c.id desc
           limit ${perPage} offset ${(page - 1) * perPage}
        )
        select page.id::int, page.name, page.cart_number, page.submitted_at, page.updated_at,
               page.external_job_number, page.external_phase, page.total_count,
               coalesce(o.total_price, 0)::int as total_price, coalesce(o.orders, '[]'::json) as orders
          from page
          left join lateral (
            select sum(o.total) as total_price,
                   json_agg(json_build_object(
                     'id', o.id, 'order_number', o.order_number, 'state', o.state, 'total', o.total,
                     'fulfillment', o.fulfillment, 'requested_on', o.requested_on::text,
                     'freight_pending', o.freight_pending, 'branch_id', b.id, 'branch_name', b.name,
                     'branch_slug', b.slug,
                     'product_count', (select count(*) from order_items oi where oi.order_id = o.id)
                   ) order by o.id) as orders
              from orders o
              join branches b on b.id = o.branch_id
             where o.cart_id = page.id
          ) o on true
         order by page.submitted_at desc nulls last, page.id desc`,
  );
}

export type RecentBranchRow = {
  id: number;
  name: string;
  slug: string;
  display_address: string | null;
  logo_url: string | null;
  street1: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
};

/** Up to `limit` distinct branches the organisation ordered from, with their address, most recent order first. */
export async function recentOrderBranches(db: Executor, organizationId: number, limit: number) {
  // The newest orders only: enough to find a handful of distinct branches without reading them all.
  return queryRows<RecentBranchRow>(
    db,
    sql`with recent as (
          select o.branch_id, max(o.submitted_at) as last_at
            from (select branch_id, submitted_at from orders
                   where buyer_organization_id = ${organizationId}
                   order by submitted_at desc limit 200) o
           group by o.branch_id
           order by last_at desc, o.branch_id
           limit ${limit}
        )
        select b.id::int, b.name, b.slug, b.display_address, b.logo_url,
               a.street1, a.city, coalesce(b.state_code, a.state) as state,
               coalesce(b.postal_code, a.postal_code) as postal_code
          from recent
          join branches b on b.id = recent.branch_id
          left join addresses a on a.id = b.address_id
         order by recent.last_at desc, b.id`,
  );
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
