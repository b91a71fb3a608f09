import type { AccessStatus } from '../../../domain/access';
import type { AdminUser, AuditEvent, OutboxEmail } from '../../../domain/admin/admin-views';
import type * as audit from '../audit/audit.service';
import type * as notifications from '../notifications/notifications.service';
import type { UserRow } from '../users/users.service';

type AuditEventRow = Awaited<ReturnType<typeof audit.listEventsFor>>[number];
type OutboxEmailRow = Awaited<ReturnType<typeof notifications.listOutbox>>['rows'][number];

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** A user as staff see it in Beehive: never the password hash. */
export function userAdminView(user: UserRow, organizationName: string | null): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    phone: user.phone,
    status: user.status as AccessStatus,
    activated: user.activated,
    roles: user.roles,
    isMarketManager: user.isMarketManager,
    messagesEnabled: user.messagesEnabled,
    organizationId: user.organizationId,
    organizationName,
    lastSignInAt: isoOrNull(user.lastSignInAt),
    createdAt: user.createdAt.toISOString(),
  };
}

export function auditEventView(row: AuditEventRow): AuditEvent {
  return {
    ...row,
    data: row.data ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function outboxEmailView(row: OutboxEmailRow): OutboxEmail {
  return {
    ...row,
    sentAt: isoOrNull(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
