import { createHash, randomBytes } from 'node:crypto';
import type { Permission } from '../../../domain/admin/permissions';
import { productName } from '../../../domain/brand';
import {
  alreadyMemberMessage,
  cannotRemoveYourselfMessage,
  hasAccountMessage,
  type Invitation,
  type InvitationPreview,
  invitationInvalidMessage,
  joinRequestDecidedMessage,
  managerOnlyMessage,
  type OrganizationPeople,
} from '../../../domain/organizations/members';
import { fullNameOf } from '../../../domain/users/current-user';
import type { Caller } from '../../core/caller';
import { actorOf } from '../../core/caller';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as notifications from '../notifications/notifications.service';
import * as organizations from '../organizations/organizations.service';
import * as repo from './memberships.repository';
import * as usersRepo from './users.repository';

const invitationTtlMs = 14 * 86_400_000;
const notFound = () => new AppError('not_found', 'Company not found');

export type MailContext = notifications.MailSending & { appUrl: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The people of a company, oldest first; the first one manages it (issue 19: "the first user manages it"). */
async function membersOf(db: Executor, organizationId: number) {
  return usersRepo.listUsersOfOrganization(db, organizationId);
}

/** The company's manager: its first member. */
export async function managerOf(db: Executor, organizationId: number) {
  const [first] = await membersOf(db, organizationId);
  return first ?? null;
}

/**
 * The caller with the Beehive permissions its roles grant (the routes read them once per request):
 * staff see any company with view_organizations and manage its people with edit_organizations, the
 * same rule as the rest of Beehive's organisation pages.
 */
export type MembershipCaller = Caller & { permissions: readonly Permission[] };
const staffMay = (caller: MembershipCaller, permission: Permission) =>
  caller.permissions.includes(permission);

/** Members see their company; staff see any; anyone else gets 404 so other companies do not leak. */
async function assertCanSee(db: Executor, caller: MembershipCaller, organizationId: number) {
  if (caller.user.organizationId === organizationId) return;
  if (staffMay(caller, 'view_organizations') && (await organizations.organizationExists(db, organizationId)))
    return;
  throw notFound();
}

/** Whether the caller may invite, approve and remove people of the company. */
async function canManage(db: Executor, caller: MembershipCaller, organizationId: number) {
  if (staffMay(caller, 'edit_organizations')) return true;
  if (caller.user.organizationId !== organizationId) return false;
  return (await managerOf(db, organizationId))?.id === caller.user.id;
}

/** 404 for outsiders, 403 for members who are not the manager. */
async function assertCanManage(db: Executor, caller: MembershipCaller, organizationId: number) {
  await assertCanSee(db, caller, organizationId);
  if (!(await canManage(db, caller, organizationId))) throw new AppError('forbidden', managerOnlyMessage);
}

function invitationView(row: repo.InvitationRow, inviter: { firstName: string; lastName: string } | null) {
  return {
    id: row.id,
    email: row.email,
    invitedBy: inviter ? fullNameOf(inviter) : null,
    invitedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  } satisfies Invitation;
}

/** A company's members, pending members and open invitations, and whether the caller may change them. */
export async function getPeople(
  db: Executor,
  clock: Clock,
  caller: MembershipCaller,
  organizationId: number,
): Promise<OrganizationPeople> {
  await assertCanSee(db, caller, organizationId);
  const members = await membersOf(db, organizationId);
  const manage = staffMay(caller, 'edit_organizations') || members[0]?.id === caller.user.id;
  const pending = manage ? await repo.listPendingJoinRequests(db, organizationId) : [];
  const invitations = manage ? await repo.listOpenInvitations(db, organizationId, clock.now()) : [];
  return {
    canManage: manage,
    members: members.map((user, index) => ({
      id: user.id,
      fullName: fullNameOf(user),
      email: user.email,
      phone: user.phone,
      manager: index === 0,
      joinedAt: user.createdAt.toISOString(),
    })),
    joinRequests: pending.map(({ request, user }) => ({
      id: request.id,
      userId: user.id,
      fullName: fullNameOf(user),
      email: user.email,
      phone: user.phone,
      requestedAt: request.createdAt.toISOString(),
    })),
    invitations: invitations.map(({ invitation, inviter }) => invitationView(invitation, inviter)),
  };
}

/** E-mails a link that signs the person up straight into the company. */
export async function invite(
  db: Db,
  mail: MailContext,
  clock: Clock,
  caller: MembershipCaller,
  organizationId: number,
  email: string,
) {
  await assertCanManage(db, caller, organizationId);
  const existing = await usersRepo.findUserByEmail(db, email);
  if (existing) {
    const message = existing.organizationId === organizationId ? alreadyMemberMessage : hasAccountMessage;
    throw new AppError('conflict', message, { fields: { email: message } });
  }
  const company = await organizations.findOrganizationSummary(db, organizationId);
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await repo.insertInvitation(tx, {
      organizationId,
      email,
      tokenHash: hashToken(token),
      invitedByUserId: caller.user.id,
      expiresAt: new Date(now.getTime() + invitationTtlMs),
    });
    const link = `${mail.appUrl}/invite-requests/new?invitation=${encodeURIComponent(token)}`;
    const inviter = fullNameOf(caller.user);
    await notifications.sendEmail(tx, mail, {
      to: email,
      subject: `${inviter} invited you to ${company?.name ?? 'their company'} on ${productName}`,
      text: [
        'Hello,',
        '',
        `${inviter} invited you to join ${company?.name ?? 'their company'} on ${productName}, where your team searches suppliers, builds carts and places orders together.`,
        '',
        'To create your account in the company, open this link within 14 days:',
        '',
        link,
      ].join('\n'),
    });
    await audit.recordEvent(tx, actorOf(caller), { type: 'organization', id: organizationId }, 'invited', {
      email,
    });
    return invitationView(row, caller.user);
  });
}

