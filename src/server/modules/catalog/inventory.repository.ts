import { type SQL, sql } from 'drizzle-orm';
import type { PriceTier } from '../../../domain/catalog/pricing';
import type { Db, Executor } from '../../core/database';
import { bigintArray, pageWindow, queryRows, queryRowsPrepared } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';

export type InventoryFilter = {
  branchIds: number[];
  query?: string;
  stock: 'all' | 'in_stock' | 'out_of_stock' | 'stale';
  staleBefore: Date;
  page: number;
  perPage: number;
};

export type InventoryDbRow = {
  id: number;
  branch_id: number;
  branch_name: string;
  branch_slug: string;
  product_id: number;
  path_identifier: string;
  primary_name: string;
  secondary_name: string | null;
  product_variant_id: number;
  size: string;
  quantity: number;
  ignore_quantity: boolean;
  price_tiers: PriceTier[];
  updated_at: string | Date;
};

const rowColumns = sql`a.id::int, a.branch_id::int, b.name as branch_name, b.slug as branch_slug,
  a.product_id::int, p.path_identifier, p.primary_name, p.secondary_name, a.product_variant_id::int,
  v.size, a.quantity, a.ignore_quantity, a.price_tiers, a.updated_at`;

const productJoins = sql`join products p on p.id = a.product_id
  join product_variants v on v.id = a.product_variant_id`;

/**
 * The catalogue's distinct sizes (under 200 among 86,000 variants), read by skipping along
 * product_variants_size_idx one size at a time rather than reading every variant.
 */
const catalogueSizes = sql`with recursive catalogue_sizes(size) as (
    (select size from product_variants order by size limit 1)
    union all
    select (select v.size from product_variants v where v.size > s.size order by v.size limit 1)
      from catalogue_sizes s where s.size is not null
  )`;

/** The listings of the branches (`branch`, a condition on `a.branch_id`) from branch_listing_counts. */
function keptTotal(branch: SQL, stock: 'all' | 'in_stock' | 'out_of_stock') {
  const total = {
    all: sql`a.listings`,
    in_stock: sql`a.in_stock`,
    out_of_stock: sql`a.listings - a.in_stock`,
  }[stock];
  return sql`select coalesce(sum(${total}), 0)::int as total from branch_listing_counts a where ${branch}`;
}

/**
 * A page of listings of the given branches by product name and size, with the filtered total.
 * Every statement is prepared by its shape (one or several branches, a search or not, the stock
 * filter) with the values bound: planning these joins cost more than running them (1 to 5 ms each,
 * twice a request), and their generic plans are the ones chosen for any value.
 */
