// Read model: Analytics (issue 19): a supplier's orders, revenue, response times, top products and search
// clicks and impressions; a buyer's spend by supplier and job. Reads orders, order items, responses,
// branches, products, availabilities, search events and search impressions.

import { type SQL, sql } from 'drizzle-orm';
import type { BuyerReport, SupplierReport } from '../../domain/reports/reports';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

/** Submitted orders in the range (drafts and orders staff took out are left out). */
const inRange = (from: Date, to: Date) =>
  sql`o.submitted_at >= ${from.toISOString()}::timestamptz and o.submitted_at < ${to.toISOString()}::timestamptz
      and o.state <> 'draft' and o.deactivated_at is null`;
// Cancelled and rejected orders count as orders but bring no money.
const counted = sql`o.state not in ('cancelled', 'rejected')`;
const week = sql`to_char(date_trunc('week', o.submitted_at at time zone 'UTC'), 'YYYY-MM-DD')`;

type Range = { from: Date; to: Date };

async function byWeek(db: Executor, where: SQL, amount: SQL) {
  return queryRows<{ week: string; orders: number; amount: number }>(
    db,
    sql`select ${week} as week, count(*)::int as orders,
               coalesce(sum(${amount}) filter (where ${counted}), 0)::bigint::float8 as amount
          from orders o where ${where} group by 1 order by 1`,
  );
}

/** The supplier organisation's report for the range [from, to). */
export async function supplierReport(
  db: Executor,
  organizationId: number,
  { from, to }: Range,
): Promise<Omit<SupplierReport, 'range'>> {
  const where = sql`o.supplier_organization_id = ${organizationId} and ${inRange(from, to)}`;
  const firstResponses = sql`(select r.order_id, min(r.created_at) as at from purchase_order_responses r group by r.order_id)`;
  const hours = sql`extract(epoch from (fr.at - o.submitted_at)) / 3600.0`;
  const [weeks, [totals], branches, products, clicks] = await Promise.all([
    byWeek(db, where, sql`o.supplier_subtotal`),
    queryRows<{
      orders: number;
      revenue: number;
      responded: number;
      average: number | null;
      median: number | null;
    }>(
      db,
      sql`select count(*)::int as orders,
                 coalesce(sum(o.supplier_subtotal) filter (where ${counted}), 0)::bigint::float8 as revenue,
                 count(fr.at)::int as responded,
                 avg(${hours})::float8 as average,
                 percentile_cont(0.5) within group (order by ${hours})::float8 as median
            from orders o left join ${firstResponses} fr on fr.order_id = o.id
           where ${where}`,
    ),
    queryRows<SupplierReport['byBranch'][number]>(
      db,
      sql`select b.id::int as "branchId", b.name as "branchName", count(*)::int as orders,
                 coalesce(sum(o.supplier_subtotal) filter (where ${counted}), 0)::bigint::float8 as revenue,
                 avg(${hours})::float8 as "averageResponseHours"
            from orders o join branches b on b.id = o.branch_id
            left join ${firstResponses} fr on fr.order_id = o.id
           where ${where}
           group by b.id, b.name order by revenue desc, b.name`,
    ),
    queryRows<SupplierReport['topProducts'][number]>(
      db,
      sql`select oi.primary_name as name, oi.size, sum(oi.quantity)::float8 as quantity,
                 sum(oi.supplier_total)::bigint::float8 as revenue, count(distinct o.id)::int as orders
            from order_items oi join orders o on o.id = oi.order_id
           where ${where} and ${counted}
           group by oi.primary_name, oi.size
           order by revenue desc, quantity desc, name
           limit 20`,
    ),
    queryRows<SupplierReport['searchClicks'][number]>(
      db,
      sql`select p.id::int as "productId", p.primary_name as name, count(*)::int as clicks
            from search_events e join products p on p.id = e.product_id
           where e.event_type = 'CLICK'
             and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
             and exists (select 1 from availabilities av join branches b on b.id = av.branch_id
                          where av.product_id = e.product_id and b.organization_id = ${organizationId})
           group by p.id, p.primary_name
           order by clicks desc, name
           limit 20`,
    ),
  ]);
  const fromDay = from.toISOString().slice(0, 10);
  const toDay = to.toISOString().slice(0, 10);
  const impressions = await queryRows<SupplierReport['searchImpressions'][number]>(
    db,
    sql`select b.id::int as "branchId", b.name as "branchName", sum(si.impressions)::int as impressions
          from search_impressions si join branches b on b.id = si.branch_id
         where b.organization_id = ${organizationId} and si.day >= ${fromDay}::date and si.day < ${toDay}::date
         group by b.id, b.name
         order by impressions desc, b.name`,
  );
  const searchClicks = await queryRows<{ clicks: number }>(
    db,
    sql`select count(*)::int as clicks from search_events e
         where e.event_type = 'CLICK'
           and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
           and exists (select 1 from availabilities av join branches b on b.id = av.branch_id
                        where av.product_id = e.product_id and b.organization_id = ${organizationId})`,
  );
  return {
    totals: {
      orders: totals?.orders ?? 0,
      revenue: totals?.revenue ?? 0,
      responded: totals?.responded ?? 0,
      averageResponseHours: totals?.average ?? null,
      medianResponseHours: totals?.median ?? null,
      searchClicks: searchClicks[0]?.clicks ?? 0,
      searchImpressions: impressions.reduce((sum, row) => sum + row.impressions, 0),
    },
    byWeek: weeks,
    byBranch: branches,
    topProducts: products,
    searchClicks: clicks,
    searchImpressions: impressions,
  };
}

/** The buyer organisation's report for the range [from, to). */
export async function buyerReport(
  db: Executor,
  organizationId: number,
  { from, to }: Range,
): Promise<Omit<BuyerReport, 'range'>> {
  const where = sql`o.buyer_organization_id = ${organizationId} and ${inRange(from, to)}`;
  const [weeks, [totals], suppliers, jobs] = await Promise.all([
    byWeek(db, where, sql`o.total`),
    queryRows<{ orders: number; spend: number }>(
      db,
      sql`select count(*)::int as orders, coalesce(sum(o.total) filter (where ${counted}), 0)::bigint::float8 as spend
            from orders o where ${where}`,
    ),
    queryRows<BuyerReport['bySupplier'][number]>(
      db,
      sql`select s.name as "supplierName", count(*)::int as orders,
                 coalesce(sum(o.total) filter (where ${counted}), 0)::bigint::float8 as spend
            from orders o join organizations s on s.id = o.supplier_organization_id
           where ${where} group by s.id, s.name order by spend desc, s.name`,
    ),
    queryRows<BuyerReport['byJob'][number]>(
      db,
      sql`select case when coalesce(o.job_number, '') <> '' then o.job_number || ' · ' || o.name else o.name end as job,
                 count(*)::int as orders, coalesce(sum(o.total) filter (where ${counted}), 0)::bigint::float8 as spend
            from orders o where ${where} group by 1 order by spend desc, job limit 50`,
    ),
  ]);
  return {
    totals: { orders: totals?.orders ?? 0, spend: totals?.spend ?? 0 },
    byWeek: weeks,
    bySupplier: suppliers,
    byJob: jobs,
  };
}
