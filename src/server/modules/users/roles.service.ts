import {
  adminRoleMessage,
  permissions as allPermissions,
  builtInRoleMessage,
  isBuiltInRole,
  type Permission,
  permissionsOfRoles,
  type Role,
  type RoleInput,
  roleNameTakenMessage,
} from '../../../domain/admin/permissions';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as repo from './roles.repository';
import * as users from './users.repository';

export const roleNotFoundMessage = 'Role not found';
export const unknownRoleMessage = 'Choose roles from the list';
export const cannotDropOwnAdminMessage = 'You cannot remove your own admin role. Ask another admin.';

function roleView(row: repo.RoleRow, userCount: number): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // admin always means everything, whatever an old row stored.
    permissions: row.name === 'admin' ? [...allPermissions] : permissionsOfRoles([row.name], [row]),
    builtIn: isBuiltInRole(row.name),
    userCount,
  };
}

/** What a holder of these role names may do in Beehive. */
export async function permissionsOf(db: Executor, roleNames: readonly string[]): Promise<Permission[]> {
  if (roleNames.includes('admin')) return [...allPermissions];
  return permissionsOfRoles(roleNames, await repo.findRolesByNames(db, [...roleNames]));
}

export async function listRoles(db: Executor): Promise<Role[]> {
  return (await repo.listRoles(db)).map((row) => roleView(row.role, row.userCount));
}

export async function getRole(db: Executor, id: number): Promise<Role> {
  const found = (await repo.listRoles(db)).find((row) => row.role.id === id);
  if (!found) throw new AppError('not_found', roleNotFoundMessage);
  return roleView(found.role, found.userCount);
}

const nameTaken = () =>
  new AppError('conflict', roleNameTakenMessage, { fields: { name: roleNameTakenMessage } });

export async function createRole(db: Executor, caller: Caller, input: RoleInput): Promise<Role> {
  return db.transaction(async (tx) => {
    const row = await repo.insertRole(tx, { ...input, description: input.description ?? '' });
    if (!row) throw nameTaken();
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'role', id: row.id }, 'created', input);
    return roleView(row, 0);
  });
}

export async function updateRole(
  db: Executor,
  caller: Caller,
  id: number,
  patch: Partial<RoleInput>,
): Promise<Role> {
  await db.transaction(async (tx) => {
    const before = await repo.findRole(tx, id);
    if (!before) throw new AppError('not_found', roleNotFoundMessage);
    const renaming = patch.name !== undefined && patch.name !== before.name;
    if (renaming && isBuiltInRole(before.name)) {
      throw new AppError('unprocessable', builtInRoleMessage, { fields: { name: builtInRoleMessage } });
    }
    if (before.name === 'admin' && patch.permissions !== undefined) {
      throw new AppError('unprocessable', adminRoleMessage, { fields: { permissions: adminRoleMessage } });
    }
    if (renaming && (await repo.findRoleByName(tx, patch.name!))) throw nameTaken();
    await repo.updateRole(tx, id, patch);
    if (renaming) await repo.renameRoleOfUsers(tx, before.name, patch.name!);
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'role', id }, 'updated', {
      from: { name: before.name, permissions: before.permissions },
      to: patch,
    });
  });
  return getRole(db, id);
}

export async function deleteRole(db: Executor, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const role = await repo.findRole(tx, id);
    if (!role) throw new AppError('not_found', roleNotFoundMessage);
    if (isBuiltInRole(role.name)) throw new AppError('unprocessable', builtInRoleMessage);
    await repo.removeRoleFromUsers(tx, role.name);
    await repo.deleteRole(tx, id);
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'role', id }, 'deleted', {
      name: role.name,
    });
  });
}

/** update_user_roles: the user holds exactly these roles afterwards. */
export async function setUserRoles(db: Executor, caller: Caller, userId: number, roleIds: number[]) {
  return db.transaction(async (tx) => {
    const user = await users.findUserById(tx, userId);
    if (!user) throw new AppError('not_found', 'User not found');
    const unique = [...new Set(roleIds)];
    const found = await repo.findRolesByIds(tx, unique);
    if (found.length !== unique.length) {
      throw new AppError('invalid_data', unknownRoleMessage, { fields: { roleIds: unknownRoleMessage } });
    }
    const names = found.map((role) => role.name).sort();
    // An admin who drops their own admin role needs another admin to undo it; refuse it up front.
    if (user.id === caller.user.id && user.roles.includes('admin') && !names.includes('admin')) {
      throw new AppError('unprocessable', cannotDropOwnAdminMessage);
    }
    const updated = await users.updateUser(tx, user.id, { roles: names });
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'user', id: user.id }, 'roles_changed', {
      roles: { from: user.roles, to: names },
    });
    return updated!;
  });
}
