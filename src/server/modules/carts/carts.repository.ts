import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PriceTier } from '../../../domain/catalog/pricing';
import { type Executor, queryRows } from '../../db/client';
import { cartFulfillments, cartItems, cartNotes, carts, currentCarts } from './carts.tables';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type CartFulfillmentRow = typeof cartFulfillments.$inferSelect;

export async function findCart(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(carts).where(eq(carts.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCart(db: Executor, values: typeof carts.$inferInsert) {
  const [row] = await db.insert(carts).values(values).returning();
  return row;
}

export async function updateCart(db: Executor, id: number, values: Partial<typeof carts.$inferInsert>) {
  const [row] = await db
    .update(carts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(carts.id, id))
    .returning();
  return row;
}

/** Bumps the cart's version when `expected` is current; null when someone else changed it first. */
export async function updateCartAtVersion(
  db: Executor,
  id: number,
  expected: number,
  values: Partial<typeof carts.$inferInsert>,
) {
  const [row] = await db
    .update(carts)
    .set({ ...values, version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(carts.id, id), eq(carts.version, expected)))
    .returning();
  return row ?? null;
}

export async function touchCart(db: Executor, id: number) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
}

export async function deleteCart(db: Executor, id: number) {
  await db.delete(carts).where(eq(carts.id, id));
}

export async function setCurrentCart(db: Executor, userId: number, cartId: number) {
  await db
    .insert(currentCarts)
    .values({ userId, cartId })
    .onConflictDoUpdate({ target: currentCarts.userId, set: { cartId } });
}

export async function findCurrentCartId(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ cartId: currentCarts.cartId })
    .from(currentCarts)
    .where(eq(currentCarts.userId, userId));
  return row?.cartId ?? null;
}

export async function findCurrentCartBranchIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await queryRows<{ branch_id: number }>(
    db,
    sql`select distinct ci.branch_id::int from current_carts cc join cart_items ci on ci.cart_id = cc.cart_id
         where cc.user_id = ${userId}`,
  );
  return rows.map((row) => row.branch_id);
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

export async function clearCurrentCartOf(db: Executor, userId: number, cartId: number) {
  await db.delete(currentCarts).where(and(eq(currentCarts.userId, userId), eq(currentCarts.cartId, cartId)));
}

