import zipcodes from 'zipcodes';
import { normalizePostalCode } from '../../../domain/accounts/postal-code';
import {
  type AdminBranch,
  type AdminBranchValues,
  type PostalCodeLookup,
  postalCodeNotFoundMessage,
} from '../../../domain/admin/branch-admin';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './branch-admin.repository';
import * as orgRepo from './organizations.repository';

const branchNotFoundMessage = 'Branch not found';

/** A US zip (its first five digits) or Canadian postal code (its first three characters) looked up. */
export function lookupPostalCode(postalCode: string): PostalCodeLookup | null {
  const normalized = normalizePostalCode(postalCode);
  const found = zipcodes.lookup(/^\d{5}/.test(normalized) ? normalized.slice(0, 5) : normalized);
  if (!found) return null;
  return {
    postalCode: normalized,
    city: found.city,
    state: found.state,
    country: found.country === 'CA' ? 'CAN' : 'USA',
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/** addresses lookup: 404 with a message when the code lists do not know it. */
export function lookupPostalCodeOrThrow(postalCode: string) {
  const found = lookupPostalCode(postalCode);
  if (!found) throw new AppError('not_found', postalCodeNotFoundMessage);
  return found;
}

async function branchOrThrow(db: Executor, organizationId: number, branchId: number) {
  const found = await repo.findBranchOfOrganization(db, organizationId, branchId);
  if (!found) throw new AppError('not_found', branchNotFoundMessage);
  return found;
}

/** A branch of an organisation as Beehive edits it; 404 when it is not that organisation's. */
export async function getBranchForStaff(
  db: Executor,
  organizationId: number,
  branchId: number,
): Promise<AdminBranch> {
  const { branch, address, organizationName } = await branchOrThrow(db, organizationId, branchId);
  return {
    id: branch.id,
    organizationId: branch.organizationId,
    organizationName,
    name: branch.name,
    slug: branch.slug,
    isPrimary: branch.isPrimary,
    hidden: branch.hidden,
    sellsOnline: branch.sellsOnline,
    honorsPurchaseDiscount: branch.honorsPurchaseDiscount,
    latitude: branch.latitude,
    longitude: branch.longitude,
    address: address && {
      name: address.name,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
      phone: address.phone,
    },
    updatedAt: branch.updatedAt.toISOString(),
  };
}

/**
 * Saves a branch's name, address and switches. The coordinates are refreshed from the postal code
 * on every save (refresh_supplier_coordinates), so search distances follow a moved branch; a postal
 * code the code lists do not know is refused on its field.
 */
export async function updateBranchForStaff(
  db: Db,
  actor: audit.Actor,
  organizationId: number,
  branchId: number,
  values: AdminBranchValues,
): Promise<AdminBranch> {
  const { branch } = await branchOrThrow(db, organizationId, branchId);
  const place = lookupPostalCode(values.address.postalCode);
  if (!place) {
    throw new AppError('unprocessable', postalCodeNotFoundMessage, {
      fields: { 'address.postalCode': postalCodeNotFoundMessage },
    });
  }
  await db.transaction(async (tx) => {
    let addressId = branch.addressId;
    const address = { ...values.address, organizationId, addressType: 'branch' };
    if (addressId) await orgRepo.updateAddress(tx, addressId, address);
    else addressId = (await orgRepo.insertAddress(tx, address)).id;
    await repo.updateBranch(tx, branchId, {
      name: values.name,
      addressId,
      hidden: values.hidden,
      sellsOnline: values.sellsOnline,
      honorsPurchaseDiscount: values.honorsPurchaseDiscount,
      latitude: place.latitude,
      longitude: place.longitude,
      postalCode: values.address.postalCode,
      stateCode: values.address.state,
      displayAddress: `${values.address.city}, ${values.address.state}`,
    });
    await audit.recordEvent(tx, actor, { type: 'branch', id: branchId }, 'admin_updated', {
      name: values.name,
      hidden: values.hidden,
      sellsOnline: values.sellsOnline,
      honorsPurchaseDiscount: values.honorsPurchaseDiscount,
      postalCode: values.address.postalCode,
    });
  });
  return getBranchForStaff(db, organizationId, branchId);
}
