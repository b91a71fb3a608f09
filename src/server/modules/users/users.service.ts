import type { AccessStatus } from '../../../domain/access';
import { isAdmin } from '../../../domain/access';
import { flagsForUser } from '../../../domain/features';
import { type CurrentUser, fullNameOf } from '../../../domain/users/current-user';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as userProfiles from '../../read-models/user-profiles';
import * as features from '../features/features.service';
import * as roleService from './roles.service';
import * as repo from './users.repository';

export type { UserProfile } from '../../read-models/user-profiles';
export type { UserRow } from './users.repository';

/** Loads a user or answers 404. */
export async function getUserOrThrow(db: Executor, id: number) {
  const user = await repo.findUserById(db, id);
  if (!user) throw new AppError('not_found', 'User not found');
  return user;
}

export const findUserByEmail = repo.findUserByEmail;
export const findUserById = repo.findUserById;
export const findUserNames = repo.findUserNames;
export const insertUser = repo.insertUser;
export const updateUser = repo.updateUser;
export const insertFavoriteBranch = repo.insertFavoriteBranch;
export const deleteFavoriteBranch = repo.deleteFavoriteBranch;
export const listFavoriteBranchIds = repo.listFavoriteBranchIds;
export const joinOrganizationIfNone = repo.joinOrganizationIfNone;
export const listUsers = userProfiles.listUsers;
export const listUsersOfOrganization = repo.listUsersOfOrganization;

/** Staff whose roles grant a permission (e.g. who may be assigned a support request). */
export async function listStaffWith(db: Executor, permission: string) {
  const staff = await repo.listUsersWithRoles(db);
  const held = await Promise.all(staff.map((user) => roleService.permissionsOf(db, user.roles)));
  return staff.filter((_, index) => (held[index] as string[]).includes(permission));
}

/** Builds the signed-in user with organisation, branches, favourites and features (spec part 1 §3). */
export async function getCurrentUser(
  db: Executor,
  featureCache: features.FeatureCache,
  user: repo.UserRow,
  options: {
    profile?: userProfiles.UserProfile | null;
    impersonator?: { id: number; fullName: string } | null;
  } = {},
): Promise<CurrentUser> {
  const profile = options.profile ?? (await userProfiles.findUserProfile(db, user.id));
  const impersonator = options.impersonator ?? null;
  const branches = profile?.branches ?? [];
  const supplier = branches.length > 0;
  const primaryBranch = branches.find((branch) => branch.isPrimary) ?? null;
  const roles = user.roles.map((name) => ({ name }));
  const subject = {
    userId: user.id,
    organizationId: user.organizationId,
    flags: flagsForUser({ admin: isAdmin({ roles }), supplier, activated: user.activated }),
  };
  const enabled = await features.enabledFeatureNames(featureCache, subject);
  const lists = await features.featureListsFor(featureCache, user.id, user.organizationId);
  const favoriteIds = (profile?.favoriteBranchIds ?? []).map(Number);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullNameOf(user),
    email: user.email,
    phone: user.phone,
    status: user.status as AccessStatus,
    activated: user.activated,
    supplier,
    roles,
    permissions: user.roles.length > 0 ? await roleService.permissionsOf(db, user.roles) : [],
    organizationId: user.organizationId,
    organizationName: profile?.organizationName ?? null,
    organizationSlug: profile?.organizationSlug ?? null,
    organizationBranches: branches.map(({ id, name, slug }) => ({ id: Number(id), name, slug })),
    primaryBranchId: primaryBranch ? Number(primaryBranch.id) : null,
    primaryBranchSlug: primaryBranch?.slug ?? null,
    organizationIsBuyer: profile?.organizationIsBuyer ?? false,
    pendingOrganizationName: profile?.pendingOrganizationName ?? null,
    dashboardAccess: enabled.includes('dashboardAccess'),
    preferredSupplierIds: favoriteIds,
    hasPreferredSuppliers: favoriteIds.length > 0,
    defaultPostalCode: user.defaultPostalCode,
    searchedForProducts: user.searchedForProducts,
    createdCart: user.createdCart,
    messagesEnabled: user.messagesEnabled,
    currentCartId: profile?.currentCartId ?? null,
    showNewUserSurvey: user.showNewUserSurvey,
    organizationFeatures: lists.organizationFeatures,
    userFeatures: lists.userFeatures,
    impersonator,
  };
}
