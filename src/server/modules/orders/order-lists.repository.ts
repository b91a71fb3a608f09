import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { queryRows, queryRowsPrepared } from '../../db/client';

export type OrderListTab = 'buyer' | 'supplier';
export const orderListSortFields = ['submittedAt', 'orderNumber', 'name', 'total', 'requestedOn'] as const;
export type OrderListSortField = (typeof orderListSortFields)[number];

export type OrderListFilter = {
  tab: OrderListTab;
  organizationId: number;
  /** Only these states; null for all. */
  states: readonly string[] | null;
  /** submitted_at ≥ from and < until (the day after the end date). */
  submittedFrom: Date | null;
  submittedUntil: Date | null;
  /** Only this branch's orders (the supplier tab's branch filter); null for all. */
  branchId?: number | null;
  /** Text to find, with the branches and buyer organisations whose names contain it (findNamedParties). */
  search: { query: string; branchIds: number[]; organizationIds: number[] } | null;
  sort: { field: OrderListSortField; direction: 'asc' | 'desc' };
  page: number;
  perPage: number;
};

export type OrderListRow = {
  id: number;
  order_number: string;
  name: string;
  state: string;
  fulfillment: string;
  requested_on: string | null;
  submitted_at: Date | string;
  total: number;
  items_count: number;
  branch_id: number;
  branch_name: string;
  branch_slug: string;
  buyer_organization_id: number;
  buyer_organization_name: string;
  user_id: number;
  user_full_name: string;
  job_number: string | null;
  total_count: number;
  /** The list's stamp when the count was taken (searches and date ranges). */
  stamp?: string;
};

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the list's search box reads on the order itself; orders_search_idx indexes this expression. */
const searchText = sql.raw(`(o.order_number || ' ' || o.name || ' ' || coalesce(o.job_number, ''))`);

/** Branches and organisations whose names contain `query`, for the list's search. */
export async function findNamedParties(db: Executor, query: string) {
  const pattern = likePattern(query);
  const [row] = await queryRowsPrepared<{ branch_ids: number[] | null; organization_ids: number[] | null }>(
    db,
    'order_list_named_parties',
    sql`select array(select b.id::int from branches b where b.name ilike ${pattern}) as branch_ids,
               array(select g.id::int from organizations g where g.name ilike ${pattern}) as organization_ids`,
  );
  return { branchIds: row?.branch_ids ?? [], organizationIds: row?.organization_ids ?? [] };
}

/** The side of the order the caller's organisation is on; (side, submitted_at) and (side, state) index it. */
const sideColumn = (tab: OrderListTab) =>
  sql.raw(tab === 'supplier' ? 'o.supplier_organization_id' : 'o.buyer_organization_id');

// Whitelisted sort expressions; the total is what that side sees.
const sortExpressions = (tab: OrderListTab): Record<OrderListSortField, string> => ({
  submittedAt: 'o.submitted_at',
  orderNumber: 'o.order_number',
  name: 'o.name',
  total: tab === 'supplier' ? 'o.supplier_subtotal + coalesce(o.shipping_amount, 0)' : 'o.total',
  requestedOn: 'o.requested_on',
});

/** The page's column that sorts as each sort expression does (requested_on is ISO text, which sorts as dates). */
const pageColumns: Record<OrderListSortField, string> = {
  submittedAt: 'submitted_at',
  orderNumber: 'order_number',
  name: 'name',
  total: 'total',
  requestedOn: 'requested_on',
};

/**
 * The number of listed orders matching a filter without dates or text: a sum over the few rows of the
 * order_list_counts counter cache (migration 0015), which a trigger keeps true on every order change.
 */
function cachedCount(filter: OrderListFilter): SQL {
  const states = filter.states
    ? sql`and c.state = any(string_to_array(${filter.states.join(',')}, ','))`
    : sql``;
  return sql`select coalesce(sum(c.count), 0)::int as total_count from order_list_counts c
              where c.organization_id = ${filter.organizationId} and c.side = ${filter.tab} ${states}`;
}

/**
 * Counts of searches and date ranges, with the list stamp they were taken at: the sum of
 * order_list_counts.changes for the organisation and side (migration 0017), which moves whenever an
 * order of that list is added, removed or changed in a way that could change what a filter matches.
 * A repeated filter (the next page of a search) reuses its count while the stamp holds, in the same
 * statement that reads the stamp; counting a search's matches was most of its cost. Bounded: the
 * oldest entries go first.
 */
const filterCounts = new Map<string, { stamp: string; count: number }>();
const filterCountsKept = 2000;