export async function revokeInvitation(
  db: Db,
  clock: Clock,
  caller: MembershipCaller,
  organizationId: number,
  invitationId: number,
) {
  await assertCanManage(db, caller, organizationId);
  const revoked = await repo.revokeInvitation(db, organizationId, invitationId, clock.now());
  if (!revoked) throw new AppError('not_found', 'Invitation not found');
}

/** What the sign-up page shows for an invitation link; 404 when it is unknown, used, revoked or expired. */
export async function previewInvitation(
  db: Executor,
  clock: Clock,
  token: string,
): Promise<InvitationPreview> {
  const invitation = await repo.findOpenInvitationByHash(db, hashToken(token), clock.now());
  const company = invitation && (await organizations.findOrganizationSummary(db, invitation.organizationId));
  if (!invitation || !company) throw new AppError('not_found', invitationInvalidMessage);
  return { organizationName: company.name, email: invitation.email, postalCode: company.postalCode };
}

/** The company an invitation link leads into, checked before the account is made. */
export async function organizationOfInvitation(db: Executor, clock: Clock, token: string) {
  const invitation = await repo.findOpenInvitationByHash(db, hashToken(token), clock.now());
  if (!invitation) {
    throw new AppError('invalid_data', invitationInvalidMessage, {
      fields: { invitationToken: invitationInvalidMessage },
    });
  }
  return invitation.organizationId;
}

/** Sign-up through an invitation: uses the link up and makes the new user a member, in the caller's transaction. */
export async function acceptInvitation(tx: Executor, clock: Clock, token: string, userId: number) {
  const invitation = await repo.findOpenInvitationByHash(tx, hashToken(token), clock.now());
  const accepted = invitation && (await repo.acceptInvitation(tx, invitation.id, userId, clock.now()));
  if (!accepted) {
    throw new AppError('invalid_data', invitationInvalidMessage, {
      fields: { invitationToken: invitationInvalidMessage },
    });
  }
  await usersRepo.joinOrganizationIfNone(tx, userId, accepted.organizationId);
  await audit.recordEvent(tx, { userId }, { type: 'organization', id: accepted.organizationId }, 'joined', {
    invitationId: accepted.id,
  });
  return accepted.organizationId;
}

