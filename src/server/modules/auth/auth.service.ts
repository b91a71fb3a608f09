import { canSignIn } from '../../../domain/access';
import { type InviteRequest, rolesWithOtherReplaced } from '../../../domain/accounts/invite-request-schema';
import type { InviteRequestView } from '../../../domain/accounts/invite-request-view';
import { normalizePostalCode } from '../../../domain/accounts/postal-code';
import { productName } from '../../../domain/brand';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import * as sessionCaller from '../../read-models/session-caller';
import * as audit from '../audit/audit.service';
import type { FeatureCache } from '../features/features.service';
import * as notifications from '../notifications/notifications.service';
import * as organizations from '../organizations/organizations.service';
import * as memberships from '../users/memberships.service';
import * as users from '../users/users.service';
import type { AttemptLimiter } from './attempt-limiter';
import * as repo from './auth.repository';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export const wrongCredentialsMessage = 'The email or password you entered is incorrect.';
export const tooManyAttemptsMessage = 'Too many failed sign-in attempts. Please wait a minute and try again.';
export const loginProhibitedMessage =
  'This account cannot sign in. Please contact our team if you think this is a mistake.';

const dayMs = 86_400_000;
const passwordResetTtlMs = 60 * 60 * 1000;

export type ClientInfo = { ipAddress: string; userAgent: string | undefined };