function filterKey(filter: OrderListFilter) {
  return JSON.stringify([
    filter.organizationId,
    filter.tab,
    filter.states,
    filter.submittedFrom?.toISOString() ?? null,
    filter.submittedUntil?.toISOString() ?? null,
    filter.branchId ?? null,
    filter.search,
  ]);
}

function rememberCount(key: string, stamp: string, count: number) {
  filterCounts.delete(key);
  filterCounts.set(key, { stamp, count });
  if (filterCounts.size > filterCountsKept) {
    const oldest = filterCounts.keys().next().value;
    if (oldest !== undefined) filterCounts.delete(oldest);
  }
}

/** The count of a search or date range: the remembered one while the list's stamp holds, else counted. */
function stampedCount(
  filter: OrderListFilter,
  where: SQL,
  known: { stamp: string; count: number } | undefined,
) {
  return sql`select s.stamp::text as stamp,
                    case when s.stamp = ${known?.stamp ?? '-1'}::bigint then ${known?.count ?? 0}::int
                         else (select count(*)::int from orders o where ${where}) end as total_count
               from (select coalesce(sum(c.changes), 0)::bigint as stamp from order_list_counts c
                      where c.organization_id = ${filter.organizationId} and c.side = ${filter.tab}) s`;
}

/**
 * One page of a tab's orders and the number of matches, in one statement (when searching,
 * findNamedParties runs before it). Deactivated orders are not listed. Without dates or text the
 * count comes from the counter cache; otherwise from the remembered count of the same filter while the
 * list's stamp holds (stampedCount), else its own aggregate over the matches. The page
 * walks the side's (organisation, submitted_at desc, id desc) index, which carries the state, and
 * stops after offset + perPage entries; names, buyer and item counts are read for its rows only. Past
 * the last page the answer is one row of nulls carrying the count. Without a search each combination
 * of filters is one SQL shape, prepared under its own name.
 */
