import { and, asc, eq, sql } from 'drizzle-orm';
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

export async function findCartByNumber(db: Executor, cartNumber: string) {
  const [row] = await db.select().from(carts).where(eq(carts.cartNumber, cartNumber));
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
    branch_honors_purchase_discount: boolean;
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
  staff_book_price: number | null;
  staff_buyer_price: number | null;
  staff_supplier_price: number | null;
  metrics_source: string | null;
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
    metricsSource: string | null;
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
                           'branch_honors_purchase_discount', b.honors_purchase_discount,
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
          insert into cart_items (cart_id, branch_id, product_variant_id, product_id, quantity, sort_position, buyer_notes,
                                  metrics_source)
          select ${input.cartId}, ${input.branchId}, ${input.productVariantId}, listing.product_id, ${input.quantity},
                 (select coalesce(max(sort_position), 0) + 1 from cart_items where cart_id = ${input.cartId}),
                 ${input.buyerNotes}, ${input.metricsSource}::text
            from listing
          on conflict (cart_id, branch_id, product_variant_id) where not non_catalog
          do update set quantity = cart_items.quantity + excluded.quantity,
                        metrics_source = coalesce(excluded.metrics_source, cart_items.metrics_source),
                        version = cart_items.version + 1,
                        updated_at = now()
                  where cart_items.quantity + excluded.quantity <= ${input.maxQuantity}
          returning id::int, quantity::float8 as quantity, sort_position, version, created_at, buyer_notes, shared_notes,
                    staff_book_price, staff_buyer_price, staff_supplier_price, metrics_source
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
        select ${toCartId}, coalesce(author_id, ${authorId}), body, internal from cart_notes
         where cart_id = ${fromCartId} and not internal order by id`,
  );
}
