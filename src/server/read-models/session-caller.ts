// Read model: The caller behind a bearer token: a live session with its user, organisation, branches,
// favourites and current cart, in one prepared query (run on every signed-in request).

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { sessions } from '../modules/auth/auth.tables';
import { organizations } from '../modules/organizations/organizations.tables';
import { users } from '../modules/users/users.tables';
import { userProfileSelection } from './user-profiles';

/** A live session, its user and the user's organisation, branches and favourites, in one query. */
function prepareSessionLookup(db: Executor) {
  return db
    .select({ session: sessions, user: users, ...userProfileSelection })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_with_user_by_token');
}

// Every signed-in request runs this lookup: it is built once per database and prepared on the server.
const sessionLookups = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>();

export async function findLiveSessionWithUser(db: Executor, tokenHash: string) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now: new Date() });
  return row ?? null;
}
