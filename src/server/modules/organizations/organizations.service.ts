import { isAdmin, isStaff } from '../../../domain/access';
import type { CompanyProfile } from '../../../domain/accounts/company-schema';
import type { CompanyView } from '../../../domain/accounts/company-view';
import { slugify } from '../../../domain/text/slug';
import type { Caller } from '../../core/caller';
import { actorOf } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import * as supplierLanding from '../../read-models/supplier-landing';
import * as audit from '../audit/audit.service';
import * as notificationSettings from '../notifications/notification-settings.service';
import * as users from '../users/users.service';
import * as repo from './organizations.repository';

export const alreadyInCompanyMessage = 'You already belong to a company. Edit its profile instead.';

async function freeSlug(db: Executor, name: string) {
  const base = slugify(name);
  const taken = await repo.slugsLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function addressValues(input: CompanyProfile['address'], companyName: string) {
  // The spec: on submit the address name is set to the company name.
  return { ...input, name: companyName };
}

/** Creates the caller's company with its address and makes the caller a member, in one transaction. */
export async function createCompany(db: Db, caller: Caller, input: CompanyProfile) {
  if (caller.user.organizationId) throw new AppError('conflict', alreadyInCompanyMessage);
  // Two companies of one name created at the same moment can pick the same free slug; the loser retries.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertCompany(db, caller, input);
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'organizations_slug_idx')) throw error;
    }
  }
}

async function insertCompany(db: Db, caller: Caller, input: CompanyProfile) {
  const organizationId = await db.transaction(async (tx) => {
    const organization = await repo.insertOrganization(tx, {
      name: input.name,
      slug: await freeSlug(tx, input.name),
      website: input.website,
      invoiceEmail: input.invoiceEmail,
      email: input.email,
      companyType: input.companyType,
      companySize: input.companySize,
      projectTypes: input.projectTypes,
      taxId: input.taxId,
    });
    const address = await repo.insertAddress(tx, {
      ...addressValues(input.address, organization.name),
      organizationId: organization.id,
    });
    await repo.updateOrganization(tx, organization.id, { addressId: address.id });
    // The check above read the caller as the request began; a second submit racing this one is refused here.
    if (!(await users.joinOrganizationIfNone(tx, caller.user.id, organization.id))) {
      throw new AppError('conflict', alreadyInCompanyMessage);
    }
    await audit.recordEvent(tx, actorOf(caller), { type: 'organization', id: organization.id }, 'created');
    // The founder's e-mail hears about everything that fits the new company (issue 17).
    await notificationSettings.ensureDefaultSubscriptions(tx, organization.id);
    return organization.id;
  });
  // The caller's loaded row predates the membership, so the access check would refuse the new company.
  const created = await repo.findOrganization(db, organizationId);
  return companyView(created!.organization, created!.address);
}

/** Updates the caller's company; the name stays as it was (it cannot change once the company exists). */
export async function updateCompany(db: Db, caller: Caller, id: number, input: CompanyProfile) {
  const existing = await getCompanyOrThrow(db, caller, id);
  await db.transaction(async (tx) => {
    await repo.updateOrganization(tx, id, {
      website: input.website,
      invoiceEmail: input.invoiceEmail,
      email: input.email,
      companyType: input.companyType,
      companySize: input.companySize,
      projectTypes: input.projectTypes,
      taxId: input.taxId,
    });
    const address = addressValues(input.address, existing.name);
    if (existing.address) await repo.updateAddress(tx, existing.address.id, address);
    else {
      const created = await repo.insertAddress(tx, { ...address, organizationId: id });
      await repo.updateOrganization(tx, id, { addressId: created.id });
    }
    await audit.recordEvent(tx, actorOf(caller), { type: 'organization', id }, 'updated');
  });
  return getCompanyOrThrow(db, caller, id);
}

/** A company its members and admins may see; anyone else gets 404. */
export async function getCompanyOrThrow(db: Executor, caller: Caller, id: number) {
  const found = await repo.findOrganization(db, id);
  if (!found || (found.organization.id !== caller.user.organizationId && !isAdmin(caller.user))) {
    throw new AppError('not_found', 'Company not found');
  }
  return companyView(found.organization, found.address);
}

/** A company for Beehive: the route has checked the staff member's permission, so any company, or 404. */
export async function getCompanyForStaff(db: Executor, id: number) {
  const found = await repo.findOrganization(db, id);
  if (!found) throw new AppError('not_found', 'Company not found');
  return companyView(found.organization, found.address);
}

export function companyView(
  organization: repo.OrganizationRow,
  address: repo.AddressRow | null,
): CompanyView {
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    website: organization.website,
    invoiceEmail: organization.invoiceEmail,
    email: organization.email,
    companyType: organization.companyType,
    companySize: organization.companySize,
    projectTypes: organization.projectTypes,
    taxId: organization.taxId,
    isBuyer: organization.isBuyer,
    address: address && {
      id: address.id,
      name: address.name,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
      phone: address.phone,
      fax: address.fax,
      addressType: address.addressType,
      deliveryInstructions: address.deliveryInstructions,
    },
  };
}

/** Whether an organisation exists, for forms that link to one by id. */
export async function organizationExists(db: Executor, id: number) {
  return (await repo.findOrganization(db, id)) !== null;
}

/** A company's name, slug and postal code, for e-mails and the sign-up page; null when it does not exist. */
export const findOrganizationSummary = repo.findOrganizationSummary;
export const findOrganizationNames = repo.findOrganizationNames;

/** Companies to join at sign-up, found by name (and postal code). */
export const lookupOrganizations = repo.lookupOrganizations;

/** The branches of a company its members (and staff) may see; 404 for anyone else. */
export async function listCompanyBranches(db: Executor, caller: Caller, id: number) {
  if (id !== caller.user.organizationId && !isStaff(caller.user)) {
    throw new AppError('not_found', 'Company not found');
  }
  if (!(await repo.findOrganizationSummary(db, id))) throw new AppError('not_found', 'Company not found');
  return repo.listBranchesWithPlace(db, id);
}

/**
 * The company a person named at sign-up, made with what the sign-up form asked (name, type, size,
 * project types); its address is added from the company page. The person becomes its first member.
 */
export async function createCompanyAtSignUp(
  tx: Executor,
  userId: number,
  input: { name: string; companyType: string | null; companySize: string | null; projectTypes: string[] },
) {
  const organization = await repo.insertOrganization(tx, {
    name: input.name,
    slug: await freeSlug(tx, input.name),
    companyType: input.companyType,
    companySize: input.companySize,
    projectTypes: input.projectTypes,
  });
  await users.joinOrganizationIfNone(tx, userId, organization.id);
  await audit.recordEvent(tx, { userId }, { type: 'organization', id: organization.id }, 'created');
  await notificationSettings.ensureDefaultSubscriptions(tx, organization.id);
  return organization;
}

/** A supplier's public landing page by its organisation slug; 404 for unknown slugs and for buyers. */
export async function getSupplierLandingOrThrow(db: Executor, slug: string) {
  const landing = await supplierLanding.findSupplierLanding(db, slug);
  if (!landing) throw new AppError('not_found', 'Supplier not found');
  return landing;
}

export const listOrganizations = repo.listOrganizations;
export const listBranchesOf = repo.listBranchesOf;
export const insertOrganization = repo.insertOrganization;
export const insertAddress = repo.insertAddress;
export const updateAddress = repo.updateAddress;
export const deleteAddress = repo.deleteAddress;
export const findOrganizationBySlug = repo.findOrganizationBySlug;
export const updateOrganization = repo.updateOrganization;
export const findBillingProfile = repo.findBillingProfile;
