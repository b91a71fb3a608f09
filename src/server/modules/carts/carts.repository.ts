import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '../../../domain/carts/cart-view';
import type { PriceTier } from '../../../domain/catalog/pricing';
import type { Executor } from '../../core/database';
import { queryRows, queryRowsPrepared } from '../../db/client';
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
  // Fixed statement shapes (a list of ids travels as one text parameter) so each is prepared once.
  const [name, condition] =
    'cartIds' in where
      ? [
          'cart_item_details_by_carts',
          sql`ci.cart_id = any(string_to_array(${where.cartIds.join(',')}, ',')::bigint[])`,
        ]
      : ['cart_item_details_by_item', sql`ci.id = ${where.itemId}`];
  // One JSON document instead of 500 rows of 30 columns: the driver parses it with JSON.parse, which
  // is several times faster than its per-column text parsing (a 500-line cart is read often).
  const [row] = await queryRowsPrepared<{ items: CartItemDetailRow[] | null }>(
    db,
    name,
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

/** A cart's fulfilment choice for one branch, as the cart view reads it. */
export type CartFulfillmentChoice = {
  branchId: number;
  fulfillment: string;
  requestedOn: string | null;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  notesToSupplier: string | null;
};

export type CartNoteRow = {
  id: number;
  cart_id: number;
  body: string;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
};

/** Everything around a cart's lines that its view shows, read in one prepared round trip. */
export type CartExtras = {
  branches: CartBranchRow[];
  fulfillments: CartFulfillmentChoice[];
  notes: CartNoteRow[];
  buyer_full_name: string | null;
  buyer_email: string | null;
  organization_name: string | null;
  viewer_current_cart_id: number | null;
};

export async function findCartExtras(
  db: Executor,
  cartId: number,
  viewerUserId: number,
): Promise<CartExtras> {
  const [row] = await queryRowsPrepared<CartExtras>(
    db,
    'cart_extras',
    sql`select
          coalesce((select json_agg(json_build_object(
                      'id', b.id, 'name', b.name, 'slug', b.slug, 'logo_url', b.logo_url, 'notices', b.notices,
                      'display_address', b.display_address, 'state_code', coalesce(a.state, b.state_code),
                      'organization_id', b.organization_id, 'organization_name', o.name,
                      'sells_online', b.sells_online))
                      from branches b
                      join organizations o on o.id = b.organization_id
                      left join addresses a on a.id = b.address_id
                     where b.id in (select branch_id from cart_items where cart_id = c.id)), '[]') as branches,
          coalesce((select json_agg(json_build_object(
                      'branchId', f.branch_id, 'fulfillment', f.fulfillment, 'requestedOn', f.requested_on,
                      'deliveryAddress', f.delivery_address, 'deliveryInstructions', f.delivery_instructions,
                      'notesToSupplier', f.notes_to_supplier))
                      from cart_fulfillments f where f.cart_id = c.id), '[]') as fulfillments,
          coalesce((select json_agg(json_build_object(
                      'id', n.id, 'cart_id', n.cart_id, 'body', n.body, 'author_id', n.author_id,
                      'author_name', u2.first_name || ' ' || u2.last_name, 'created_at', n.created_at)
                      order by n.created_at, n.id)
                      from cart_notes n left join users u2 on u2.id = n.author_id
                     where n.cart_id = c.id), '[]') as notes,
          u.first_name || ' ' || u.last_name as buyer_full_name, u.email as buyer_email,
          (select name from organizations where id = c.organization_id) as organization_name,
          (select cart_id::int from current_carts where user_id = ${viewerUserId}) as viewer_current_cart_id
        from carts c
        join users u on u.id = c.user_id
       where c.id = ${cartId}`,
  );
  return row;
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

/** What adding a catalogue line needs, read in one round trip (adding items is the busiest cart write). */
export type AddLineContext = {
  cart_id: number;
  user_id: number;
  organization_id: number | null;
  state: string;
  listing: {
    availability_id: number;
    product_id: number;
    unit: string;
    restricted: boolean;
    size: string;
    characteristics: string[];
    primary_name: string;
    secondary_name: string | null;
    path_identifier: string;
    image_url: string | null;
    category_names: string;
    available_quantity: number;
    ignore_quantity: boolean;
    price_tiers: PriceTier[];
    availability_updated_at: string;
    branch_name: string;
    branch_organization_id: number;
    branch_sells_online: boolean;
    existing_quantity: number | null;
  } | null;
  /** Active discounts between the cart's organisation and the branch's supplier, and platform-wide ones. */
  discounts: {
    kind: string;
    operator: string;
    value: number;
    supplierOrganizationId: number | null;
    buyerOrganizationId: number | null;
  }[];
};

export type WrittenLine = {
  id: number;
  quantity: number;
  sort_position: number;
  version: number;
  created_at: string;
  buyer_notes: string | null;
  shared_notes: string | null;
};

/**
 * Adds a catalogue line in ONE statement (adding items is the busiest cart write): it reads the
 * context (the cart, the branch's listing of the size with the product's display fields, the cart's
 * line for it if any, the discounts that may price it) as it was before the statement, and writes
 * only when every rule holds: the caller is a member of the cart, the cart is open (re-checked under
 * the cart's row lock, so a line never lands in a cart submitted meanwhile), the branch lists the
 * size, a restricted product is the caller's own supplier's, a fraction only for units sold by
 * measure, and the line stays within the largest quantity. The same size from the same branch is
 * one line (unique index): adding it again adds to that line. `written` is null when nothing was
 * written; the caller tells why from the context.
 */
export async function addListingLine(
  db: Executor,
  input: {
    cartId: number;
    callerUserId: number;
    callerOrganizationId: number | null;
    branchId: number;
    productVariantId: number;
    quantity: number;
    buyerNotes: string | null;
    fractionalUnits: readonly string[];
    maxQuantity: number;
    now: Date;
  },
): Promise<(AddLineContext & { written: WrittenLine | null }) | null> {
  const whole = Number.isInteger(input.quantity);
  const [row] = await queryRowsPrepared<AddLineContext & { written: WrittenLine | null }>(
    db,
    'cart_add_listing_line',
    sql`with context as (
          select c.id::int as cart_id, c.user_id::int, c.organization_id::int, c.state,
                 (select json_build_object(
                           'availability_id', a.id, 'product_id', a.product_id, 'unit', pv.unit,
                           'restricted', p.restricted, 'size', pv.size, 'characteristics', pv.characteristics,
                           'primary_name', p.primary_name, 'secondary_name', p.secondary_name,
                           'path_identifier', p.path_identifier, 'image_url', p.image_url,
                           'category_names', p.category_names, 'available_quantity', a.quantity,
                           'ignore_quantity', a.ignore_quantity, 'price_tiers', a.price_tiers,
                           'availability_updated_at', a.updated_at, 'branch_name', b.name,
                           'branch_organization_id', b.organization_id, 'branch_sells_online', b.sells_online,
                           'existing_quantity', (select ci.quantity::float8 from cart_items ci
                                                  where ci.cart_id = c.id and ci.branch_id = a.branch_id
                                                    and ci.product_variant_id = a.product_variant_id
                                                    and not ci.non_catalog))
                    from availabilities a
                    join product_variants pv on pv.id = a.product_variant_id
                    join products p on p.id = a.product_id
                    join branches b on b.id = a.branch_id
                   where a.branch_id = ${input.branchId} and a.product_variant_id = ${input.productVariantId}) as listing,
                 coalesce((select json_agg(json_build_object(
                                    'kind', d.kind, 'operator', d.operator, 'value', d.value,
                                    'supplierOrganizationId', d.supplier_organization_id,
                                    'buyerOrganizationId', d.buyer_organization_id))
                             from discounts d
                            where (d.starts_at is null or d.starts_at <= ${input.now.toISOString()})
                              and (d.ends_at is null or d.ends_at > ${input.now.toISOString()})
                              and (d.supplier_organization_id is null
                                   or d.supplier_organization_id = (select organization_id from branches where id = ${input.branchId}))
                              and (d.buyer_organization_id is null or d.buyer_organization_id = c.organization_id)),
                          '[]') as discounts
            from carts c
           where c.id = ${input.cartId}
        ),
        open_cart as (
          select id, organization_id from carts
           where id = ${input.cartId} and state in ('draft', 'in_review')
             and (user_id = ${input.callerUserId}
                  or (organization_id is not null and organization_id = ${input.callerOrganizationId ?? -1}))
             for no key update
        ),
        listing as (
          select a.product_id
            from availabilities a
            join product_variants pv on pv.id = a.product_variant_id
            join products p on p.id = a.product_id
            join branches b on b.id = a.branch_id
            join open_cart on true
           where a.branch_id = ${input.branchId} and a.product_variant_id = ${input.productVariantId}
             and (not p.restricted or b.organization_id = open_cart.organization_id)
             and (${whole}::boolean or pv.unit = any(string_to_array(${input.fractionalUnits.join('|')}, '|')))
        ),
        line as (
          insert into cart_items (cart_id, branch_id, product_variant_id, product_id, quantity, sort_position, buyer_notes)
          select ${input.cartId}, ${input.branchId}, ${input.productVariantId}, listing.product_id, ${input.quantity},
                 (select coalesce(max(sort_position), 0) + 1 from cart_items where cart_id = ${input.cartId}),
                 ${input.buyerNotes}
            from listing
          on conflict (cart_id, branch_id, product_variant_id) where not non_catalog
          do update set quantity = cart_items.quantity + excluded.quantity,
                        version = cart_items.version + 1,
                        updated_at = now()
                  where cart_items.quantity + excluded.quantity <= ${input.maxQuantity}
          returning id::int, quantity::float8 as quantity, sort_position, version, created_at, buyer_notes, shared_notes
        ),
        touched as (update carts set updated_at = now() where id in (select id from open_cart) and exists (select 1 from line))
        select context.*, (select row_to_json(line) from line) as written from context`,
  );
  return row ?? null;
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
