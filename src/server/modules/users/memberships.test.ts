import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alreadyMemberMessage,
  cannotRemoveYourselfMessage,
  hasAccountMessage,
  invitationInvalidMessage,
  managerOnlyMessage,
} from '../../../domain/organizations/members';
import { fixedClock } from '../../core/clock';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { outboxEmails } from '../notifications/notifications.tables';
import { addresses, organizations } from '../organizations/organizations.tables';
import { users } from './users.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-24T12:00:00Z') });
});
afterAll(() => t?.close());

let counter = 0;
let addressCounter = 0;
const freshAddress = () => `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** A company with an address at a postal code, its manager (first member) and a second member. */
async function company(name = `Juniper Landscapes ${++counter}`) {
  const organization = await insertOrganization(t.db, { name });
  const [address] = await t.db
    .insert(addresses)
    .values({
      organizationId: organization.id,
      street1: '1 Elm',
      city: 'Raleigh',
      state: 'NC',
      postalCode: '27601',
    })
    .returning();
  await t.db
    .update(organizations)
    .set({ addressId: address.id })
    .where(eq(organizations.id, organization.id));
  const manager = await insertUser(t.db, { organizationId: organization.id });
  const member = await insertUser(t.db, { organizationId: organization.id });
  return {
    organization,
    manager: { user: manager, token: await tokenFor(t.db, manager.id) },
    member: { user: member, token: await tokenFor(t.db, member.id) },
  };
}

function signUp(payload: Record<string, unknown>) {
  counter++;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/invite_requests',
    remoteAddress: freshAddress(),
    payload: {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: `dana${counter}@example.com`,
      phone: '5551234567',
      password: 'correct horse battery',
      postalCode: '10001',
      ...payload,
    },
  });
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });

async function mailTo(email: string) {
  const [row] = await t.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email))
    .orderBy(desc(outboxEmails.id));
  return row;
}

/** A person who signed up for the company and waits for approval: their token and request id. */
async function pendingMember(organizationId: number) {
  const response = await signUp({ organizationId, orgUsesLH: true });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json();
  const people = await get(
    `/api/v1/organizations/${organizationId}/people`,
    (await managerTokenOf(organizationId))!,
  );
  const request = people.json().joinRequests.find((r: { userId: number }) => r.userId === user.id);
  return { token, user, requestId: request.id as number };
}

const managerTokens = new Map<number, string>();
async function managerTokenOf(organizationId: number) {
  return managerTokens.get(organizationId);
}
async function companyWithTokens() {
  const c = await company();
  managerTokens.set(c.organization.id, c.manager.token);
  return c;
}

describe('GET /api/v1/organizations/lookup (sign-up finds the company)', () => {
  it('finds companies by words of their name for a visitor, those at the postal code first', async () => {
    const near = await company('Maple Ridge Nursery North');
    const other = await insertOrganization(t.db, { name: 'Maple Ridge Nursery South' });
    const response = await get(
      `/api/v1/organizations/lookup?name=${encodeURIComponent('ridge maple')}&postalCode=27601`,
    );
    expect(response.statusCode).toBe(200);
    const ids = response.json().results.map((r: { id: number }) => r.id);
    expect(ids.slice(0, 2)).toEqual([near.organization.id, other.id]);
    expect(response.json().results[0]).toEqual({
      id: near.organization.id,
      name: 'Maple Ridge Nursery North',
      city: 'Raleigh',
      state: 'NC',
      postalCode: '27601',
    });
  });

  it('finds companies by name alone', async () => {
    const found = await company('Quillwort Gardens');
    const response = await get('/api/v1/organizations/lookup?name=quillwort');
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((r: { id: number }) => r.id)).toEqual([found.organization.id]);
  });

  it('asks for at least two letters', async () => {
    const response = await get('/api/v1/organizations/lookup?name=m');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.name).toBe('Enter at least two letters of the company name');
  });
});

describe('sign-up for a company that already uses Hedgerow', () => {
  it('makes a pending member who sees no company until approved, takes the company postal code, and tells the manager', async () => {
    const c = await companyWithTokens();
    const response = await signUp({
      organizationId: c.organization.id,
      orgUsesLH: true,
      postalCode: '99501',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ organizationId: null, defaultPostalCode: '27601' });
    const mail = await mailTo(c.manager.user.email);
    expect(mail.subject).toBe(`Dana Reyes asked to join your company on Hedgerow`);
    expect(mail.textBody).toContain('/organizations/edit?tab=users');

    const waiting = await get('/api/v1/users/current', response.json().token);
    expect(waiting.json()).toMatchObject({
      organizationId: null,
      pendingOrganizationName: c.organization.name,
    });
    // Not a member yet: the company answers 404 to them.
    expect((await get(`/api/v1/organizations/${c.organization.id}`, response.json().token)).statusCode).toBe(
      404,
    );
  });

  it('lets the manager approve: the person becomes a member and is told by e-mail', async () => {
    const c = await companyWithTokens();
    const pending = await pendingMember(c.organization.id);
    const approve = await post(
      `/api/v1/organizations/${c.organization.id}/join_requests/${pending.requestId}/approve`,
      c.manager.token,
    );
    expect(approve.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, pending.user.id));
    expect(row.organizationId).toBe(c.organization.id);
    expect((await mailTo(pending.user.email)).subject).toBe(`You're in: ${c.organization.name} on Hedgerow`);
    const current = await get('/api/v1/users/current', pending.token);
    expect(current.json().organizationId).toBe(c.organization.id);
    expect(current.json().pendingOrganizationName).toBeNull();

    // A second answer to the same request is refused.
    const again = await post(
      `/api/v1/organizations/${c.organization.id}/join_requests/${pending.requestId}/decline`,
      c.manager.token,
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a member who is not the manager with 403, and another company with 404', async () => {
    const c = await companyWithTokens();
    const other = await companyWithTokens();
    const pending = await pendingMember(c.organization.id);
    const url = `/api/v1/organizations/${c.organization.id}/join_requests/${pending.requestId}/approve`;
    const byMember = await post(url, c.member.token);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(managerOnlyMessage);
    expect((await post(url, other.manager.token)).statusCode).toBe(404);
    // The request of one company cannot be answered through another company's path.
    const crossed = `/api/v1/organizations/${other.organization.id}/join_requests/${pending.requestId}/approve`;
    expect((await post(crossed, other.manager.token)).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, pending.user.id));
    expect(row.organizationId).toBeNull();
  });

  it('lets staff approve for any company, and a declined person stays without one', async () => {
    const c = await companyWithTokens();
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const adminToken = await tokenFor(t.db, admin.id);
    const first = await pendingMember(c.organization.id);
    const second = await pendingMember(c.organization.id);
    const base = `/api/v1/organizations/${c.organization.id}/join_requests`;
    expect((await post(`${base}/${first.requestId}/approve`, adminToken)).statusCode).toBe(204);
    expect((await post(`${base}/${second.requestId}/decline`, adminToken)).statusCode).toBe(204);
    const rows = await t.db.select().from(users).where(eq(users.organizationId, c.organization.id));
    expect(rows.map((r) => r.id)).toContain(first.user.id);
    expect(rows.map((r) => r.id)).not.toContain(second.user.id);
  });
});

