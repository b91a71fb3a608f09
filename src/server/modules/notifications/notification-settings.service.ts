import { isStaff } from '../../../domain/access';
import {
  type CreateContactInput,
  categoryLabels,
  isBranchKey,
  isRequiredKey,
  type NotificationKey,
  type NotificationSettings,
  notificationTexts,
  offersText,
  phoneContactDigits,
  type SubscriptionChange,
  type UnsubscribeView,
} from '../../../domain/notifications/notification-settings';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audiences from '../../read-models/notification-audiences';
import * as repo from './notifications.repository';

const companyNotFound = () => new AppError('not_found', 'Company not found');
const contactNotFound = () => new AppError('not_found', notificationTexts.contactNotFound);

type Slot = { key: NotificationKey; branchId: number | null };

/** The keys that fit an organisation: buyer keys for buyers, the branch keys for each branch. */
function slotsOf(organization: audiences.NotificationOrganization): Slot[] {
  const slots: Slot[] = [];
  if (organization.isBuyer) {
    slots.push({ key: 'buyer_order_notification', branchId: null });
    slots.push({ key: 'requester_notification', branchId: null });
  }
  for (const branch of organization.branches) {
    slots.push({ key: 'branch_order_notification', branchId: branch.id });
    slots.push({ key: 'branch_photo_notification', branchId: branch.id });
  }
  return slots;
}

const sameSlot = (a: Slot, b: Slot) => a.key === b.key && a.branchId === b.branchId;

async function organizationForCaller(db: Executor, caller: Caller, organizationId: number) {
  if (organizationId !== caller.user.organizationId && !isStaff(caller.user)) throw companyNotFound();
  const organization = await audiences.findNotificationOrganization(db, organizationId);
  if (!organization) throw companyNotFound();
  return organization;
}

/** The slot a request names, or a 400/404/422 saying why it does not fit the organisation. */
function slotFor(
  organization: audiences.NotificationOrganization,
  key: NotificationKey,
  branchId?: number | null,
) {
  if (isBranchKey(key)) {
    if (branchId == null) {
      throw new AppError('invalid_data', notificationTexts.branchRequired, {
        fields: { branchId: notificationTexts.branchRequired },
      });
    }
    if (!organization.branches.some((branch) => branch.id === branchId)) {
      throw new AppError('not_found', 'Branch not found');
    }
    return { key, branchId };
  }
  const slot = { key, branchId: null };
  if (!slotsOf(organization).some((candidate) => sameSlot(candidate, slot))) {
    throw new AppError('unprocessable', notificationTexts.keyNotOffered, { code: 'key_not_offered' });
  }
  return slot;
}

/**
 * Gives an organisation its starting subscriptions: the first member's e-mail as a contact (when it
 * has none), subscribed to every key that fits, on every slot that has never had a subscription.
 * Idempotent, and it never re-enables what someone turned off. Run when a company is created, on the
 * settings screen and before each delivery (branches added later get their defaults then).
 */
export async function ensureDefaultSubscriptions(db: Executor, organizationId: number) {
  const organization = await audiences.findNotificationOrganization(db, organizationId);
  if (!organization) return;
  let contacts = await repo.listContacts(db, organizationId);
  if (contacts.length === 0 && organization.firstMember) {
    await repo.upsertContact(db, {
      organizationId,
      userId: organization.firstMember.id,
      notificationMethod: 'Email',
      notificationDestination: organization.firstMember.email.trim().toLowerCase(),
      contactLabel: null,
    });
    contacts = await repo.listContacts(db, organizationId);
  }
  const email = contacts.find((contact) => contact.notificationMethod === 'Email' && contact.active);
  if (!email) return;
  const subscriptions = await repo.listSubscriptions(db, organizationId);
  for (const slot of slotsOf(organization)) {
    if (subscriptions.some((row) => sameSlot(row, slot))) continue;
    await repo.insertSubscriptionIfNone(db, email.id, slot.key, slot.branchId);
  }
}