export async function listInventory(db: Executor, filter: InventoryFilter) {
  const single = filter.branchIds.length === 1;
  const branch = single
    ? sql`a.branch_id = ${filter.branchIds[0]}`
    : sql`a.branch_id = any(${bigintArray(filter.branchIds)})`;
  const conditions: SQL[] = [];
  let matches = sql``;
  if (filter.query) {
    // The listings whose product name matches (the products' trigram index over the folded names,
    // patent, cultivar and synonyms) or whose size matches (the few catalogue sizes matched first),
    // each read off a (branch, product | size, id) index: a 20,000-listing branch is not read through,
    // which testing every listing against the text cost 25 ms. Only the matches are joined after.
    const pattern = containsPattern(filter.query);
    matches = sql`${catalogueSizes}, matches as (
        select a.id from availabilities a
         where ${branch}
           and a.product_id = any(array(select sp.id from products sp where sp.search_text like search_fold(${pattern})))
        union
        select a.id from availabilities a
         where ${branch}
           and a.sort_size = any(array(select s.size from catalogue_sizes s where s.size ilike ${pattern}))
      ),`;
    conditions.push(sql`a.id in (select id from matches)`);
  } else {
    conditions.push(branch);
  }
  if (filter.stock === 'in_stock') conditions.push(sql`a.in_stock`);
  if (filter.stock === 'out_of_stock') conditions.push(sql`not a.in_stock`);
  if (filter.stock === 'stale') conditions.push(sql`a.updated_at < ${filter.staleBefore.toISOString()}`);
  const where = sql.join(conditions, sql` and `);
  const shape = `${single ? 'one' : 'many'}_${filter.query ? 'search' : 'all'}_${filter.stock}`;
  // A first page's window is written into the statement (see pageWindow); a deeper one is bound, and
  // its statement, whose custom plans cost about what the generic one does, soon runs generic.
  const offset = (filter.page - 1) * filter.perPage;
  const window = pageWindow(filter.perPage, offset);
  const perPage = Math.trunc(filter.perPage);
  const pageName = `inventory_page_${shape}_${window.preparable ? window.key : `deep_${perPage}`}`;
  const limit = window.preparable ? window.clause : sql`limit ${sql.raw(String(perPage))} offset ${offset}`;
  // Only the page's rows are joined.
  const rowsOf = (page: SQL, extra = sql``) => sql`${page}
        select ${rowColumns}${extra}
        from page
        join availabilities a on a.id = page.id
        ${productJoins}
        join branches b on b.id = a.branch_id
        order by a.sort_name, a.sort_position, a.sort_size, a.branch_id`;
  if (filter.query) {
    // A search finds its matches once, for the page and the total; past the last page, the total alone.
    const chosen = sql`${matches} chosen as (
        select a.id, a.sort_name, a.sort_position, a.sort_size, a.branch_id from availabilities a where ${where})`;
    const rows = await queryRowsPrepared<InventoryDbRow & { total: number }>(
      db,
      pageName,
      rowsOf(
        sql`${chosen}, page as (
          select id from chosen order by sort_name, sort_position, sort_size, branch_id ${limit})`,
        sql`, (select count(*) from chosen)::int as total`,
      ),
    );
    if (rows.length > 0) return { rows, total: rows[0].total };
    const [counted] = await queryRowsPrepared<{ total: number }>(
      db,
      `inventory_count_${shape}`,
      sql`${chosen} select count(*)::int as total from chosen`,
    );
    return { rows, total: counted?.total ?? 0 };
  }
  // The page's ids come from availabilities_branch_order_idx alone (the product's name and the
  // variant's position and size, copied onto the listing by triggers), however deep the page. The
  // total of a whole branch, or of its listings in or out of stock, is the branch's kept count; the
  // stale filter counts what it chose.
  const count =
    filter.stock === 'stale'
      ? sql`select count(*)::int as total from availabilities a where ${where}`
      : keptTotal(branch, filter.stock);
  const [rows, [counted]] = await Promise.all([
    queryRowsPrepared<InventoryDbRow>(
      db,
      pageName,
      rowsOf(
        sql`with page as (
          select a.id from availabilities a
          where ${where}
          order by a.sort_name, a.sort_position, a.sort_size, a.branch_id
          ${limit})`,
      ),
    ),
    queryRowsPrepared<{ total: number }>(db, `inventory_count_${shape}`, count),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findInventoryRow(db: Executor, id: number) {
  const [row] = await queryRows<InventoryDbRow & { organization_id: number }>(
    db,
    sql`select ${rowColumns}, b.organization_id::int
      from availabilities a
      join products p on p.id = a.product_id
      join product_variants v on v.id = a.product_variant_id
      join branches b on b.id = a.branch_id
      where a.id = ${id}`,
  );
  return row;
}

export async function updateAvailability(
  db: Executor,
  id: number,
  patch: { quantity?: number; ignoreQuantity?: boolean; priceTiers?: PriceTier[] },
) {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.quantity !== undefined) sets.push(sql`quantity = ${patch.quantity}`);
  if (patch.ignoreQuantity !== undefined) sets.push(sql`ignore_quantity = ${patch.ignoreQuantity}`);
  if (patch.priceTiers !== undefined) {
    sets.push(sql`price_tiers = ${JSON.stringify(patch.priceTiers)}::jsonb`);
    sets.push(sql`base_price = ${patch.priceTiers[0]?.price ?? null}`);
  }
  await db.execute(sql`update availabilities set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export type BranchOwnerRow = {
  id: number;
  organization_id: number;
  name: string;
  slug: string;
  is_primary: boolean;
  hidden: boolean;
  logo_url: string | null;
};

export async function findBranch(db: Executor, id: number) {
  const [row] = await queryRowsPrepared<BranchOwnerRow>(
    db,
    'inventory_branch_by_id',
    sql`select id::int, organization_id::int, name, slug, is_primary, hidden, logo_url from branches where id = ${id}`,
  );
  return row;
}

/** Whether a supplier discount of the organisation runs at `now`: its listings are then eligible. */
export async function supplierDiscountRunning(db: Executor, organizationId: number, now: Date) {
  const [row] = await queryRowsPrepared<{ running: boolean }>(
    db,
    'inventory_supplier_discount_running',
    sql`select exists (
          select 1 from discounts
           where kind = 'supplier' and supplier_organization_id = ${organizationId}
             and (starts_at is null or starts_at <= ${now.toISOString()})
             and (ends_at is null or ends_at >= ${now.toISOString()})) as running`,
  );
  return row?.running ?? false;
}

export async function findBranchBySlug(db: Executor, slug: string) {
  const [row] = await queryRows<BranchOwnerRow>(
    db,
    sql`select id::int, organization_id::int, name, slug, is_primary, hidden, logo_url from branches where slug = ${slug}`,
  );
  return row;
}

export async function findOrganization(db: Executor, where: { id?: number; slug?: string }) {
  const condition = where.id !== undefined ? sql`id = ${where.id}` : sql`slug = ${where.slug ?? ''}`;
  const [row] = await queryRows<{ id: number; name: string; slug: string; logo_url: string | null }>(
    db,
    sql`select id::int, name, slug, logo_url from organizations where ${condition}`,
  );
  return row;
}

export async function listOrganizationBranches(db: Executor, organizationId: number) {
  return queryRows<
    BranchOwnerRow & { listing_count: number; in_stock_count: number; last_updated_at: string | Date | null }
  >(
    db,
    sql`select b.id::int, b.organization_id::int, b.name, b.slug, b.is_primary, b.hidden, b.logo_url,
        coalesce(s.listing_count, 0)::int as listing_count, coalesce(s.in_stock_count, 0)::int as in_stock_count,
        s.last_updated_at
      from branches b
      left join lateral (
        select c.listings as listing_count, c.in_stock as in_stock_count, c.last_updated_at
        from branch_listing_counts c where c.branch_id = b.id
      ) s on true
      where b.organization_id = ${organizationId}
      order by b.is_primary desc, b.name`,
  );
}

/** Sets every listing of a branch to 0 (and stops ignoring quantity); answers how many changed. */
export async function zeroOutBranch(db: Executor, branchId: number, exceptIds: number[] = []) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update availabilities set quantity = 0, ignore_quantity = false, updated_at = now()
      where branch_id = ${branchId} and (quantity <> 0 or ignore_quantity)
      ${exceptIds.length > 0 ? sql`and not (id = any(${bigintArray(exceptIds)}))` : sql``}
      returning id::int`,
  );
  return rows.length;
}

/** Touches a branch's listings so the search index reloads their products. */
export async function reindexBranch(db: Executor, branchId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update availabilities set quantity = quantity where branch_id = ${branchId} returning id::int`,
  );
  return rows.length;
}

export async function setBranchHidden(db: Executor, branchId: number, hidden: boolean) {
  await db.execute(sql`update branches set hidden = ${hidden}, updated_at = now() where id = ${branchId}`);
}

export async function setBranchLogo(db: Executor, branchId: number, url: string) {
  await db.execute(sql`update branches set logo_url = ${url}, updated_at = now() where id = ${branchId}`);
}

/** The organisation's logo, also given to its branches that show the previous one or none. */
export async function setOrganizationLogo(db: Executor, organizationId: number, url: string) {
  await db.execute(sql`update branches set logo_url = ${url}, updated_at = now()
    where organization_id = ${organizationId}
      and (logo_url is null or logo_url = (select logo_url from organizations where id = ${organizationId}))`);
  await db.execute(
    sql`update organizations set logo_url = ${url}, updated_at = now() where id = ${organizationId}`,
  );
}

// ---------- order requirements and notices

export type OrderRequirementsRow = {
  branch_id: number;
  minimum_order_cents: number | null;
  minimum_lead_days: number | null;
  delivery_days: string[];
  pickup_hours: string | null;
};

export async function findOrderRequirements(db: Executor, branchIds: number[]) {
  if (branchIds.length === 0) return [];
  return queryRows<OrderRequirementsRow>(
    db,
    sql`select branch_id::int, minimum_order_cents, minimum_lead_days, delivery_days, pickup_hours
      from branch_order_requirements where branch_id = any(${bigintArray(branchIds)})`,
  );
}

export async function upsertOrderRequirements(
  db: Executor,
  branchId: number,
  input: {
    minimumOrderCents: number | null;
    minimumLeadDays: number | null;
    deliveryDays: string[];
    pickupHours: string | null;
  },
) {
  await db.execute(sql`insert into branch_order_requirements
      (branch_id, minimum_order_cents, minimum_lead_days, delivery_days, pickup_hours)
    values (${branchId}, ${input.minimumOrderCents}, ${input.minimumLeadDays},
      ${sql`string_to_array(${input.deliveryDays.join(',')}, ',')::text[]`}, ${input.pickupHours})
    on conflict (branch_id) do update set minimum_order_cents = excluded.minimum_order_cents,
      minimum_lead_days = excluded.minimum_lead_days, delivery_days = excluded.delivery_days,
      pickup_hours = excluded.pickup_hours, updated_at = now()`);
}

export async function deleteOrderRequirements(db: Executor, branchId: number) {
  await db.execute(sql`delete from branch_order_requirements where branch_id = ${branchId}`);
}

export type NoticeRow = {
  id: number;
  branch_id: number;
  body: string;
  starts_on: string | null;
  ends_on: string | null;
};

export async function listNotices(db: Executor, branchIds: number[], activeOn?: string) {
  if (branchIds.length === 0) return [];
  const active = activeOn
    ? sql`and (starts_on is null or starts_on <= ${activeOn}::date) and (ends_on is null or ends_on >= ${activeOn}::date)`
    : sql``;
  return queryRows<NoticeRow>(
    db,
    sql`select id::int, branch_id::int, body, starts_on::text, ends_on::text from supplier_notices
      where branch_id = any(${bigintArray(branchIds)}) ${active} order by starts_on nulls first, id`,
  );
}

export async function insertNotice(
  db: Executor,
  branchId: number,
  input: { body: string; startsOn: string | null; endsOn: string | null },
) {
  const [row] = await queryRows<NoticeRow>(
    db,
    sql`insert into supplier_notices (branch_id, body, starts_on, ends_on)
      values (${branchId}, ${input.body}, ${input.startsOn}, ${input.endsOn})
      returning id::int, branch_id::int, body, starts_on::text, ends_on::text`,
  );
  return row;
}

export async function findNotice(db: Executor, id: number) {
  const [row] = await queryRows<NoticeRow>(
    db,
    sql`select id::int, branch_id::int, body, starts_on::text, ends_on::text from supplier_notices where id = ${id}`,
  );
  return row;
}

export async function deleteNotice(db: Executor, id: number) {
  await db.execute(sql`delete from supplier_notices where id = ${id}`);
}

export async function branchNames(db: Executor, branchIds: number[]) {
  if (branchIds.length === 0) return [];
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from branches where id = any(${bigintArray(branchIds)})`,
  );
}

// ---------- availability uploads (the imports module's availability kind)

export async function loadProductMappings(db: Executor, organizationId: number) {
  return queryRows<{ source_key: string; product_id: number; product_variant_id: number }>(
    db,
    sql`select source_key, product_id::int, product_variant_id::int from product_mappings
      where organization_id = ${organizationId}`,
  );
}

export async function saveProductMapping(
  db: Executor,
  organizationId: number,
  sourceKey: string,
  productId: number,
  productVariantId: number,
) {
  await db.execute(sql`insert into product_mappings (organization_id, source_key, product_id, product_variant_id)
    values (${organizationId}, ${sourceKey}, ${productId}, ${productVariantId})
    on conflict (organization_id, source_key) do update set product_id = excluded.product_id,
      product_variant_id = excluded.product_variant_id, updated_at = now()`);
}

export type CatalogVariantRow = {
  product_id: number;
  product_variant_id: number;
  primary_name: string;
  secondary_name: string | null;
  size: string;
};

/** Sizes of the products whose botanical or common name (lower-cased) is one of `names`. */
export async function variantsByProductNames(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  return queryRows<CatalogVariantRow>(
    db,
    sql`select p.id::int as product_id, v.id::int as product_variant_id, p.primary_name, p.secondary_name, v.size
      from unnest(string_to_array(${names.join('\u0001')}, ${'\u0001'})) as n(name)
      join products p on lower(p.primary_name) = n.name
      join product_variants v on v.product_id = p.id`,
  );
}

export async function variantsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<CatalogVariantRow>(
    db,
    sql`select p.id::int as product_id, v.id::int as product_variant_id, p.primary_name, p.secondary_name, v.size
      from product_variants v join products p on p.id = v.product_id
      where v.id = any(${bigintArray(ids)})`,
  );
}

