import { randomBytes } from 'node:crypto';
import {
  type ApiKey,
  apiKeyNotFoundMessage,
  apiKeyPrefix,
  apiKeyShownLength,
  type GeneratedApiKey,
} from '../../../domain/admin/api-keys';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as apiKeyCallers from '../../read-models/api-key-callers';
import * as audit from '../audit/audit.service';
import * as organizations from '../organizations/organizations.service';
import * as users from '../users/users.service';
import * as repo from './api-keys.repository';
import { hashToken } from './tokens';

/** The rate limit's window: requests are counted per key per minute. */
export const apiKeyWindowMs = 60_000;

/** A new key: `hk_` and 32 random URL-safe characters (192 bits). */
export function newApiKey() {
  const key = `${apiKeyPrefix}${randomBytes(24).toString('base64url')}`;
  return { key, keyHash: hashToken(key), keyPrefix: key.slice(0, apiKeyShownLength) };
}

/** Generates a key for an organisation; the answer is the only place the key itself appears. */
export async function generateApiKey(
  db: Db,
  staff: Caller,
  organizationId: number,
  label: string,
  now: Date,
): Promise<GeneratedApiKey> {
  if (!(await organizations.organizationExists(db, organizationId))) {
    throw new AppError('not_found', 'Company not found');
  }
  const { key, keyHash, keyPrefix } = newApiKey();
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertApiKey(tx, {
      organizationId,
      label,
      keyHash,
      keyPrefix,
      createdByUserId: staff.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit.recordEvent(
      tx,
      { userId: staff.user.id },
      { type: 'organization', id: organizationId },
      'api_key_generated',
      { apiKeyId: inserted.id, label, prefix: keyPrefix },
    );
    return inserted;
  });
  return { id: row.id, key, prefix: keyPrefix, label };
}

/** An organisation's keys, newest first, revoked ones included (staff see when each stopped). */
export async function listApiKeys(db: Executor, organizationId: number): Promise<ApiKey[]> {
  if (!(await organizations.organizationExists(db, organizationId))) {
    throw new AppError('not_found', 'Company not found');
  }
  const rows = await repo.listApiKeysOf(db, organizationId);
  const creatorIds = [...new Set(rows.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : [])))];
  const creators = new Map<number, string>();
  for (const id of creatorIds) {
    const user = await users.findUserById(db, id);
    if (user) creators.set(id, `${user.firstName} ${user.lastName}`);
  }
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    label: row.label,
    prefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByUserId ? (creators.get(row.createdByUserId) ?? null) : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a key: the next request with it is refused (every request checks the database). */
export async function revokeApiKey(db: Db, staff: Caller, id: number, now: Date) {
  const found = await repo.findApiKey(db, id);
  if (!found) throw new AppError('not_found', apiKeyNotFoundMessage);
  if (found.revokedAt) return;
  await db.transaction(async (tx) => {
    await repo.revokeApiKey(tx, id, staff.user.id, now);
    await audit.recordEvent(
      tx,
      { userId: staff.user.id },
      { type: 'organization', id: found.organizationId },
      'api_key_revoked',
      { apiKeyId: id, label: found.label, prefix: found.keyPrefix },
    );
  });
}

export type ApiKeyUse =
  | { outcome: 'refused' }
  | { outcome: 'limited'; retryAfterSeconds: number }
  | { outcome: 'admitted'; apiKeyId: number; organizationId: number };

/**
 * Checks a presented key and counts the request against its per-minute limit: a key that is unknown
 * or revoked is refused; over the limit, the answer says how many seconds until the window ends.
 */
export async function checkApiKey(
  db: Executor,
  key: string,
  now: Date,
  perMinute: number,
): Promise<ApiKeyUse> {
  const counted = await repo.countApiKeyRequest(db, hashToken(key), now, apiKeyWindowMs);
  if (!counted) return { outcome: 'refused' };
  if (counted.windowCount > perMinute) {
    const started = counted.windowStartedAt?.getTime() ?? now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((started + apiKeyWindowMs - now.getTime()) / 1000));
    return { outcome: 'limited', retryAfterSeconds };
  }
  return { outcome: 'admitted', apiKeyId: counted.id, organizationId: counted.organizationId };
}

/**
 * The caller an admitted key reads as: its organisation, through a stand-in user with a negative id
 * (it matches no row, so nothing can be written in its name), approved for site use and without roles.
 */
export async function apiKeyCaller(
  db: Executor,
  admitted: { apiKeyId: number; organizationId: number },
  now: Date,
): Promise<Caller | null> {
  const organization = await apiKeyCallers.findApiKeyOrganization(db, admitted.organizationId);
  if (!organization) return null;
  const standInId = -admitted.apiKeyId;
  return {
    apiKeyId: admitted.apiKeyId,
    impersonatorUserId: null,
    user: {
      id: standInId,
      createdAt: now,
      updatedAt: now,
      email: '',
      passwordHash: '',
      firstName: organization.name,
      lastName: '',
      phone: null,
      status: 'approved',
      activated: true,
      roles: [],
      isMarketManager: false,
      organizationId: admitted.organizationId,
      defaultPostalCode: null,
      searchedForProducts: true,
      createdCart: true,
      messagesEnabled: false,
      showNewUserSurvey: false,
      lastSignInAt: null,
    },
    session: {
      id: standInId,
      createdAt: now,
      updatedAt: now,
      userId: standInId,
      tokenHash: '',
      expiresAt: now,
      revokedAt: null,
      impersonatorUserId: null,
      userAgent: null,
      ipAddress: null,
    },
    profile: {
      organizationName: organization.name,
      organizationSlug: organization.slug,
      organizationIsBuyer: organization.is_buyer,
      branches: organization.branches,
      favoriteBranchIds: [],
      currentCartId: null,
      pendingOrganizationName: null,
    },
  };
}