function settingsView(
  organization: audiences.NotificationOrganization,
  contacts: repo.ContactRow[],
  subscriptions: repo.SubscriptionRow[],
): NotificationSettings {
  const subscriptionView = (row: repo.SubscriptionRow) => ({
    id: row.id,
    key: row.key,
    branchId: row.branchId,
    active: row.active,
    notificationContact: { id: row.notificationContactId },
  });
  const keys = [...new Set(slotsOf(organization).map((slot) => slot.key))];
  return {
    organizationId: organization.id,
    keys,
    results: contacts.map((contact) => ({
      id: contact.id,
      notificationMethod: contact.notificationMethod,
      notificationDestination: contact.notificationDestination,
      contactLabel: contact.contactLabel,
      active: contact.active,
      userId: contact.userId,
      subscriptions: subscriptions
        .filter((row) => row.notificationContactId === contact.id)
        .map(subscriptionView),
    })),
    branches: organization.branches.map((branch) => ({
      ...branch,
      notificationSubscriptions: subscriptions
        .filter((row) => row.branchId === branch.id)
        .map(subscriptionView),
    })),
  };
}

async function readSettings(db: Executor, organization: audiences.NotificationOrganization) {
  const contacts = await repo.listContacts(db, organization.id);
  const subscriptions = await repo.listSubscriptions(db, organization.id);
  return settingsView(organization, contacts, subscriptions);
}

/** GET /api/v1/notification_contacts: an organisation's contacts, branches and subscriptions. */
export async function getSettings(db: Db, caller: Caller, organizationId: number) {
  const organization = await organizationForCaller(db, caller, organizationId);
  await db.transaction((tx) => ensureDefaultSubscriptions(tx, organizationId));
  return readSettings(db, organization);
}

/** Refuses a change that leaves an Order Communications slot without an active e-mail contact. */
async function assertOrderEmailsKept(tx: Executor, organizationId: number, slots: Slot[]) {
  for (const slot of slots) {
    if (!isRequiredKey(slot.key)) continue;
    if ((await repo.countActiveEmails(tx, organizationId, slot.key, slot.branchId)) === 0) {
      throw new AppError('unprocessable', notificationTexts.lastOrderEmail, { code: 'last_order_email' });
    }
  }
}

/** POST /api/v1/notification_contacts: creates (or reuses) a contact and subscribes it to one key. */
export async function createContact(db: Db, caller: Caller, input: CreateContactInput) {
  const organizationId = input.organizationId ?? caller.user.organizationId;
  if (organizationId == null) throw companyNotFound();
  const organization = await organizationForCaller(db, caller, organizationId);
  const slot = slotFor(organization, input.subscriptionKey, input.branchId);
  if (input.notificationMethod === 'Phone' && !offersText(slot.key)) {
    throw new AppError('unprocessable', notificationTexts.textNotOffered, { code: 'text_not_offered' });
  }
  const mine =
    input.notificationMethod === 'Email'
      ? input.notificationDestination === caller.user.email.toLowerCase()
      : phoneContactDigits(caller.user.phone ?? '') === input.notificationDestination;
  await db.transaction(async (tx) => {
    await ensureDefaultSubscriptions(tx, organizationId);
    const contact = await repo.upsertContact(tx, {
      organizationId,
      userId: mine && caller.user.organizationId === organizationId ? caller.user.id : null,
      notificationMethod: input.notificationMethod,
      notificationDestination: input.notificationDestination,
      contactLabel: input.contactLabel,
    });
    await repo.setSubscribed(tx, [contact.id], slot.key, slot.branchId, true);
  });
  return readSettings(db, organization);
}

async function contactsForChange(db: Executor, caller: Caller, ids: readonly number[]) {
  const contacts = await repo.findContacts(db, [...new Set(ids)]);
  if (contacts.length !== new Set(ids).size) throw contactNotFound();
  const organizationId = contacts[0].organizationId;
  if (contacts.some((contact) => contact.organizationId !== organizationId)) throw contactNotFound();
  if (organizationId !== caller.user.organizationId && !isStaff(caller.user)) throw contactNotFound();
  const organization = await audiences.findNotificationOrganization(db, organizationId);
  if (!organization) throw contactNotFound();
  return { contacts, organization };
}

