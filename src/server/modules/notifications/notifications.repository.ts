import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationKey,
  NotificationMethod,
} from '../../../domain/notifications/notification-settings';
import type { Executor } from '../../core/database';
import { notificationContacts, notificationSubscriptions, sentReminders } from './notifications.tables';

export type ContactRow = typeof notificationContacts.$inferSelect;
export type SubscriptionRow = typeof notificationSubscriptions.$inferSelect;

/** An unguessable token for the one-click unsubscribe link. */
const newToken = () => randomBytes(18).toString('base64url');

export function listContacts(db: Executor, organizationId: number) {
  return db
    .select()
    .from(notificationContacts)
    .where(eq(notificationContacts.organizationId, organizationId))
    .orderBy(asc(notificationContacts.createdAt), asc(notificationContacts.id));
}

export function findContacts(db: Executor, ids: readonly number[]) {
  return db
    .select()
    .from(notificationContacts)
    .where(inArray(notificationContacts.id, [...ids]));
}

export function listSubscriptions(db: Executor, organizationId: number) {
  return db
    .select({ subscription: notificationSubscriptions })
    .from(notificationSubscriptions)
    .innerJoin(
      notificationContacts,
      eq(notificationContacts.id, notificationSubscriptions.notificationContactId),
    )
    .where(eq(notificationContacts.organizationId, organizationId))
    .orderBy(asc(notificationSubscriptions.id))
    .then((rows) => rows.map((row) => row.subscription));
}

/** Inserts a contact, or answers the one the organisation already has for that destination. */
export async function upsertContact(
  db: Executor,
  values: {
    organizationId: number;
    userId: number | null;
    notificationMethod: NotificationMethod;
    notificationDestination: string;
    contactLabel: string | null;
  },
) {
  const [row] = await db
    .insert(notificationContacts)
    .values(values)
    .onConflictDoUpdate({
      target: [
        notificationContacts.organizationId,
        notificationContacts.notificationMethod,
        notificationContacts.notificationDestination,
      ],
      // A label given again replaces the old one; a contact added again is active again.
      set: {
        contactLabel: sql`coalesce(excluded.contact_label, ${notificationContacts.contactLabel})`,
        userId: sql`coalesce(${notificationContacts.userId}, excluded.user_id)`,
        active: true,
      },
    })
    .returning();
  return row;
}

export async function deleteContact(db: Executor, id: number) {
  await db.delete(notificationContacts).where(eq(notificationContacts.id, id));
}

/** Subscribes (or re-subscribes) contacts to one key of one branch (or none). */
export async function setSubscribed(
  db: Executor,
  contactIds: readonly number[],
  key: NotificationKey,
  branchId: number | null,
  active: boolean,
) {
  if (contactIds.length === 0) return;
  if (active) {
    await db
      .insert(notificationSubscriptions)
      .values(
        contactIds.map((notificationContactId) => ({
          notificationContactId,
          key,
          branchId,
          active: true,
          unsubscribeToken: newToken(),
        })),
      )
      .onConflictDoUpdate({
        target: [
          notificationSubscriptions.notificationContactId,
          notificationSubscriptions.key,
          notificationSubscriptions.branchId,
        ],
        set: { active: true },
      });
    return;
  }
  await db
    .update(notificationSubscriptions)
    .set({ active: false })
    .where(
      and(
        inArray(notificationSubscriptions.notificationContactId, [...contactIds]),
        eq(notificationSubscriptions.key, key),
        branchId === null
          ? isNull(notificationSubscriptions.branchId)
          : eq(notificationSubscriptions.branchId, branchId),
      ),
    );
}

/** Adds a subscription only where the slot has none yet (defaults never undo a choice). */
export async function insertSubscriptionIfNone(
  db: Executor,
  contactId: number,
  key: NotificationKey,
  branchId: number | null,
) {
  await db
    .insert(notificationSubscriptions)
    .values({ notificationContactId: contactId, key, branchId, active: true, unsubscribeToken: newToken() })
    .onConflictDoNothing();
}

/** How many active e-mail contacts of the organisation are subscribed to one key of one branch. */
export async function countActiveEmails(
  db: Executor,
  organizationId: number,
  key: NotificationKey,
  branchId: number | null,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationSubscriptions)
    .innerJoin(
      notificationContacts,
      eq(notificationContacts.id, notificationSubscriptions.notificationContactId),
    )
    .where(
      and(
        eq(notificationContacts.organizationId, organizationId),
        eq(notificationContacts.notificationMethod, 'Email'),
        eq(notificationContacts.active, true),
        eq(notificationSubscriptions.active, true),
        eq(notificationSubscriptions.key, key),
        branchId === null
          ? isNull(notificationSubscriptions.branchId)
          : eq(notificationSubscriptions.branchId, branchId),
      ),
    );
  return row.n;
}

/** The active contacts subscribed to one key of one branch (or none) of an organisation. */
export function listSubscribedContacts(
  db: Executor,
  organizationId: number,
  key: NotificationKey,
  branchId: number | null,
) {
  return db
    .select({ contact: notificationContacts, subscription: notificationSubscriptions })
    .from(notificationSubscriptions)
    .innerJoin(
      notificationContacts,
      eq(notificationContacts.id, notificationSubscriptions.notificationContactId),
    )
    .where(
      and(
        eq(notificationContacts.organizationId, organizationId),
        eq(notificationContacts.active, true),
        eq(notificationSubscriptions.active, true),
        eq(notificationSubscriptions.key, key),
        branchId === null
          ? isNull(notificationSubscriptions.branchId)
          : eq(notificationSubscriptions.branchId, branchId),
      ),
    )
    .orderBy(asc(notificationContacts.id));
}

export async function findSubscriptionByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ contact: notificationContacts, subscription: notificationSubscriptions })
    .from(notificationSubscriptions)
    .innerJoin(
      notificationContacts,
      eq(notificationContacts.id, notificationSubscriptions.notificationContactId),
    )
    .where(eq(notificationSubscriptions.unsubscribeToken, token));
  return row ?? null;
}

export async function setSubscriptionActive(db: Executor, id: number, active: boolean) {
  await db.update(notificationSubscriptions).set({ active }).where(eq(notificationSubscriptions.id, id));
}

/** Claims a reminder's key; false when it was claimed before (the reminder went out already). */
export async function claimReminder(db: Executor, reminderKey: string) {
  const rows = await db
    .insert(sentReminders)
    .values({ reminderKey })
    .onConflictDoNothing()
    .returning({ id: sentReminders.id });
  return rows.length === 1;
}