/** The branch's listings: variant id → listing id. */
export async function branchListingVariants(db: Executor, branchId: number) {
  return queryRows<{ id: number; product_variant_id: number }>(
    db,
    sql`select id::int, product_variant_id::int from availabilities where branch_id = ${branchId}`,
  );
}

export type AvailabilityWrite = {
  productVariantId: number;
  productId: number;
  quantity: number | null;
  priceTiers: PriceTier[] | null;
};

/**
 * Writes an upload's lines in one statement: new listings are added (without a quantity, one counts
 * stock unless its product's ignore_quantity_default says not to), existing ones get the quantity and
 * tiers the file gives (a column not in the file keeps its value).
 */
export async function upsertAvailabilities(db: Executor, branchId: number, writes: AvailabilityWrite[]) {
  if (writes.length === 0) return;
  const payload = JSON.stringify(
    writes.map((write) => ({
      v: write.productVariantId,
      p: write.productId,
      q: write.quantity,
      t: write.priceTiers,
      b: write.priceTiers ? (write.priceTiers[0]?.price ?? null) : null,
    })),
  );
  await db.execute(sql`update availabilities a set
      quantity = coalesce(r.q, a.quantity),
      ignore_quantity = case when r.q is null then a.ignore_quantity else false end,
      price_tiers = coalesce(r.t, a.price_tiers),
      base_price = case when r.t is null then a.base_price else r.b end,
      updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as r(v bigint, p bigint, q int, t jsonb, b int)
    where a.branch_id = ${branchId} and a.product_variant_id = r.v`);
  // A new listing without a counted quantity takes the product's ignore-quantity default.
  await db.execute(sql`insert into availabilities
      (branch_id, product_variant_id, product_id, quantity, ignore_quantity, price_tiers, base_price, field_status)
    select ${branchId}, r.v, r.p, coalesce(r.q, 0), r.q is null and p.ignore_quantity_default,
           coalesce(r.t, '[]'::jsonb), r.b, 'Ready'
    from jsonb_to_recordset(${payload}::jsonb) as r(v bigint, p bigint, q int, t jsonb, b int)
    join products p on p.id = r.p
    on conflict (branch_id, product_variant_id) do nothing`);
}

/** VACUUM (ANALYZE) of the listings (see refreshListingStatistics); not inside a transaction. */
export async function vacuumListings(db: Db) {
  await queryRows(db, sql`vacuum (analyze) availabilities`);
}