/** Sign-up for a company that already uses Hedgerow: a pending member, and a note to its manager. */
export async function requestToJoin(tx: Executor, mail: MailContext, userId: number, organizationId: number) {
  const request = await repo.insertJoinRequest(tx, organizationId, userId);
  const manager = await managerOf(tx, organizationId);
  const person = await usersRepo.findUserById(tx, userId);
  if (manager && person) {
    await notifications.sendEmail(tx, mail, {
      to: manager.email,
      subject: `${fullNameOf(person)} asked to join your company on ${productName}`,
      text: [
        `Hello ${manager.firstName},`,
        '',
        `${fullNameOf(person)} (${person.email}) signed up and asked to join your company. They see none of its carts or orders until you approve them.`,
        '',
        `Approve or decline the request on your company page: ${mail.appUrl}/organizations/edit?tab=users`,
      ].join('\n'),
    });
  }
  await audit.recordEvent(tx, { userId }, { type: 'organization', id: organizationId }, 'join_requested');
  return request;
}

/** A pending member without the e-mail to the manager (demo data). */
export const insertJoinRequest = repo.insertJoinRequest;

/** The manager (or staff) lets a pending member in, or turns them away. */
export async function decideJoinRequest(
  db: Db,
  mail: MailContext,
  clock: Clock,
  caller: MembershipCaller,
  organizationId: number,
  requestId: number,
  decision: 'approved' | 'declined',
) {
  await assertCanManage(db, caller, organizationId);
  const request = await repo.findJoinRequest(db, requestId);
  if (!request || request.organizationId !== organizationId) {
    throw new AppError('not_found', 'Request not found');
  }
  const company = await organizations.findOrganizationSummary(db, organizationId);
  await db.transaction(async (tx) => {
    const decided = await repo.decideJoinRequest(tx, requestId, {
      state: decision,
      decidedByUserId: caller.user.id,
      decidedAt: clock.now(),
    });
    if (!decided) throw new AppError('conflict', joinRequestDecidedMessage);
    const person = await usersRepo.findUserById(tx, request.userId);
    if (
      decision === 'approved' &&
      !(await usersRepo.joinOrganizationIfNone(tx, request.userId, organizationId))
    ) {
      throw new AppError('conflict', 'This person already belongs to another company.');
    }
    if (person) {
      await notifications.sendEmail(tx, mail, {
        to: person.email,
        subject:
          decision === 'approved'
            ? `You're in: ${company?.name} on ${productName}`
            : `Your request to join ${company?.name} on ${productName}`,
        text:
          decision === 'approved'
            ? `Hello ${person.firstName},\n\n${company?.name} approved your request. Sign in to see your company's carts and orders: ${mail.appUrl}/home`
            : `Hello ${person.firstName},\n\n${company?.name} did not approve your request to join. If you think this is a mistake, contact your company or our team.`,
      });
    }
    await audit.recordEvent(
      tx,
      actorOf(caller),
      { type: 'organization', id: organizationId },
      decision === 'approved' ? 'join_approved' : 'join_declined',
      { userId: request.userId },
    );
  });
}

/** Takes a person out of the company (their account stays, without a company). */
export async function removeMember(db: Db, caller: MembershipCaller, organizationId: number, userId: number) {
  await assertCanManage(db, caller, organizationId);
  if (userId === caller.user.id) throw new AppError('unprocessable', cannotRemoveYourselfMessage);
  const user = await usersRepo.findUserById(db, userId);
  if (!user || user.organizationId !== organizationId) throw new AppError('not_found', 'User not found');
  await db.transaction(async (tx) => {
    await usersRepo.updateUser(tx, userId, { organizationId: null });
    await audit.recordEvent(
      tx,
      actorOf(caller),
      { type: 'organization', id: organizationId },
      'member_removed',
      {
        userId,
      },
    );
  });
}