describe('staff and pending members follow Beehive’s edit_organizations rule', () => {
  it('lets a market manager approve, and refuses a logistics admin who may not edit organisations', async () => {
    const c = await companyWithTokens();
    const marketManager = await tokenFor(t.db, (await insertUser(t.db, { roles: ['market_manager'] })).id);
    const logistics = await tokenFor(t.db, (await insertUser(t.db, { roles: ['logistics_admin'] })).id);
    const first = await pendingMember(c.organization.id);
    const base = `/api/v1/organizations/${c.organization.id}/join_requests`;
    // Without view_organizations the company is someone else's: 404, and nothing changes.
    expect((await post(`${base}/${first.requestId}/approve`, logistics)).statusCode).toBe(404);
    const people = await get(`/api/v1/organizations/${c.organization.id}/people`, marketManager);
    expect(people.json()).toMatchObject({ canManage: true });
    expect(people.json().joinRequests).toHaveLength(1);
    expect((await post(`${base}/${first.requestId}/approve`, marketManager)).statusCode).toBe(204);
  });
});

describe('GET /api/v1/organizations/:id/people', () => {
  it('lists members with the first as manager; only the manager sees requests and invitations', async () => {
    const c = await companyWithTokens();
    await pendingMember(c.organization.id);
    const asManager = (
      await get(`/api/v1/organizations/${c.organization.id}/people`, c.manager.token)
    ).json();
    expect(asManager.canManage).toBe(true);
    expect(asManager.members.map((m: { id: number; manager: boolean }) => [m.id, m.manager])).toEqual([
      [c.manager.user.id, true],
      [c.member.user.id, false],
    ]);
    expect(asManager.joinRequests).toHaveLength(1);
    const asMember = (await get(`/api/v1/organizations/${c.organization.id}/people`, c.member.token)).json();
    expect(asMember).toMatchObject({ canManage: false, joinRequests: [], invitations: [] });
    expect(asMember.members).toHaveLength(2);
  });

  it('answers 404 to another company and 401 to a visitor', async () => {
    const c = await companyWithTokens();
    const other = await companyWithTokens();
    expect(
      (await get(`/api/v1/organizations/${c.organization.id}/people`, other.member.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/v1/organizations/${c.organization.id}/people`)).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('e-mails a link that signs the person up straight into the company', async () => {
    const c = await companyWithTokens();
    const invited = await post(`/api/v1/organizations/${c.organization.id}/invitations`, c.manager.token, {
      email: 'New.Hire@Example.com',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'new.hire@example.com', invitedBy: expect.any(String) });
    const mail = await mailTo('new.hire@example.com');
    const token = decodeURIComponent(/invitation=([^\s]+)/.exec(mail.textBody ?? '')![1]);

    const preview = await get(`/api/v1/organization_invitations/${encodeURIComponent(token)}`);
    expect(preview.json()).toEqual({
      organizationName: c.organization.name,
      email: 'new.hire@example.com',
      postalCode: '27601',
    });

    const response = await signUp({ email: 'new.hire@example.com', invitationToken: token });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      organizationId: c.organization.id,
      defaultPostalCode: '27601',
    });

    // The link works once.
    expect((await get(`/api/v1/organization_invitations/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    const reused = await signUp({ invitationToken: token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toEqual({ invitationToken: invitationInvalidMessage });
  });

  it('refuses people who already have an account, and non-managers', async () => {
    const c = await companyWithTokens();
    const url = `/api/v1/organizations/${c.organization.id}/invitations`;
    const member = await post(url, c.manager.token, { email: c.member.user.email });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(alreadyMemberMessage);
    const stranger = await insertUser(t.db);
    const elsewhere = await post(url, c.manager.token, { email: stranger.email });
    expect(elsewhere.json().message).toBe(hasAccountMessage);
    expect((await post(url, c.member.token, { email: 'x@example.com' })).statusCode).toBe(403);
    const other = await companyWithTokens();
    expect((await post(url, other.manager.token, { email: 'y@example.com' })).statusCode).toBe(404);
  });

  it('a revoked invitation no longer signs anyone up', async () => {
    const c = await companyWithTokens();
    const invited = (
      await post(`/api/v1/organizations/${c.organization.id}/invitations`, c.manager.token, {
        email: 'gone@example.com',
      })
    ).json();
    const token = decodeURIComponent(
      /invitation=([^\s]+)/.exec((await mailTo('gone@example.com')).textBody ?? '')![1],
    );
    const url = `/api/v1/organizations/${c.organization.id}/invitations/${invited.id}`;
    const other = await companyWithTokens();
    expect((await del(url, other.manager.token)).statusCode).toBe(404);
    expect((await del(url, c.manager.token)).statusCode).toBe(204);
    expect((await signUp({ invitationToken: token })).statusCode).toBe(400);
  });
});

describe('DELETE /api/v1/organizations/:id/members/:userId', () => {
  it('takes a member out of the company; the manager cannot remove themselves; others are refused', async () => {
    const c = await companyWithTokens();
    const base = `/api/v1/organizations/${c.organization.id}/members`;
    expect((await del(`${base}/${c.manager.user.id}`, c.member.token)).statusCode).toBe(403);
    const self = await del(`${base}/${c.manager.user.id}`, c.manager.token);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(cannotRemoveYourselfMessage);
    const other = await companyWithTokens();
    expect((await del(`${base}/${c.member.user.id}`, other.manager.token)).statusCode).toBe(404);
    expect((await del(`${base}/${other.member.user.id}`, c.manager.token)).statusCode).toBe(404);
    expect((await del(`${base}/${c.member.user.id}`, c.manager.token)).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, c.member.user.id));
    expect(row.organizationId).toBeNull();
  });
});

describe('GET /api/v1/organizations/:id/branches', () => {
  it('lists the company branches, primary first, to members only', async () => {
    const c = await companyWithTokens();
    await insertBranch(t.db, c.organization.id, { name: 'Zebulon Yard' });
    const primary = await insertBranch(t.db, c.organization.id, { name: 'Apex Yard', isPrimary: true });
    const response = await get(`/api/v1/organizations/${c.organization.id}/branches`, c.member.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((b: { name: string }) => b.name)).toEqual([
      'Apex Yard',
      'Zebulon Yard',
    ]);
    expect(response.json().results[0]).toMatchObject({
      id: primary.id,
      isPrimary: true,
      city: 'Charlotte',
      state: 'NC',
    });
    const other = await companyWithTokens();
    expect(
      (await get(`/api/v1/organizations/${c.organization.id}/branches`, other.member.token)).statusCode,
    ).toBe(404);
  });
});
