import type { Caller } from '../../core/caller';
import type { Db } from '../../core/database';
import type { SessionRow } from '../../modules/auth/auth.repository';
import { sendDueReminders } from '../../modules/messages/reminders.service';
import {
  createContact,
  ensureAllDefaultSubscriptions,
  getSettings,
} from '../../modules/notifications/notification-settings.service';
import { findUserByEmail } from '../../modules/users/users.service';
import { findUserProfile } from '../../read-models/user-profiles';

async function callerFor(db: Db, email: string): Promise<Caller | null> {
  const user = await findUserByEmail(db, email);
  const profile = user && (await findUserProfile(db, user.id));
  if (!user || !profile) return null;
  return { user, profile, session: { id: 0 } as SessionRow, impersonatorUserId: null };
}

/**
 * Every company starts with its founder's e-mail on every key that fits (the backfill for companies
 * the seed made before), then, through the settings service the Notifications tab calls, the demo
 * grower sends its first branch's order communications to the yard manager's phone and the office.
 */
export async function seedDemoNotifications(db: Db, now = new Date()) {
  await ensureAllDefaultSubscriptions(db);
  // This week's reminders, as the hourly schedule sent them on Monday at 6:00 (Eastern): the demo
  // inboxes show the weekly schedule and any order left unanswered.
  const monday = new Date(now);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  monday.setUTCHours(11, 0, 0, 0);
  await sendDueReminders(db, monday <= now ? monday : now);
  const supplier = await callerFor(db, 'supplier@demo.hedgerow.test');
  if (!supplier?.user.organizationId) return;
  const settings = await getSettings(db, supplier, supplier.user.organizationId);
  // Idempotent: a second seed run finds the contacts it added.
  if (settings.results.length > 1) return;
  const [branch] = settings.branches.filter((candidate) => !candidate.hidden);
  if (!branch) return;
  await createContact(db, supplier, {
    subscriptionKey: 'branch_order_notification',
    branchId: branch.id,
    notificationMethod: 'Phone',
    notificationDestination: '8285550142',
    contactLabel: 'Yard manager',
  });
  await createContact(db, supplier, {
    subscriptionKey: 'branch_order_notification',
    branchId: branch.id,
    notificationMethod: 'Email',
    notificationDestination: 'office@blueridge-demo.hedgerow.test',
    contactLabel: 'Office',
  });
}