export async function cartHasBranch(db: Executor, cartId: number, branchId: number) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from cart_items where cart_id = ${cartId} and branch_id = ${branchId} limit 1`,
  );
  return rows.length > 0;
}

/** No user keeps a submitted cart as their current one. */
export async function clearCurrentCart(db: Executor, cartId: number) {
  await db.delete(currentCarts).where(eq(currentCarts.cartId, cartId));
}

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
  const direction = filter.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = filter.sort.direction === 'asc' ? sql`nulls first` : sql`nulls last`;
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
               count(*) over ()::int as total_count
          from carts c
          join users u on u.id = c.user_id
         where ${sql.join(conditions, sql` and `)}
         order by ${sql.raw(`c.${filter.sort.column}`)} ${direction} ${nulls}, c.id desc
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
}

/** A cart line with what pricing and display need from its product, size, listing and branch. */
export type CartItemDetailRow = {
  id: number;
  cart_id: number;
  branch_id: number;
  product_variant_id: number | null;
  product_id: number | null;
  quantity: string | number;
  sort_position: number;
  non_catalog: boolean;
  non_catalog_name: string | null;
  non_catalog_size: string | null;
  non_catalog_unit: string | null;
  unit_price_override: number | null;
  buyer_notes: string | null;
  shared_notes: string | null;
  version: number;
  created_at: Date | string;
  size: string | null;
  characteristics: string[] | null;
  unit: string | null;
  primary_name: string | null;
  secondary_name: string | null;
  path_identifier: string | null;
  image_url: string | null;
  category_names: string | null;
  availability_id: number | null;
  available_quantity: number | null;
  ignore_quantity: boolean | null;
  price_tiers: PriceTier[] | null;
  availability_updated_at: Date | string | null;
  branch_name: string;
  branch_organization_id: number;
  branch_sells_online: boolean;
};

export async function findCartItemDetails(db: Executor, where: { cartIds: number[] } | { itemId: number }) {
  if ('cartIds' in where && where.cartIds.length === 0) return [];
  const condition =
    'cartIds' in where
      ? sql`ci.cart_id in (${sql.join(
          where.cartIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`ci.id = ${where.itemId}`;
  // One JSON document instead of 500 rows of 30 columns: the driver parses it with JSON.parse, which
  // is several times faster than its per-column text parsing (a 500-line cart is read often).
  const [row] = await queryRows<{ items: CartItemDetailRow[] | null }>(
    db,
    sql`select json_agg(line order by line.cart_id, line.sort_position, line.id) as items
          from (select ci.id::int, ci.cart_id::int, ci.branch_id::int, ci.product_variant_id::int, ci.product_id::int,
                       ci.quantity::float8 as quantity, ci.sort_position, ci.non_catalog, ci.non_catalog_name,
                       ci.non_catalog_size, ci.non_catalog_unit, ci.unit_price_override, ci.buyer_notes,
                       ci.shared_notes, ci.version, ci.created_at, pv.size, pv.characteristics, pv.unit,
                       p.primary_name, p.secondary_name, p.path_identifier, p.image_url, p.category_names,
                       a.id::int as availability_id, a.quantity as available_quantity, a.ignore_quantity,
                       a.price_tiers, a.updated_at as availability_updated_at,
                       b.name as branch_name, b.organization_id::int as branch_organization_id,
                       b.sells_online as branch_sells_online
                  from cart_items ci
                  join branches b on b.id = ci.branch_id
                  left join product_variants pv on pv.id = ci.product_variant_id
                  left join products p on p.id = ci.product_id
                  left join availabilities a
                    on a.branch_id = ci.branch_id and a.product_variant_id = ci.product_variant_id
                 where ${condition}) line`,
  );
  return row?.items ?? [];
}

export type CartBranchRow = {
  id: number;
  name: string;
  slug: string;
  logo_url: string | null;
  notices: string | null;
  display_address: string | null;
  state_code: string | null;
  organization_id: number;
  organization_name: string;
  sells_online: boolean;
};

export async function findBranches(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<CartBranchRow>(
    db,
    sql`select b.id::int, b.name, b.slug, b.logo_url, b.notices, b.display_address,
               coalesce(a.state, b.state_code) as state_code,
               b.organization_id::int, o.name as organization_name, b.sells_online
          from branches b
          join organizations o on o.id = b.organization_id
          left join addresses a on a.id = b.address_id
         where b.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

export async function findFulfillments(db: Executor, cartId: number) {
  return db.select().from(cartFulfillments).where(eq(cartFulfillments.cartId, cartId));
}

export async function upsertFulfillment(
  db: Executor,
  values: Omit<typeof cartFulfillments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
) {
  const { cartId: _cartId, branchId: _branchId, ...changes } = values;
  await db
    .insert(cartFulfillments)
    .values(values)
    .onConflictDoUpdate({
      target: [cartFulfillments.cartId, cartFulfillments.branchId],
      set: { ...changes, updatedAt: new Date() },
    });
}

export type ListingForCart = {
  availability_id: number;
  product_id: number;
  unit: string;
  restricted: boolean;
  branch_organization_id: number;
  existing_item_id: number | null;
  existing_quantity: string | number | null;
  next_position: number;
};

/**
 * The branch's listing of a size with what adding it to a cart needs: the unit it is sold in, the
 * cart's line for it if there is one, and the next sort position. Null when the branch does not list
 * the size. One round trip, as adding items is the cart's busiest write.
 */
export async function findListingForCart(
  db: Executor,
  cartId: number,
  branchId: number,
  productVariantId: number,
) {
  const [row] = await queryRows<ListingForCart>(
    db,
    sql`select a.id::int as availability_id, a.product_id::int, pv.unit, p.restricted,
               b.organization_id::int as branch_organization_id,
               ci.id::int as existing_item_id, ci.quantity as existing_quantity,
               (select coalesce(max(sort_position), 0)::int + 1 from cart_items where cart_id = ${cartId}) as next_position
          from availabilities a
          join product_variants pv on pv.id = a.product_variant_id
          join products p on p.id = a.product_id
          join branches b on b.id = a.branch_id
          left join cart_items ci
            on ci.cart_id = ${cartId} and ci.branch_id = a.branch_id and ci.product_variant_id = a.product_variant_id
         where a.branch_id = ${branchId} and a.product_variant_id = ${productVariantId}`,
  );
  return row ?? null;
}

/** Writes a cart line (new, or the existing line's new quantity) and marks the cart changed, in one statement. */
export async function writeListingLine(
  db: Executor,
  line: {
    cartId: number;
    existingItemId: number | null;
    branchId: number;
    productVariantId: number;
    productId: number;
    quantity: number;
    sortPosition: number;
    buyerNotes: string | null;
  },
): Promise<number> {
  const write =
    line.existingItemId === null
      ? sql`insert into cart_items (cart_id, branch_id, product_variant_id, product_id, quantity, sort_position, buyer_notes)
            values (${line.cartId}, ${line.branchId}, ${line.productVariantId}, ${line.productId}, ${line.quantity},
                    ${line.sortPosition}, ${line.buyerNotes})
            returning id`
      : sql`update cart_items set quantity = ${line.quantity}, version = version + 1, updated_at = now()
             where id = ${line.existingItemId}
            returning id`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with line as (${write}),
             touched as (update carts set updated_at = now() where id = ${line.cartId})
        select id::int from line`,
  );
  return row.id;
}

export async function branchExists(db: Executor, branchId: number) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from branches where id = ${branchId}`,
  );
  return rows.length > 0;
}

export async function findItem(db: Executor, id: number) {
  const [row] = await db.select().from(cartItems).where(eq(cartItems.id, id));
  return row ?? null;
}

export async function nextSortPosition(db: Executor, cartId: number): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(sort_position), 0)::int + 1 as next from cart_items where cart_id = ${cartId}`,
  );
  return row.next;
}

