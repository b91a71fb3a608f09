// Read model: A cart's lines with product, variant, listing, branch and price, and the cart's extras
// (fulfilment choices, notes, branches with addresses).

import { sql } from 'drizzle-orm';
import type { DeliveryAddress } from '../../domain/carts/cart-view';
import type { PriceTier } from '../../domain/catalog/pricing';
import type { Executor } from '../core/database';
import { queryRowsPrepared } from '../db/client';

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
  staff_book_price: number | null;
  staff_buyer_price: number | null;
  staff_supplier_price: number | null;
  buyer_notes: string | null;
  shared_notes: string | null;
  metrics_source: string | null;
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
  branch_honors_purchase_discount: boolean;
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
                       ci.non_catalog_size, ci.non_catalog_unit, ci.unit_price_override, ci.staff_book_price,
                       ci.staff_buyer_price, ci.staff_supplier_price, ci.buyer_notes,
                       ci.shared_notes, ci.metrics_source, ci.version, ci.created_at, pv.size, pv.characteristics, pv.unit,
                       p.primary_name, p.secondary_name, p.path_identifier, p.image_url, p.category_names,
                       a.id::int as availability_id, a.quantity as available_quantity, a.ignore_quantity,
                       a.price_tiers, a.updated_at as availability_updated_at,
                       b.name as branch_name, b.organization_id::int as branch_organization_id,
                       b.sells_online as branch_sells_online, b.honors_purchase_discount as branch_honors_purchase_discount
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
                     where n.cart_id = c.id and not n.internal), '[]') as notes,
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
