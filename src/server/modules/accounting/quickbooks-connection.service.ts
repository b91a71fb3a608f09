import { createHash, randomBytes } from 'node:crypto';
import {
  quickbooksNotConfiguredMessage,
  quickbooksNotConnectedMessage,
  quickbooksStateRefusedMessage,
} from '../../../domain/accounting/quickbooks-link';
import type { Config } from '../../config';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { recordEvent } from '../audit/audit.service';
import * as repo from './accounting.repository';
import { type QuickBooksCompany, QuickBooksOnline, type QuickBooksTokens } from './quickbooks-online';
import { TokenCipher } from './quickbooks-token-cipher';

/** The QuickBooks adapter with what storing its tokens needs; null when the server has no QuickBooks keys. */
export type QuickBooksLink = { adapter: QuickBooksOnline; cipher: TokenCipher; redirectUri: string };

/** How long an issued `state` may come back to the callback. */
const authorizationMinutes = 15;
/** An access token this close to its end is refreshed before use. */
const refreshMarginMs = 60_000;

export function quickbooksLinkFor(config: Pick<Config, 'quickbooks' | 'appUrl'>): QuickBooksLink | null {
  if (!config.quickbooks) return null;
  return {
    adapter: new QuickBooksOnline(config.quickbooks),
    cipher: new TokenCipher(config.quickbooks.clientSecret),
    // Intuit sends staff back to the accounting page, which hands code, state and realmId to the
    // callback route with the staff member's own session.
    redirectUri: `${config.appUrl}/admin/accounting`,
  };
}

export function requireLink(link: QuickBooksLink | null): QuickBooksLink {
  if (!link)
    throw new AppError('unprocessable', quickbooksNotConfiguredMessage, {
      code: 'quickbooks_not_configured',
    });
  return link;
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** The linked company as staff see it, or null. */
export async function connectionView(db: Executor) {
  const row = await repo.findConnection(db);
  return row
    ? { realmId: row.realmId, companyName: row.companyName, connectedAt: row.connectedAt.toISOString() }
    : null;
}

/** Issues a one-time `state` for this staff member and answers Intuit's consent page carrying it. */
export async function authorize(db: Db, link: QuickBooksLink, caller: Caller, now: Date) {
  const state = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await repo.deleteExpiredAuthorizations(tx, now);
    await repo.insertAuthorization(tx, {
      stateHash: hashOf(state),
      userId: caller.user.id,
      expiresAt: new Date(now.getTime() + authorizationMinutes * 60_000),
    });
  });
  return { url: link.adapter.authorizationUrl(link.redirectUri, state) };
}

const sealedTokens = (link: QuickBooksLink, tokens: QuickBooksTokens, now: Date) => ({
  accessTokenSealed: link.cipher.seal(tokens.accessToken),
  refreshTokenSealed: link.cipher.seal(tokens.refreshToken),
  accessExpiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
  refreshExpiresAt:
    tokens.refreshExpiresInSeconds === null
      ? null
      : new Date(now.getTime() + tokens.refreshExpiresInSeconds * 1000),
});

/**
 * The callback: the state must be one this staff member was issued and not yet used (else 422);
 * the code becomes tokens, stored sealed with the company's id and name, replacing any earlier link.
 */
export async function completeAuthorization(
  db: Db,
  link: QuickBooksLink,
  caller: Caller,
  now: Date,
  input: { code: string; state: string; realmId: string },
) {
  const taken = await db.transaction((tx) =>
    repo.takeAuthorization(tx, hashOf(input.state), caller.user.id, now),
  );
  if (!taken)
    throw new AppError('unprocessable', quickbooksStateRefusedMessage, { code: 'quickbooks_state' });
  const tokens = await link.adapter.exchangeCode(input.code, link.redirectUri);
  const companyName = await link.adapter.companyName({
    realmId: input.realmId,
    accessToken: tokens.accessToken,
  });
  await db.transaction(async (tx) => {
    await repo.replaceConnection(tx, {
      realmId: input.realmId,
      companyName,
      ...sealedTokens(link, tokens, now),
      connectedByUserId: caller.user.id,
      connectedAt: now,
    });
    await recordEvent(tx, actorOf(caller), { type: 'accounting', id: caller.user.id }, 'quickbooks_connect', {
      realmId: input.realmId,
      companyName,
    });
  });
  return (await connectionView(db)) as NonNullable<Awaited<ReturnType<typeof connectionView>>>;
}

/** Forgets the linked company and its tokens; what was pushed stays recorded per company. */
export async function disconnect(db: Db, caller: Caller) {
  await db.transaction(async (tx) => {
    const removed = await repo.deleteConnections(tx);
    if (removed.length === 0) return;
    await recordEvent(
      tx,
      actorOf(caller),
      { type: 'accounting', id: caller.user.id },
      'quickbooks_disconnect',
      {
        realmId: removed[0].realmId,
      },
    );
  });
}

/**
 * The linked company with a current access token: an expired one is refreshed first (under a lock,
 * so two pushes do not both spend the refresh token). 409 when no company is linked.
 */
export async function connectedCompany(db: Db, link: QuickBooksLink, now: Date): Promise<QuickBooksCompany> {
  const current = await repo.findConnection(db);
  if (!current)
    throw new AppError('conflict', quickbooksNotConnectedMessage, { code: 'quickbooks_not_connected' });
  if (current.accessExpiresAt.getTime() - refreshMarginMs > now.getTime()) {
    return { realmId: current.realmId, accessToken: link.cipher.open(current.accessTokenSealed) };
  }
  return db.transaction(async (tx) => {
    const row = await repo.findConnection(tx, { lock: true });
    if (!row)
      throw new AppError('conflict', quickbooksNotConnectedMessage, { code: 'quickbooks_not_connected' });
    if (row.accessExpiresAt.getTime() - refreshMarginMs > now.getTime()) {
      return { realmId: row.realmId, accessToken: link.cipher.open(row.accessTokenSealed) };
    }
    const tokens = await link.adapter.refreshTokens(link.cipher.open(row.refreshTokenSealed));
    const sealed = sealedTokens(link, tokens, now);
    await repo.updateConnectionTokens(tx, row.id, {
      ...sealed,
      refreshExpiresAt: sealed.refreshExpiresAt ?? row.refreshExpiresAt,
    });
    return { realmId: row.realmId, accessToken: tokens.accessToken };
  });
}