export async function listOrders(db: Executor, filter: OrderListFilter): Promise<OrderListRow[]> {
  const conditions: SQL[] = [
    sql`${sideColumn(filter.tab)} = ${filter.organizationId}`,
    sql`o.deactivated_at is null`,
  ];
  const shape: string[] = [filter.tab];
  if (filter.states) {
    conditions.push(sql`o.state = any(string_to_array(${filter.states.join(',')}, ','))`);
    shape.push('s');
  }
  if (filter.submittedFrom) {
    conditions.push(sql`o.submitted_at >= ${filter.submittedFrom.toISOString()}::timestamptz`);
    shape.push('f');
  }
  if (filter.submittedUntil) {
    conditions.push(sql`o.submitted_at < ${filter.submittedUntil.toISOString()}::timestamptz`);
    shape.push('u');
  }
  if (filter.branchId) {
    conditions.push(sql`o.branch_id = ${filter.branchId}`);
    shape.push('r');
  }
  if (filter.search) {
    const { query, branchIds, organizationIds } = filter.search;
    // The order's own text is matched through the orders_search_idx trigram index; branches and buyers
    // were matched by name beforehand, so the planner sees plain id lists (usually none). The id
    // checks come first: when one holds, the text is not read (PostgreSQL keeps the order of an OR).
    const alternatives: SQL[] = [];
    shape.push('q');
    if (branchIds.length > 0) {
      alternatives.push(sql`o.branch_id = any(string_to_array(${branchIds.join(',')}, ',')::bigint[])`);
      shape.push('b');
    }
    if (organizationIds.length > 0) {
      alternatives.push(
        sql`o.buyer_organization_id = any(string_to_array(${organizationIds.join(',')}, ',')::bigint[])`,
      );
      shape.push('o');
    }
    alternatives.push(sql`${searchText} ilike ${likePattern(query)}`);
    conditions.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  const where = sql.join(conditions, sql` and `);
  const direction = filter.sort.direction === 'asc' ? 'asc' : 'desc';
  const column = sortExpressions(filter.tab)[filter.sort.field];
  const nulls = direction === 'asc' ? 'nulls last' : 'nulls first';
  const orderBy = sql.raw(`${column} ${direction} ${nulls}, o.id ${direction}`);
  const pageOrder = `page.${pageColumns[filter.sort.field]} ${direction} ${nulls}, page.id ${direction}`;
  // The page size is written into the statement (a validated integer) and the offset is a subquery:
  // then no plan can know the offset, every page costs the same to the planner, and PostgreSQL keeps
  // one generic plan per prepared shape. With both as parameters it planned every execution anew
  // (~0.6 ms, three times the execution) because the first pages looked cheaper than a generic plan.
  shape.push(filter.sort.field, direction, String(filter.perPage));
  // The supplier's total is what its amount block ends with: its subtotal plus the shipping it charges.
  const total = sql.raw(
    filter.tab === 'supplier' ? 'o.supplier_subtotal + coalesce(o.shipping_amount, 0)' : 'o.total',
  );
  const filtered = Boolean(filter.submittedFrom || filter.submittedUntil || filter.search || filter.branchId);
  const key = filtered ? filterKey(filter) : '';
  const counted = filtered ? stampedCount(filter, where, filterCounts.get(key)) : cachedCount(filter);
  // Planning dominated this statement (0.6 ms against 0.2 ms of execution), so the page is one table:
  // its ids walk the side's index, then names come from one-row subqueries instead of a five-table join.
  const statement = sql`select page.*, matches.total_count, ${filtered ? sql`matches.stamp` : sql`null`} as stamp
          from (${counted}) matches
          left join (
            select o.id::int, o.order_number, o.name, o.state, o.fulfillment,
                   o.requested_on::text as requested_on, o.submitted_at, ${total}::int as total,
                   (select count(*)::int from order_items oi where oi.order_id = o.id) as items_count,
                   o.branch_id::int as branch_id,
                   (select b.name from branches b where b.id = o.branch_id) as branch_name,
                   (select b.slug from branches b where b.id = o.branch_id) as branch_slug,
                   o.buyer_organization_id::int as buyer_organization_id,
                   (select bo.name from organizations bo where bo.id = o.buyer_organization_id) as buyer_organization_name,
                   o.user_id::int as user_id,
                   (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = o.user_id) as user_full_name,
                   o.job_number
              from orders o
             where o.id = any(array(select o.id from orders o where ${where}
                                     order by ${orderBy}
                                     limit ${sql.raw(String(filter.perPage))} offset (select ${(filter.page - 1) * filter.perPage}::bigint)))
          ) page on true
         order by ${sql.raw(pageOrder)}`;
  // A search is planned for its own words (a generic plan cannot tell a rare word from a common one).
  const rows = filter.search
    ? await queryRows<OrderListRow>(db, statement)
    : await queryRowsPrepared<OrderListRow>(db, `order_list_${shape.join('_')}`, statement);
  const stamp = rows[0]?.stamp;
  if (filtered && stamp) rememberCount(key, stamp, rows[0].total_count);
  return rows;
}

/** How many listed orders wait for the organisation as buyer and as supplier (the counter cache). */
export async function countNeedsResponse(
  db: Executor,
  organizationId: number,
  buyerStates: readonly string[],
  supplierStates: readonly string[],
) {
  const [row] = await queryRowsPrepared<{ buyer: number; supplier: number }>(
    db,
    'order_needs_response_counts',
    sql`select (select coalesce(sum(c.count), 0)::int from order_list_counts c
                 where c.organization_id = ${organizationId} and c.side = 'buyer'
                   and c.state = any(string_to_array(${buyerStates.join(',')}, ','))) as buyer,
               (select coalesce(sum(c.count), 0)::int from order_list_counts c
                 where c.organization_id = ${organizationId} and c.side = 'supplier'
                   and c.state = any(string_to_array(${supplierStates.join(',')}, ','))) as supplier`,
  );
  return row;
}

/** Distinct order names on one side, alphabetically, optionally containing `query`. */
export async function listOrderNames(
  db: Executor,
  tab: OrderListTab,
  organizationId: number,
  query: string | null,
) {
  const rows = await queryRowsPrepared<{ name: string }>(
    db,
    `order_names_${tab}_${query ? 'q' : 'all'}`,
    sql`select distinct o.name from orders o
         where ${sideColumn(tab)} = ${organizationId}
           ${query ? sql`and o.name ilike ${likePattern(query)}` : sql``}
         order by o.name
         limit 50`,
  );
  return rows.map((row) => row.name);
}

/** The buyer organisations that ordered from the supplier organisation's branches. */
export async function listBuyerOrganizations(db: Executor, supplierOrganizationId: number) {
  return queryRowsPrepared<{ id: number; name: string }>(
    db,
    'order_buyer_organizations',
    sql`select bo.id::int, bo.name from organizations bo
         where bo.id in (select o.buyer_organization_id from orders o
                          where o.supplier_organization_id = ${supplierOrganizationId})
         order by bo.name, bo.id`,
  );
}

/** The branches of a supplier organisation, by name (the supplier tab's branch filter). */
export async function listOwnBranches(db: Executor, organizationId: number) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select b.id::int, b.name from branches b where b.organization_id = ${organizationId} order by b.name, b.id`,
  );
}
