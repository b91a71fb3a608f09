import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { addressBookEntries, userPreferences } from './account.tables';

/** Whose address book: the organisation's, or a user's own when they have none. */
export type AddressBookOwner = { organizationId: number | null; userId: number };

export const ownedBy = (owner: AddressBookOwner): SQL =>
  owner.organizationId !== null
    ? eq(addressBookEntries.organizationId, owner.organizationId)
    : and(isNull(addressBookEntries.organizationId), eq(addressBookEntries.userId, owner.userId))!;

export async function countAddressBook(db: Executor, owner: AddressBookOwner) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(addressBookEntries)
    .where(ownedBy(owner));
  return row?.count ?? 0;
}

/** Takes the default mark off every entry of the owner. */
export async function clearDefault(db: Executor, owner: AddressBookOwner) {
  await db
    .update(addressBookEntries)
    .set({ isDefault: false })
    .where(and(ownedBy(owner), eq(addressBookEntries.isDefault, true)));
}

/** Files an address (already stored through the organizations module) in the owner's book. */
export async function insertAddressBookEntry(
  db: Executor,
  owner: AddressBookOwner,
  addressId: number,
  isDefault: boolean,
) {
  const [entry] = await db
    .insert(addressBookEntries)
    .values({ addressId, organizationId: owner.organizationId, userId: owner.userId, isDefault })
    .returning({ id: addressBookEntries.id });
  return entry.id;
}

export async function setAddressBookDefault(db: Executor, entryId: number, isDefault: boolean) {
  await db.update(addressBookEntries).set({ isDefault }).where(eq(addressBookEntries.id, entryId));
}

export async function findPreferences(db: Executor, userId: number) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ?? null;
}

export async function upsertPreferences(
  db: Executor,
  userId: number,
  values: Partial<Omit<typeof userPreferences.$inferInsert, 'id' | 'userId'>>,
) {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}
