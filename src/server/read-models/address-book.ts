// Read model: Address book entries with their address rows (owned by the organizations area).

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { addresses } from '../modules/organizations/organizations.tables';
import { type AddressBookOwner, ownedBy } from '../modules/users/account.repository';
import { addressBookEntries } from '../modules/users/account.tables';

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
