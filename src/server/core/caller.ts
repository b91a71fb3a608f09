// Who is calling, as every module sees it. The auth module finds the caller (src/server/http/auth.ts
// asks it once per request); the types are spelled out here so that a module can take a caller
// without importing the users or auth modules. tsc keeps them in step: http/auth.ts builds a Caller
// from the users row and session row, and services hand `caller.user` back to the users module.

/** The signed-in user: a row of `users`. */
export type CallerUser = {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  status: string;
  activated: boolean;
  roles: string[];
  isMarketManager: boolean;
  organizationId: number | null;
  defaultPostalCode: string | null;
  searchedForProducts: boolean;
  createdCart: boolean;
  messagesEnabled: boolean;
  showNewUserSurvey: boolean;
  lastSignInAt: Date | null;
};

/** The session the caller's token opened: a row of `sessions`. */
export type CallerSession = {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  impersonatorUserId: number | null;
  userAgent: string | null;
  ipAddress: string | null;
};

/** What the pages need to know about the caller beyond their row: organisation, branches, cart. */
export type CallerProfile = {
  organizationName: string | null;
  organizationSlug: string | null;
  organizationIsBuyer: boolean | null;
  branches: { id: number; name: string; slug: string; isPrimary: boolean }[];
  favoriteBranchIds: number[];
  currentCartId: number | null;
  pendingOrganizationName: string | null;
};

/** Who is calling: the signed-in user, their session, and the admin acting as them, if any. */
export type Caller = {
  user: CallerUser;
  session: CallerSession;
  impersonatorUserId: number | null;
  profile: CallerProfile;
  /**
   * Set when an integrator's API key calls (issue 20): the caller is then its organisation, read-only,
   * with a stand-in user (negative id, no roles) that matches no row; http/api-key-access.ts lets it
   * reach only the read routes it lists.
   */
  apiKeyId?: number;
};

/** The audit actor for a request: the user, and the admin behind them when impersonating. */
export const actorOf = (caller: Caller) => ({
  userId: caller.user.id,
  impersonatorUserId: caller.impersonatorUserId,
});
