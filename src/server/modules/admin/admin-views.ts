import type { UserRow } from '../users/users.service';

/** A user as staff see it in Beehive: never the password hash. */
export function userAdminView(user: UserRow, organizationName: string | null) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    phone: user.phone,
    status: user.status,
    activated: user.activated,
    roles: user.roles,
    isMarketManager: user.isMarketManager,
    messagesEnabled: user.messagesEnabled,
    organizationId: user.organizationId,
    organizationName,
    lastSignInAt: user.lastSignInAt,
    createdAt: user.createdAt,
  };
}
