import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { addresses } from '../organizations/organizations.tables';
import { addressBookEntries, userPreferences } from './account.tables';

/** Whose address book: the organisation's, or a user's own when they have none. */
export type AddressBookOwner = { organizationId: number | null; userId: number };

const ownedBy = (owner: AddressBookOwner): SQL =>
  owner.organizationId !== null
    ? eq(addressBookEntries.organizationId, owner.organizationId)
    : and(isNull(addressBookEntries.organizationId), eq(addressBookEntries.userId, owner.userId))!;

const entrySelection = {
  id: addressBookEntries.id,
  addressId: addressBookEntries.addressId,
  isDefault: addressBookEntries.isDefault,
  createdAt: addressBookEntries.createdAt,
  updatedAt: addressBookEntries.updatedAt,
  name: addresses.name,
  street1: addresses.street1,
  street2: addresses.street2,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  fax: addresses.fax,
  addressType: addresses.addressType,
  deliveryInstructions: addresses.deliveryInstructions,
};

export type AddressBookRow = Awaited<ReturnType<typeof listAddressBook>>[number];

/** The owner's entries, default first, then by name. */
export function listAddressBook(db: Executor, owner: AddressBookOwner) {
  return db
    .select(entrySelection)
    .from(addressBookEntries)
    .innerJoin(addresses, eq(addresses.id, addressBookEntries.addressId))
    .where(ownedBy(owner))
    .orderBy(
      desc(addressBookEntries.isDefault),
      asc(sql`lower(${addresses.name})`),
      asc(addressBookEntries.id),
    );
}

/** One of the owner's entries, or null (also when it is someone else's). */
export async function findAddressBookEntry(db: Executor, owner: AddressBookOwner, id: number) {
  const [row] = await db
    .select(entrySelection)
    .from(addressBookEntries)
    .innerJoin(addresses, eq(addresses.id, addressBookEntries.addressId))
    .where(and(eq(addressBookEntries.id, id), ownedBy(owner)));
  return row ?? null;
}

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

export async function insertAddressBookEntry(
  db: Executor,
  owner: AddressBookOwner,
  address: typeof addresses.$inferInsert,
  isDefault: boolean,
) {
  const [row] = await db
    .insert(addresses)
    .values({ ...address, organizationId: owner.organizationId, userId: owner.userId })
    .returning({ id: addresses.id });
  const [entry] = await db
    .insert(addressBookEntries)
    .values({ addressId: row.id, organizationId: owner.organizationId, userId: owner.userId, isDefault })
    .returning({ id: addressBookEntries.id });
  return entry.id;
}

export async function updateAddressBookEntry(
  db: Executor,
  entry: { id: number; addressId: number },
  address: Partial<typeof addresses.$inferInsert>,
  isDefault: boolean,
) {
  await db.update(addresses).set(address).where(eq(addresses.id, entry.addressId));
  await db.update(addressBookEntries).set({ isDefault }).where(eq(addressBookEntries.id, entry.id));
}

/** Deletes the entry with its address. */
export async function deleteAddressBookEntry(db: Executor, entry: { addressId: number }) {
  await db.delete(addresses).where(eq(addresses.id, entry.addressId));
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