export async function insertItem(db: Executor, values: typeof cartItems.$inferInsert) {
  const [row] = await db.insert(cartItems).values(values).returning();
  return row;
}

export async function insertItems(db: Executor, values: (typeof cartItems.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(cartItems).values(values);
}

/** Updates an item, bumping its version; with `expected`, only when nobody changed it since. */
export async function updateItem(
  db: Executor,
  id: number,
  values: Partial<typeof cartItems.$inferInsert>,
  expected?: number,
) {
  const condition =
    expected === undefined
      ? eq(cartItems.id, id)
      : and(eq(cartItems.id, id), eq(cartItems.version, expected));
  const [row] = await db
    .update(cartItems)
    .set({ ...values, version: sql`${cartItems.version} + 1`, updatedAt: new Date() })
    .where(condition)
    .returning();
  return row ?? null;
}

export async function deleteItem(db: Executor, id: number) {
  await db.delete(cartItems).where(eq(cartItems.id, id));
}

export async function listItemRows(db: Executor, cartId: number) {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.sortPosition), asc(cartItems.id));
}

/** Saves new sort positions for the cart's items in one statement. */
export async function setSortPositions(
  db: Executor,
  cartId: number,
  positions: { id: number; sortPosition: number }[],
) {
  if (positions.length === 0) return;
  const values = sql.join(
    positions.map((position) => sql`(${position.id}::bigint, ${position.sortPosition}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update cart_items ci set sort_position = v.position, updated_at = now()
          from (values ${values}) as v(id, position)
         where ci.id = v.id and ci.cart_id = ${cartId}`,
  );
}

export async function listNotes(db: Executor, cartId: number) {
  return queryRows<{
    id: number;
    cart_id: number;
    body: string;
    author_id: number | null;
    author_name: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select n.id::int, n.cart_id::int, n.body, n.author_id::int, u.first_name || ' ' || u.last_name as author_name, n.created_at
          from cart_notes n left join users u on u.id = n.author_id
         where n.cart_id = ${cartId}
         order by n.created_at, n.id`,
  );
}

export async function insertNote(db: Executor, values: typeof cartNotes.$inferInsert) {
  const [row] = await db.insert(cartNotes).values(values).returning();
  return row;
}

export async function findNote(db: Executor, id: number) {
  const [row] = await db.select().from(cartNotes).where(eq(cartNotes.id, id));
  return row ?? null;
}

export async function deleteNote(db: Executor, id: number) {
  await db.delete(cartNotes).where(eq(cartNotes.id, id));
}

export async function copyNotes(db: Executor, fromCartId: number, toCartId: number, authorId: number) {
  await db.execute(
    sql`insert into cart_notes (cart_id, author_id, body, internal)
        select ${toCartId}, coalesce(author_id, ${authorId}), body, internal from cart_notes where cart_id = ${fromCartId} order by id`,
  );
}

export async function findUserNames(db: Executor, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { fullName: string; email: string; organizationId: number | null }>();
  const rows = await queryRows<{
    id: number;
    full_name: string;
    email: string;
    organization_id: number | null;
  }>(
    db,
    sql`select id::int, first_name || ' ' || last_name as full_name, email, organization_id::int
          from users where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { fullName: row.full_name, email: row.email, organizationId: row.organization_id },
    ]),
  );
}

export async function findOrganizationName(db: Executor, id: number | null) {
  if (id === null) return null;
  const [row] = await queryRows<{ name: string }>(db, sql`select name from organizations where id = ${id}`);
  return row?.name ?? null;
}