/** Opens a session for a user and returns its bearer token (only its hash is stored). */
export async function openSession(
  db: Executor,
  userId: number,
  ttlDays: number,
  client: ClientInfo,
  impersonatorUserId: number | null = null,
) {
  const { token, tokenHash } = newToken();
  await repo.insertSession(db, {
    userId,
    tokenHash,
    expiresAt: new Date(Date.now() + ttlDays * dayMs),
    impersonatorUserId,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * Signs a user in. Wrong e-mail and wrong password get the same message and take the same time; more than
 * ten failures a minute for one e-mail or one address are refused with 429 before the password is checked.
 */
export async function signIn(
  db: Db,
  featureCache: FeatureCache,
  limiter: AttemptLimiter,
  input: { email: string; password: string },
  client: ClientInfo,
  ttlDays: number,
) {
  const keys = [`email:${input.email.toLowerCase()}`, `ip:${client.ipAddress}`];
  if (await limiter.isBlocked(keys)) throw new AppError('rate_limited', tooManyAttemptsMessage);
  const user = await users.findUserByEmail(db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !matches) {
    await limiter.recordFailure(keys);
    throw new AppError('unauthorized', wrongCredentialsMessage, { code: 'invalid_credentials' });
  }
  if (!canSignIn(user.status as never)) {
    throw new AppError('forbidden', loginProhibitedMessage, { code: 'login_prohibited' });
  }
  await limiter.reset(keys[0]);
  const token = await db.transaction(async (tx) => {
    await users.updateUser(tx, user.id, { lastSignInAt: new Date() });
    return openSession(tx, user.id, ttlDays, client);
  });
  return { token, user: await users.getCurrentUser(db, featureCache, user) };
}

/** Who a bearer token belongs to, or null when it is unknown, expired or revoked. */
export type SessionWithUser = NonNullable<Awaited<ReturnType<typeof sessionCaller.findLiveSessionWithUser>>>;

/** The live session of a bearer token with its user, through the app's short-lived session cache. */
export async function authenticateToken(db: Executor, cache: SessionCache<SessionWithUser>, token: string) {
  const tokenHash = hashToken(token);
  return cache.get(tokenHash, () => sessionCaller.findLiveSessionWithUser(db, tokenHash));
}

export const revokeSession = repo.revokeSession;

type MailContext = notifications.MailSending & { appUrl: string };

/**
 * Sends a reset link when the e-mail belongs to an account. The answer is the same either way, so the
 * form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(db: Db, mail: MailContext, email: string) {
  const user = await users.findUserByEmail(db, email);
  if (!user || !canSignIn(user.status as never)) return;
  const { token, tokenHash } = newToken();
  await repo.insertPasswordReset(db, {
    userId: user.id,
    tokenHash,
    expiresAt: new Date(Date.now() + passwordResetTtlMs),
  });
  const link = `${mail.appUrl}/users/password/edit?token=${encodeURIComponent(token)}`;
  await notifications.sendEmail(db, mail, {
    to: user.email,
    subject: `Reset your ${productName} password`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Someone asked to reset the password of your ${productName} account. To choose a new password, open this link within an hour:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  });
}

export const invalidResetLinkMessage =
  'This password reset link is invalid or has expired. Please request a new one.';

/** Sets a new password from a reset link, uses the link up and signs the user out everywhere. */
export async function resetPassword(db: Db, token: string, password: string) {
  const reset = await repo.findUsablePasswordReset(db, hashToken(token));
  if (!reset) throw new AppError('unprocessable', invalidResetLinkMessage, { code: 'invalid_reset_token' });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repo.markPasswordResetUsed(tx, reset.id);
    await users.updateUser(tx, reset.userId, { passwordHash });
    await repo.revokeSessionsOfUser(tx, reset.userId);
    await audit.recordEvent(
      tx,
      { userId: reset.userId },
      { type: 'user', id: reset.userId },
      'password_reset',
    );
  });
}

export const wrongCurrentPasswordMessage = 'Your current password is incorrect.';

/** Changes a signed-in user's password after checking the current one; other sessions are signed out. */
export async function changePassword(
  db: Db,
  userId: number,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
) {
  const user = await users.getUserOrThrow(db, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('invalid_data', wrongCurrentPasswordMessage, {
      fields: { currentPassword: wrongCurrentPasswordMessage },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, userId, { passwordHash });
    // The session that made the change stays signed in; every other one is closed.
    await repo.revokeSessionsOfUser(tx, userId, sessionId);
    await audit.recordEvent(tx, { userId }, { type: 'user', id: userId }, 'password_changed');
  });
}

/** What sign-up needs besides the database: the clock (invitations expire) and mail (the manager is told). */
export type SignUpContext = { clock: Clock; mail: MailContext };

export const duplicateEmailMessage =
  'An account with this email already exists. Sign in or reset your password.';
export const unknownOrganizationMessage = 'We could not find that company. Choose it again from the list.';

const duplicateEmail = () =>
  new AppError('conflict', duplicateEmailMessage, {
    code: 'email_taken',
    fields: { email: duplicateEmailMessage },
  });

/**
 * Sign-up: stores the invite request and opens an account that can search and build carts while the team
 * verifies the business (approved_for_site_use_only, not activated). Answers with a signed-in session.
 */
export async function createInviteRequest(
  db: Db,
  featureCache: FeatureCache,
  signUp: SignUpContext,
  input: InviteRequest,
  client: ClientInfo,
  ttlDays: number,
) {
  if (await users.findUserByEmail(db, input.email)) throw duplicateEmail();
  // An invitation decides the company; else a chosen company must exist.
  const joining = input.invitationToken
    ? await memberships.organizationOfInvitation(db, signUp.clock, input.invitationToken)
    : (input.organizationId ?? null);
  const company = joining ? await organizations.findOrganizationSummary(db, joining) : null;
  if (joining && !company) {
    throw new AppError('invalid_data', unknownOrganizationMessage, {
      fields: { organizationId: unknownOrganizationMessage },
    });
  }
  const passwordHash = await hashPassword(input.password);
  // The postal code field is disabled when the linked company has one: the company's is the user's.
  const postalCode = normalizePostalCode(company?.postalCode ?? input.postalCode);
  try {
    return await openAccount(db, featureCache, signUp, input, passwordHash, postalCode, client, ttlDays);
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment both pass the check above; the unique index decides.
    throw isUniqueViolation(error, 'users_email_idx') ? duplicateEmail() : error;
  }
}

async function openAccount(
  db: Db,
  featureCache: FeatureCache,
  signUp: SignUpContext,
  input: InviteRequest,
  passwordHash: string,
  postalCode: string,
  client: ClientInfo,
  ttlDays: number,
) {
  const result = await db.transaction(async (tx) => {
    const user = await users.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      defaultPostalCode: postalCode,
      status: 'approved_for_site_use_only',
      activated: false,
      showNewUserSurvey: true,
    });
    const inviteRequest = await repo.insertInviteRequest(tx, {
      userId: user.id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      companyName: input.companyName ?? null,
      orgUsesPlatform: input.orgUsesLH ?? null,
      organizationId: input.organizationId ?? null,
      companyType: input.companyType ?? null,
      projectTypes: input.projectTypes ?? [],
      companySize: input.companySize ?? null,
      roles: rolesWithOtherReplaced(input.roles ?? [], input.otherRole),
      postalCode,
    });
    await audit.recordEvent(
      tx,
      { userId: user.id },
      { type: 'invite_request', id: inviteRequest.id },
      'created',
    );
    // Sign-up asks for the company once: an invitation makes the person a member at once, a company
    // that already uses the product gets a pending member for its manager to approve, and a new
    // company is created with the details given here (issue 22: the home page asked again).
    if (input.invitationToken)
      await memberships.acceptInvitation(tx, signUp.clock, input.invitationToken, user.id);
    else if (input.organizationId)
      await memberships.requestToJoin(tx, signUp.mail, user.id, input.organizationId);
    else if (input.companyName) {
      const organization = await organizations.createCompanyAtSignUp(tx, user.id, {
        name: input.companyName,
        companyType: input.companyType ?? null,
        companySize: input.companySize ?? null,
        projectTypes: input.projectTypes ?? [],
      });
      await repo.updateInviteRequest(tx, inviteRequest.id, { organizationId: organization.id });
    }
    const token = await openSession(tx, user.id, ttlDays, client);
    const joined = (await users.findUserById(tx, user.id)) ?? user;
    return { user: joined, inviteRequest, token };
  });
  return {
    id: result.inviteRequest.id,
    token: result.token,
    user: await users.getCurrentUser(db, featureCache, result.user),
  };
}

export async function getInviteRequestOrThrow(db: Executor, id: number, userId: number) {
  const request = await repo.findInviteRequest(db, id);
  // Another person's invite request answers 404 so its existence does not leak.
  if (!request || request.userId !== userId) throw new AppError('not_found', 'Invite request not found');
  return request;
}

export function inviteRequestView(request: repo.InviteRequestRow): InviteRequestView {
  return {
    id: request.id,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone,
    companyName: request.companyName,
    orgUsesLH: request.orgUsesPlatform,
    organizationId: request.organizationId,
    companyType: request.companyType,
    projectTypes: request.projectTypes,
    companySize: request.companySize,
    roles: request.roles,
    postalCode: request.postalCode,
    completed: request.completedAt !== null,
  };
}
