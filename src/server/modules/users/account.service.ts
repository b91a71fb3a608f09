import type { AddressBookEntry, AddressBookEntryValues } from '../../../domain/accounts/address-book-schema';
import type { DiscountList, DiscountView } from '../../../domain/accounts/discount-view';
import type { PreferencesPatch, UserPreferences } from '../../../domain/accounts/preferences-schema';
import { discountLabels } from '../../../domain/catalog/pricing';
import type { SearchSort } from '../../../domain/search/search-params';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as addressBook from '../../read-models/address-book';
import * as buyerDiscounts from '../../read-models/buyer-discounts';
import * as audit from '../audit/audit.service';
import * as organizations from '../organizations/organizations.service';
import * as repo from './account.repository';
import * as users from './users.service';

export const addressNotFoundMessage = 'Address not found';

const ownerOf = (caller: Caller): repo.AddressBookOwner => ({
  organizationId: caller.user.organizationId,
  userId: caller.user.id,
});

function entryView(row: addressBook.AddressBookRow): AddressBookEntry {
  return {
    id: row.id,
    name: row.name ?? '',
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country === 'CAN' ? 'CAN' : 'USA',
    phone: row.phone,
    fax: row.fax,
    addressType: row.addressType,
    deliveryInstructions: row.deliveryInstructions,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const addressColumns = (values: AddressBookEntryValues) => ({
  name: values.name,
  street1: values.street1,
  street2: values.street2,
  city: values.city,
  state: values.state.toUpperCase(),
  postalCode: values.postalCode,
  country: values.country,
  phone: values.phone,
  fax: values.fax,
  addressType: values.addressType,
  deliveryInstructions: values.deliveryInstructions,
});

/** The caller's address book (their organisation's, or their own without one), default first. */
export async function listAddressBook(db: Executor, caller: Caller) {
  return (await addressBook.listAddressBook(db, ownerOf(caller))).map(entryView);
}

/** One entry of the caller's address book, or 404 (also for another organisation's). */
export async function getAddressBookEntryOrThrow(db: Executor, caller: Caller, id: number) {
  const row = await addressBook.findAddressBookEntry(db, ownerOf(caller), id);
  if (!row) throw new AppError('not_found', addressNotFoundMessage);
  return row;
}

/** Adds an entry; the first one, or one marked default, becomes the only default. */
export async function createAddressBookEntry(db: Db, caller: Caller, values: AddressBookEntryValues) {
  const owner = ownerOf(caller);
  const id = await db.transaction(async (tx) => {
    const isDefault = values.isDefault || (await repo.countAddressBook(tx, owner)) === 0;
    if (isDefault) await repo.clearDefault(tx, owner);
    const address = await organizations.insertAddress(tx, {
      ...addressColumns(values),
      organizationId: owner.organizationId,
      userId: owner.userId,
    });
    const created = await repo.insertAddressBookEntry(tx, owner, address.id, isDefault);
    await audit.recordEvent(tx, actorOf(caller), { type: 'address_book_entry', id: created }, 'created', {
      isDefault,
    });
    return created;
  });
  return entryView((await addressBook.findAddressBookEntry(db, owner, id))!);
}

/** Replaces an entry's address; marking it default takes the mark off the others. */
export async function updateAddressBookEntry(
  db: Db,
  caller: Caller,
  id: number,
  values: AddressBookEntryValues,
) {
  const owner = ownerOf(caller);
  await db.transaction(async (tx) => {
    const entry = await getAddressBookEntryOrThrow(tx, caller, id);
    // Unticking the default leaves the book without one, which the user asked for.
    if (values.isDefault && !entry.isDefault) await repo.clearDefault(tx, owner);
    await organizations.updateAddress(tx, entry.addressId, addressColumns(values));
    await repo.setAddressBookDefault(tx, entry.id, values.isDefault);
    await audit.recordEvent(tx, actorOf(caller), { type: 'address_book_entry', id }, 'updated', {
      isDefault: values.isDefault,
    });
  });
  return entryView((await addressBook.findAddressBookEntry(db, owner, id))!);
}

/** Removes an entry and its address. */
export async function deleteAddressBookEntry(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const entry = await getAddressBookEntryOrThrow(tx, caller, id);
    // The entry goes with its address (on delete cascade).
    await organizations.deleteAddress(tx, entry.addressId);
    await audit.recordEvent(tx, actorOf(caller), { type: 'address_book_entry', id }, 'deleted', {});
  });
}

export { entryView as addressBookEntryView };

/** The caller's preferences; e-mails default to on until the user switches them off. */
export async function getPreferences(db: Executor, caller: Caller): Promise<UserPreferences> {
  const row = await repo.findPreferences(db, caller.user.id);
  const user = await users.getUserOrThrow(db, caller.user.id);
  return {
    defaultPostalCode: user.defaultPostalCode,
    searchSort: (row?.searchSort as SearchSort | null | undefined) ?? null,
    emailMessages: row?.emailMessages ?? true,
    emailPhotoRequests: row?.emailPhotoRequests ?? true,
    emailScheduleReminders: row?.emailScheduleReminders ?? true,
    emailProductNews: row?.emailProductNews ?? true,
  };
}

/** Saves the fields given; the default postal code lives on the user, the rest beside it. */
export async function updatePreferences(db: Db, caller: Caller, patch: PreferencesPatch) {
  const { defaultPostalCode, ...rest } = patch;
  await db.transaction(async (tx) => {
    if (defaultPostalCode !== undefined) {
      await users.updateUser(tx, caller.user.id, { defaultPostalCode });
    }
    if (Object.keys(rest).length > 0) await repo.upsertPreferences(tx, caller.user.id, rest);
    await audit.recordEvent(
      tx,
      actorOf(caller),
      { type: 'user', id: caller.user.id },
      'preferences_updated',
      {
        fields: Object.keys(patch),
      },
    );
  });
  return getPreferences(db, caller);
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The caller's organisation's purchase discounts per supplier and the platform discounts open to it. */
export async function listDiscounts(db: Executor, caller: Caller, now = new Date()): Promise<DiscountList> {
  const rows = await buyerDiscounts.listBuyerDiscounts(db, caller.user.organizationId, now);
  const view = (row: buyerDiscounts.DiscountListRow): DiscountView => {
    const startsAt = isoOrNull(row.startsAt);
    return {
      id: Number(row.id),
      name: row.name,
      label: discountLabels[row.kind],
      operator: row.operator,
      value: Number(row.value),
      supplier:
        row.supplierOrganizationId !== null && row.supplierName !== null
          ? { id: Number(row.supplierOrganizationId), name: row.supplierName }
          : null,
      startsAt,
      endsAt: isoOrNull(row.endsAt),
      status: startsAt && startsAt > now.toISOString() ? 'scheduled' : 'active',
    };
  };
  return {
    purchaseDiscounts: rows.filter((row) => row.kind === 'purchase').map(view),
    platformDiscounts: rows.filter((row) => row.kind === 'platform').map(view),
  };
}
