import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { bigintArray, queryRows } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { hubsheets, importImages, importLists, learnedMatches, listItems } from './hubsheets.tables';

export type ImportListRow = typeof importLists.$inferSelect;
export type HubsheetRow = typeof hubsheets.$inferSelect;
export type ListItemRow = typeof listItems.$inferSelect;
export type NewListItem = typeof listItems.$inferInsert;

// ---------- import lists

export async function insertImportList(db: Executor, values: typeof importLists.$inferInsert) {
  const [row] = await db.insert(importLists).values(values).returning();
  return row;
}

export async function findImportList(db: Executor, id: number) {
  const [row] = await db.select().from(importLists).where(eq(importLists.id, id));
  return row ?? null;
}

export async function updateImportList(
  db: Executor,
  id: number,
  values: Partial<typeof importLists.$inferInsert>,
) {
  const [row] = await db
    .update(importLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(importLists.id, id))
    .returning();
  return row;
}

// ---------- hubsheets

export async function insertHubsheet(db: Executor, values: typeof hubsheets.$inferInsert) {
  const [row] = await db.insert(hubsheets).values(values).returning();
  return row;
}

export async function findHubsheet(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(hubsheets).where(eq(hubsheets.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Changes a hubsheet and bumps its version; with `expected`, only when that version is current (else null). */
export async function updateHubsheet(
  db: Executor,
  id: number,
  values: Partial<typeof hubsheets.$inferInsert>,
  expected?: number,
) {
  const [row] = await db
    .update(hubsheets)
    .set({ ...values, version: sql`${hubsheets.version} + 1`, updatedAt: new Date() })
    .where(
      expected === undefined
        ? eq(hubsheets.id, id)
        : and(eq(hubsheets.id, id), eq(hubsheets.version, expected)),
    )
    .returning();
  return row ?? null;
}

/** Marks a hubsheet changed (a line was added, edited or removed) without a version bump. */
export async function touchHubsheet(db: Executor, id: number) {
  await db.update(hubsheets).set({ updatedAt: new Date() }).where(eq(hubsheets.id, id));
}

export async function setMatchingState(db: Executor, id: number, state: 'pending' | 'running' | 'done') {
  await db.update(hubsheets).set({ matchingState: state }).where(eq(hubsheets.id, id));
}

export async function deleteHubsheet(db: Executor, id: number) {
  await db.delete(hubsheets).where(eq(hubsheets.id, id));
}

export type HubsheetListRow = {
  id: number;
  name: string;
  status: string;
  postal_code: string | null;
  list_items_count: number;
  created_at: string | Date;
  updated_at: string | Date;
  user_id: number | null;
  user_full_name: string | null;
  total_count: number;
};

const sortColumns = {
  name: sql`h.name`,
  createdAt: sql`h.created_at`,
  updatedAt: sql`h.updated_at`,
} as const;
export type HubsheetSortField = keyof typeof sortColumns;

/** A page of the hubsheets of an organisation (or of one user without an organisation), with their line counts. */
export async function listHubsheets(
  db: Executor,
  filter: {
    organizationId: number | null;
    userId: number;
    query?: string;
    sort: { field: HubsheetSortField; direction: 'asc' | 'desc' };
    page: number;
    perPage: number;
  },
) {
  const conditions: SQL[] = [
    filter.organizationId === null
      ? sql`h.user_id = ${filter.userId}`
      : sql`h.organization_id = ${filter.organizationId}`,
  ];
  if (filter.query) conditions.push(sql`h.name ilike ${containsPattern(filter.query)}`);
  const direction = filter.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  return queryRows<HubsheetListRow>(
    db,
    sql`select h.id::int, h.name, h.status, h.postal_code,
               (select count(*)::int from list_items li where li.hubsheet_id = h.id) as list_items_count,
               h.created_at, h.updated_at, h.user_id::int,
               nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as user_full_name,
               count(*) over ()::int as total_count
          from hubsheets h
          left join users u on u.id = h.user_id
         where ${sql.join(conditions, sql` and `)}
         order by ${sortColumns[filter.sort.field]} ${direction}, h.id desc
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
}

export async function findUserFullName(db: Executor, userId: number | null) {
  if (userId === null) return null;
  const [row] = await queryRows<{ full_name: string | null }>(
    db,
    sql`select nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '') as full_name
          from users where id = ${userId}`,
  );
  return row?.full_name ?? null;
}

/** Hubsheets whose background matching did not finish (the server stopped): resumed at start. */
export async function findUnfinishedMatching(db: Executor) {
  const rows = await db
    .select({ id: hubsheets.id })
    .from(hubsheets)
    .where(ne(hubsheets.matchingState, 'done'))
    .orderBy(asc(hubsheets.id));
  return rows.map((row) => row.id);
}

// ---------- list items

export async function insertListItems(db: Executor, values: NewListItem[]) {
  const rows: ListItemRow[] = [];
  // Chunks keep each statement's parameter count well under PostgreSQL's limit.
  for (let start = 0; start < values.length; start += 500) {
    rows.push(
      ...(await db
        .insert(listItems)
        .values(values.slice(start, start + 500))
        .returning()),
    );
  }
  return rows;
}

export async function findListItem(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(listItems).where(eq(listItems.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listItemsOf(db: Executor, hubsheetId: number) {
  return db
    .select()
    .from(listItems)
    .where(eq(listItems.hubsheetId, hubsheetId))
    .orderBy(asc(listItems.position), asc(listItems.id));
}

export async function updateListItem(db: Executor, id: number, values: Partial<NewListItem>) {
  const [row] = await db
    .update(listItems)
    .set({ ...values, version: sql`${listItems.version} + 1`, updatedAt: new Date() })
    .where(eq(listItems.id, id))
    .returning();
  return row;
}

export type MatchWrite = {
  id: number;
  matchScore: number;
  productId: number | null;
  productVariantId: number | null;
  alternatives: Array<{ productId: number; productVariantId: number | null; score: number }>;
};

/**
 * Writes the matches the background job found in one statement, skipping lines the user changed
 * meanwhile (no longer 'matching').
 */
export async function saveBackgroundMatches(db: Executor, matches: MatchWrite[]) {
  if (matches.length === 0) return;
  await db.execute(sql`update list_items li
                          set match_state = 'matched', match_score = m.match_score, product_id = m.product_id,
                              product_variant_id = m.product_variant_id, alternatives = m.alternatives,
                              chosen_by_user = false, updated_at = now()
                         from jsonb_to_recordset(${JSON.stringify(
                           matches.map((match) => ({
                             id: match.id,
                             match_score: match.matchScore,
                             product_id: match.productId,
                             product_variant_id: match.productVariantId,
                             alternatives: match.alternatives,
                           })),
                         )}::jsonb) as m(id bigint, match_score smallint, product_id bigint, product_variant_id bigint, alternatives jsonb)
                        where li.id = m.id and li.match_state = 'matching'`);
}

export async function deleteListItem(db: Executor, id: number) {
  await db.delete(listItems).where(eq(listItems.id, id));
}

export async function nextPosition(db: Executor, hubsheetId: number) {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(position), 0)::int + 1 as next from list_items where hubsheet_id = ${hubsheetId}`,
  );
  return row.next;
}

/** Numbers the lines 1… in the order of `orderedIds`. */
export async function setPositions(db: Executor, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  await db.execute(sql`update list_items li set position = o.position::int, updated_at = now()
                         from unnest(${bigintArray(orderedIds)}) with ordinality as o(id, position)
                        where li.id = o.id`);
}

/** The next lines waiting for the background matcher, marked 'matching'. */
export async function claimPendingItems(db: Executor, hubsheetId: number, limit: number) {
  return queryRows<{
    id: number;
    original_text: string;
    size_text: string | null;
    evidence: string[];
  }>(
    db,
    sql`update list_items set match_state = 'matching'
         where id in (select id from list_items
                       where hubsheet_id = ${hubsheetId} and match_state in ('pending', 'matching')
                       order by position, id limit ${limit})
     returning id::int, original_text, size_text, evidence`,
  );
}

export async function matchingProgress(db: Executor, hubsheetId: number) {
  const [row] = await queryRows<{ matched: number; total: number }>(
    db,
    sql`select count(*) filter (where match_state = 'matched')::int as matched, count(*)::int as total
          from list_items where hubsheet_id = ${hubsheetId}`,
  );
  return row;
}

// ---------- catalogue look-ups for the view

export type ProductInfo = {
  id: number;
  primary_name: string;
  secondary_name: string | null;
  path_identifier: string;
};
export type VariantInfo = { id: number; product_id: number; size: string };

export async function findProducts(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<ProductInfo>(
    db,
    sql`select id::int, primary_name, secondary_name, path_identifier from products where id = any(${bigintArray(ids)})`,
  );
}

export async function findVariants(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<VariantInfo>(
    db,
    sql`select id::int, product_id::int, size from product_variants where id = any(${bigintArray(ids)})`,
  );
}

export async function variantsOfProduct(db: Executor, productId: number) {
  return queryRows<VariantInfo>(
    db,
    sql`select id::int, product_id::int, size from product_variants
         where product_id = ${productId} order by position, size_inches nulls last, size_feet nulls last, id`,
  );
}

export async function findBranchNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from branches where id = any(${bigintArray(ids)})`,
  );
}

export async function findCartsOfHubsheet(db: Executor, hubsheetId: number) {
  return queryRows<{ id: number; name: string; cart_number: string }>(
    db,
    sql`select c.id::int, c.name, c.cart_number from carts c
         where c.id in (select cart_id from list_items where hubsheet_id = ${hubsheetId} and cart_id is not null)
         order by c.id`,
  );
}

// ---------- learning

export async function findLearnedMatches(db: Executor, organizationId: number, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(learnedMatches)
    .where(and(eq(learnedMatches.organizationId, organizationId), inArray(learnedMatches.textKey, keys)));
}

export async function upsertLearnedMatch(db: Executor, values: typeof learnedMatches.$inferInsert) {
  await db
    .insert(learnedMatches)
    .values(values)
    .onConflictDoUpdate({
      target: [learnedMatches.organizationId, learnedMatches.textKey],
      set: {
        productId: values.productId,
        productVariantId: values.productVariantId ?? null,
        userId: values.userId ?? null,
        updatedAt: new Date(),
      },
    });
}

// ---------- import images (the converter)

export type ImportImageRow = typeof importImages.$inferSelect;

export async function insertImportImage(db: Executor, values: typeof importImages.$inferInsert) {
  const [row] = await db.insert(importImages).values(values).returning();
  return row;
}

export async function findImportImage(db: Executor, id: number) {
  const [row] = await db.select().from(importImages).where(eq(importImages.id, id));
  return row ?? null;
}

export async function updateImportImage(
  db: Executor,
  id: number,
  values: Partial<Pick<ImportImageRow, 'status' | 'progress' | 'message' | 'importListId' | 'data'>>,
) {
  await db
    .update(importImages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(importImages.id, id));
}
