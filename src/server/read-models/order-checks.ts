// Read model: Beehive's order tools. Reads orders, order items, users, organisations, branches,
// addresses, availabilities and notification contacts: what validating an order compares it with,
// and the open orders the caretaker query judges (with their branch's Order Communications contacts).

import { sql } from 'drizzle-orm';
import type { PriceTier } from '../../domain/catalog/pricing';
import type { OrderFacts } from '../../domain/orders/order-checks';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

type FactsRow = {
  buyer_organization_name: string | null;
  buyer_user_organization_id: number | null;
  buyer_organization_id: number;
  buyer_full_name: string;
  branch_name: string;
  lines: {
    id: number;
    name: string;
    size: string | null;
    quantity: number;
    book_price: number | null;
    variant_id: number | null;
    listed: boolean;
    tiers: PriceTier[] | null;
    available: number | null;
    ignore_quantity: boolean | null;
  }[];
};

/** An order compared with its buyer and its branch's listings today, or null when unknown. */
export async function findOrderFacts(db: Executor, orderId: number): Promise<OrderFacts | null> {
  const [row] = await queryRows<FactsRow>(
    db,
    sql`select bo.name as buyer_organization_name, u.organization_id::int as buyer_user_organization_id,
               o.buyer_organization_id::int as buyer_organization_id,
               trim(u.first_name || ' ' || u.last_name) as buyer_full_name, b.name as branch_name,
               coalesce((select json_agg(json_build_object(
                          'id', oi.id, 'name', oi.primary_name, 'size', oi.size, 'quantity', oi.quantity::float8,
                          'book_price', oi.book_price, 'variant_id', oi.product_variant_id,
                          'listed', a.id is not null, 'tiers', a.price_tiers, 'available', a.quantity,
                          'ignore_quantity', a.ignore_quantity) order by oi.id)
                          from order_items oi
                          left join availabilities a
                            on a.branch_id = o.branch_id and a.product_variant_id = oi.product_variant_id
                         where oi.order_id = o.id), '[]') as lines
          from orders o
          join users u on u.id = o.user_id
          left join organizations bo on bo.id = o.buyer_organization_id
          join branches b on b.id = o.branch_id
         where o.id = ${orderId}`,
  );
  if (!row) return null;
  return {
    buyerOrganizationName: row.buyer_organization_name,
    buyerUserOrganizationId: row.buyer_user_organization_id,
    buyerOrganizationId: row.buyer_organization_id,
    buyerFullName: row.buyer_full_name,
    branchName: row.branch_name,
    lines: row.lines.map((line) => ({
      id: line.id,
      name: line.name,
      size: line.size,
      quantity: Number(line.quantity),
      bookPrice: line.book_price,
      nonCatalog: line.variant_id === null,
      listing: line.listed
        ? {
            tiers: line.tiers ?? [],
            available: Number(line.available ?? 0),
            ignoreQuantity: line.ignore_quantity ?? false,
          }
        : null,
    })),
  };
}

export type CaretakerRow = {
  id: number;
  orderNumber: string;
  name: string;
  state: string;
  submittedAt: string;
  buyerOrganizationName: string;
  branchName: string;
  branchState: string | null;
  freightPending: boolean;
  orderContacts: number;
};

/** Open, active orders, oldest first, with what the caretaker rules look at. */
export async function listOpenOrdersForCaretaker(db: Executor, openStates: readonly string[], limit: number) {
  return queryRows<CaretakerRow>(
    db,
    sql`select o.id::int as "id", o.order_number as "orderNumber", o.name, o.state,
               to_char(o.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "submittedAt",
               bo.name as "buyerOrganizationName", b.name as "branchName",
               coalesce(ad.state, b.state_code) as "branchState", o.freight_pending as "freightPending",
               -- A branch whose Order Communications were never set up gets its defaults (the first
               -- member's e-mail) at the first delivery: then its members who can sign in count.
               case when exists (select 1 from notification_subscriptions s
                                  where s.key = 'branch_order_notification' and s.branch_id = o.branch_id)
                    then (select count(*)::int from notification_subscriptions s
                            join notification_contacts c on c.id = s.notification_contact_id
                           where s.key = 'branch_order_notification' and s.branch_id = o.branch_id
                             and s.active and c.active)
                    else (select count(*)::int from users u
                           where u.organization_id = o.supplier_organization_id
                             and u.status <> 'login_prohibited')
               end as "orderContacts"
          from orders o
          join organizations bo on bo.id = o.buyer_organization_id
          join branches b on b.id = o.branch_id
          left join addresses ad on ad.id = b.address_id
         where o.deactivated_at is null
           and o.state = any(string_to_array(${openStates.join(',')}, ','))
         order by o.submitted_at, o.id
         limit ${limit}`,
  );
}

/** Active e-mail addresses subscribed to a branch's Order Communications. */
export async function listOrderContactEmails(db: Executor, branchId: number) {
  const rows = await queryRows<{ destination: string }>(
    db,
    sql`select distinct c.notification_destination as destination
          from notification_subscriptions s
          join notification_contacts c on c.id = s.notification_contact_id
         where s.key = 'branch_order_notification' and s.branch_id = ${branchId}
           and s.active and c.active and c.notification_method = 'Email'`,
  );
  return rows.map((row) => row.destination);
}
