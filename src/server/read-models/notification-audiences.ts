// Read model: what the notifications area needs from other areas' tables: an organisation with its
// branches and first member (default contacts), a recorded message with its thread, order and
// recipient mailboxes (deliveries), members' e-mail preferences, and staff addresses.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { bigintArray, queryRows } from '../db/client';

export type NotificationOrganization = {
  id: number;
  name: string;
  isBuyer: boolean;
  branches: { id: number; name: string; hidden: boolean }[];
  /** The member who joined first (the person who signed the company up), if any. */
  firstMember: { id: number; email: string } | null;
};

/** An organisation with its branches (by name) and first member, or null. */
export async function findNotificationOrganization(
  db: Executor,
  organizationId: number,
): Promise<NotificationOrganization | null> {
  const [row] = await queryRows<NotificationOrganization>(
    db,
    sql`select o.id::int, o.name, o.is_buyer as "isBuyer",
               coalesce((select json_agg(json_build_object('id', b.id::int, 'name', b.name, 'hidden', b.hidden)
                                         order by b.name, b.id)
                           from branches b where b.organization_id = o.id), '[]'::json) as branches,
               (select json_build_object('id', u.id::int, 'email', u.email)
                  from users u where u.organization_id = o.id order by u.created_at, u.id limit 1) as "firstMember"
          from organizations o
         where o.id = ${organizationId}`,
  );
  return row ?? null;
}

/** Every organisation's id, for the seed's and the migration's backfill of default subscriptions. */
export async function listOrganizationIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id::int from organizations order by id`);
  return rows.map((row) => row.id);
}

export type DeliveredMessage = {
  id: number;
  messageType: string;
  content: string;
  createdAt: Date;
  threadId: number;
  subjectLine: string;
  orderId: number | null;
  orderNumber: string | null;
  orderName: string | null;
  branchId: number | null;
  branchName: string | null;
  buyerOrganizationId: number | null;
  supplierOrganizationId: number | null;
  senderName: string | null;
  eventPayload: Record<string, unknown> | null;
  eventKind: string | null;
  eventName: string | null;
  /** The cart of a cart thread. */
  cartId: number | null;
  /** The mailboxes the message was delivered to: `org:{id}` or `staff`. */
  mailboxes: string[];
};

/** A message with what its notifications name (thread subject, order, branch, sender), or null. */
export async function findDeliveredMessage(
  db: Executor,
  messageId: number,
): Promise<DeliveredMessage | null> {
  const [row] = await queryRows<DeliveredMessage>(
    db,
    sql`select m.id::int, m.message_type as "messageType", m.content, m.created_at as "createdAt",
               t.id::int as "threadId", t.subject_line as "subjectLine",
               o.id::int as "orderId", o.order_number as "orderNumber", o.name as "orderName",
               t.branch_id::int as "branchId", b.name as "branchName",
               t.buyer_organization_id::int as "buyerOrganizationId",
               t.supplier_organization_id::int as "supplierOrganizationId",
               coalesce(so.name, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                        m.sender_title) as "senderName",
               m.event_payload as "eventPayload", m.event_kind as "eventKind", m.event_name as "eventName",
               t.cart_id::int as "cartId",
               coalesce((select array_agg(r.mailbox order by r.mailbox) from message_receipts r
                          where r.message_id = m.id), '{}') as mailboxes
          from messages m
          join message_threads t on t.id = m.thread_id
          left join orders o on o.id = t.order_id
          left join branches b on b.id = t.branch_id
          left join organizations so on so.id = m.sending_organization_id
          left join users u on u.id = m.sender_user_id
         where m.id = ${messageId}`,
  );
  return row ?? null;
}

export type EmailPreferences = {
  userId: number;
  emailMessages: boolean;
  emailPhotoRequests: boolean;
  emailScheduleReminders: boolean;
};

/** The e-mail switches of `/preferences/edit` for these users (users without a row have all on). */
export async function findEmailPreferences(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, EmailPreferences>();
  const rows = await queryRows<EmailPreferences>(
    db,
    sql`select u.id::int as "userId", coalesce(p.email_messages, true) as "emailMessages",
               coalesce(p.email_photo_requests, true) as "emailPhotoRequests",
               coalesce(p.email_schedule_reminders, true) as "emailScheduleReminders"
          from users u left join user_preferences p on p.user_id = u.id
         where u.id = any(${bigintArray(userIds)})`,
  );
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The first names of these users (for an e-mail's greeting). */
export async function findFirstNames(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await queryRows<{ id: number; firstName: string }>(
    db,
    sql`select id::int, first_name as "firstName" from users where id = any(${bigintArray(userIds)})`,
  );
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/** Staff who hear about what reaches the staff mailbox: admins and logistics admins who may sign in. */
export async function listStaffAddresses(db: Executor): Promise<{ userId: number; email: string }[]> {
  return queryRows(
    db,
    sql`select id::int as "userId", email from users
         where roles && array['admin', 'logistics_admin']::text[] and status <> 'login_prohibited'
         order by id`,
  );
}

/** The organisation and branch names an unsubscribe page shows. */
export async function findSubscriptionNames(db: Executor, organizationId: number, branchId: number | null) {
  const [row] = await queryRows<{ organizationName: string; branchName: string | null }>(
    db,
    sql`select o.name as "organizationName", b.name as "branchName"
          from organizations o left join branches b on b.id = ${branchId} and b.organization_id = o.id
         where o.id = ${organizationId}`,
  );
  return row ?? null;
}
