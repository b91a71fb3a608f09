// Read model: Cart lists: carts with their owner, item counts and totals, as the saved-carts page shows them.

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type CartListFilter = {
  userId: number;
  active?: boolean;
  ids?: number[];
  query?: string;
  sort: {
    column: 'name' | 'cart_number' | 'created_at' | 'submitted_at' | 'updated_at';
    direction: 'asc' | 'desc';
  };
  page: number;
  perPage: number;
};

export type CartListRow = {
  id: number;
  name: string;
  cart_number: string;
  state: string;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  external_job_number: string | null;
  external_phase: string | null;
  postal_code: string | null;
  user_id: number;
  organization_id: number | null;
  user_full_name: string;
  current: boolean;
  items_count: number;
  skus_count: number;
  supplier_ids: number[];
  orders_count: number;
  orders_total: number | null;
  total_count: number;
};

/**
 * A user's carts, open (draft, in_review) or submitted, with counts. Totals of open carts come from
 * pricing in the service; a submitted cart's total is the sum of its orders.
 */
export async function listCarts(db: Executor, filter: CartListFilter) {
  const conditions: SQL[] = [];
  if (filter.ids)
    conditions.push(
      sql`c.id in (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  else conditions.push(sql`c.user_id = ${filter.userId}`);
  if (filter.active !== undefined) {
    conditions.push(filter.active ? sql`c.state in ('draft', 'in_review')` : sql`c.state = 'submitted'`);
  }
  if (filter.query) {
    const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(c.name ilike ${pattern} or c.cart_number ilike ${pattern} or c.external_job_number ilike ${pattern} or c.external_phase ilike ${pattern})`,
    );
  }
  const direction = filter.sort.direction === 'asc' ? 'asc' : 'desc';
  const nulls = filter.sort.direction === 'asc' ? 'nulls first' : 'nulls last';
  const orderBy = sql.raw(`c.${filter.sort.column} ${direction} ${nulls}, c.id desc`);
  // The page is chosen first (with the number of matches); the counts and sums run for its rows only,
  // not for every cart of the user (a buyer with 200 carts paid for all 200 on each page).
  return queryRows<CartListRow>(
    db,
    sql`select c.id::int, c.name, c.cart_number, c.state, c.created_at, c.updated_at, c.submitted_at,
               c.external_job_number, c.external_phase, c.postal_code, c.user_id::int, c.organization_id::int,
               u.first_name || ' ' || u.last_name as user_full_name,
               exists (select 1 from current_carts cc where cc.cart_id = c.id and cc.user_id = ${filter.userId}) as current,
               (select count(*)::int from cart_items ci where ci.cart_id = c.id) as items_count,
               (select count(distinct coalesce(ci.product_variant_id::text, 'nc' || ci.id))::int from cart_items ci where ci.cart_id = c.id) as skus_count,
               coalesce((select array_agg(distinct b.organization_id::int) from cart_items ci join branches b on b.id = ci.branch_id where ci.cart_id = c.id), '{}') as supplier_ids,
               (select count(*)::int from orders o where o.cart_id = c.id) as orders_count,
               (select sum(o.total)::int from orders o where o.cart_id = c.id) as orders_total,
               page.total_count
          from (select c.id, count(*) over ()::int as total_count
                  from carts c
                 where ${sql.join(conditions, sql` and `)}
                 order by ${orderBy}
                 limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}) page
          join carts c on c.id = page.id
          join users u on u.id = c.user_id
         order by ${orderBy}`,
  );
}

/** Carts by id as list rows, `current` as seen by `userId`. */
export async function listCartsByIds(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return listCarts(db, {
    userId,
    ids,
    sort: { column: 'updated_at', direction: 'desc' },
    page: 1,
    perPage: ids.length,
  });
}
