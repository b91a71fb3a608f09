// Read model: Beehive's cart pages. Reads carts, cart items, cart notes, users, organisations, branches
// and availabilities: the list of carts searchable by number or buyer, a cart's staff-only notes, and
// the other branches that list each line's size (where staff may move it).

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type StaffCartRow = {
  id: number;
  cartNumber: string;
  name: string;
  state: 'draft' | 'in_review' | 'submitted';
  buyerFullName: string;
  buyerEmail: string;
  organizationName: string | null;
  itemsCount: number;
  updatedAt: string;
  totalCount: number;
};

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Carts, newest change first, matching a number, cart name, buyer name, e-mail or organisation. */
export async function listStaffCarts(db: Executor, query: { query?: string; page: number; perPage: number }) {
  const text = query.query?.trim();
  const where = text
    ? sql`(c.cart_number ilike ${likePattern(text)} or c.name ilike ${likePattern(text)}
           or (u.first_name || ' ' || u.last_name) ilike ${likePattern(text)} or u.email ilike ${likePattern(text)}
           or o.name ilike ${likePattern(text)})`
    : sql`true`;
  return queryRows<StaffCartRow>(
    db,
    sql`select c.id::int as "id", c.cart_number as "cartNumber", c.name, c.state,
               trim(u.first_name || ' ' || u.last_name) as "buyerFullName", u.email as "buyerEmail",
               o.name as "organizationName",
               (select count(*)::int from cart_items ci where ci.cart_id = c.id) as "itemsCount",
               to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
               (count(*) over ())::int as "totalCount"
          from carts c
          join users u on u.id = c.user_id
          left join organizations o on o.id = c.organization_id
         where ${where}
         order by c.updated_at desc, c.id desc
         limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
}

export type InternalNoteRow = { id: number; body: string; authorName: string | null; createdAt: string };

/** The cart's staff-only notes, oldest first. */
export async function listInternalNotes(db: Executor, cartId: number) {
  return queryRows<InternalNoteRow>(
    db,
    sql`select n.id::int as "id", n.body, trim(u.first_name || ' ' || u.last_name) as "authorName",
               to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
          from cart_notes n
          left join users u on u.id = n.author_id
         where n.cart_id = ${cartId} and n.internal
         order by n.created_at, n.id`,
  );
}

export type ListingBranchRow = {
  productVariantId: number;
  id: number;
  name: string;
  organizationName: string;
};

/** Every branch listing one of these sizes (each size's alternatives for a move). */
export async function listBranchesListing(db: Executor, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return queryRows<ListingBranchRow>(
    db,
    sql`select a.product_variant_id::int as "productVariantId", b.id::int as "id", b.name,
               o.name as "organizationName"
          from availabilities a
          join branches b on b.id = a.branch_id
          join organizations o on o.id = b.organization_id
         where a.product_variant_id = any(string_to_array(${variantIds.join(',')}, ',')::bigint[])
         order by b.name, b.id`,
  );
}