/** POST /api/v1/notification_subscriptions/subscribe and /unsubscribe. */
export async function changeSubscriptions(
  db: Db,
  caller: Caller,
  change: SubscriptionChange,
  active: boolean,
) {
  const { contacts, organization } = await contactsForChange(db, caller, change.notificationContactIds);
  const slot = slotFor(organization, change.subscriptionKey, change.branchId);
  if (active && !offersText(slot.key) && contacts.some((contact) => contact.notificationMethod === 'Phone')) {
    throw new AppError('unprocessable', notificationTexts.textNotOffered, { code: 'text_not_offered' });
  }
  await db.transaction(async (tx) => {
    await repo.setSubscribed(
      tx,
      contacts.map((contact) => contact.id),
      slot.key,
      slot.branchId,
      active,
    );
    if (!active) await assertOrderEmailsKept(tx, organization.id, [slot]);
  });
  return readSettings(db, organization);
}

/** DELETE /api/v1/notification_contacts/{id}: removes a contact and its subscriptions. */
export async function deleteContact(db: Db, caller: Caller, id: number) {
  const { contacts, organization } = await contactsForChange(db, caller, [id]);
  const subscriptions = await repo.listSubscriptions(db, organization.id);
  const held = subscriptions.filter((row) => row.notificationContactId === id && row.active);
  await db.transaction(async (tx) => {
    await repo.deleteContact(tx, contacts[0].id);
    await assertOrderEmailsKept(tx, organization.id, held);
  });
  return readSettings(db, organization);
}

async function unsubscribeView(
  db: Executor,
  found: NonNullable<Awaited<ReturnType<typeof repo.findSubscriptionByToken>>>,
  refusal: string | null,
): Promise<UnsubscribeView> {
  const names = await audiences.findSubscriptionNames(
    db,
    found.contact.organizationId,
    found.subscription.branchId,
  );
  return {
    category: categoryLabels[found.subscription.key],
    branchName: names?.branchName ?? null,
    organizationName: names?.organizationName ?? '',
    notificationMethod: found.contact.notificationMethod,
    notificationDestination: found.contact.notificationDestination,
    active: found.subscription.active,
    refusal,
  };
}

async function subscriptionByTokenOrThrow(db: Executor, token: string) {
  const found = await repo.findSubscriptionByToken(db, token);
  if (!found) throw new AppError('not_found', 'This unsubscribe link is not valid any more.');
  return found;
}

/**
 * The one-click unsubscribe link of an e-mail: turns that subscription off, unless it is the last
 * e-mail of Order Communications (then it stays on and the page says why). `active` true undoes it.
 */
export async function setSubscriptionByToken(db: Db, token: string, active: boolean) {
  return db.transaction(async (tx) => {
    const found = await subscriptionByTokenOrThrow(tx, token);
    await repo.setSubscriptionActive(tx, found.subscription.id, active);
    if (!active && isRequiredKey(found.subscription.key) && found.contact.notificationMethod === 'Email') {
      const left = await repo.countActiveEmails(
        tx,
        found.contact.organizationId,
        found.subscription.key,
        found.subscription.branchId,
      );
      if (left === 0) {
        await repo.setSubscriptionActive(tx, found.subscription.id, true);
        return unsubscribeView(tx, found, notificationTexts.lastOrderEmail);
      }
    }
    return unsubscribeView(tx, { ...found, subscription: { ...found.subscription, active } }, null);
  });
}

/** Backfills every organisation's default subscriptions (the demo seed; existing companies). */
export async function ensureAllDefaultSubscriptions(db: Db) {
  for (const id of await audiences.listOrganizationIds(db)) {
    await db.transaction((tx) => ensureDefaultSubscriptions(tx, id));
  }
}

export const claimReminder = repo.claimReminder;
