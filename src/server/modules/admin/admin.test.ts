import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  insertBranch,
  insertOrganization,
  insertUser,
  testPassword,
  tokenFor,
} from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { auditEvents } from '../audit/audit.tables';
import { ensureKnownFeatures } from '../features/features.service';
import { sendEmail } from '../notifications/notifications.service';
import { users } from '../users/users.tables';
import { cannotImpersonateSelfMessage } from './admin.routes';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof insertUser>>;
let adminToken: string;
let featureId: number;

beforeAll(async () => {
  t = await createTestApp();
  await ensureKnownFeatures(t.db, t.app.deps.features);
  admin = await insertUser(t.db, { roles: ['admin'], firstName: 'Ada', lastName: 'Admin' });
  adminToken = await tokenFor(t.db, admin.id);
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/internal/features',
    headers: bearer(adminToken),
  });
  featureId = listed.json().results.find((f: { name: string }) => f.name === 'SITE_ADS').id;
});
afterAll(() => t?.close());

function asAdmin(options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...options.headers, ...bearer(adminToken) } });
}

async function impersonate(userId: number, token = adminToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/internal/users/${userId}/impersonation`,
    headers: bearer(token),
  });
}

describe('access to /api/internal', () => {
  let target: Awaited<ReturnType<typeof insertUser>>;
  let organizationId: number;
  beforeAll(async () => {
    organizationId = (await insertOrganization(t.db, { name: 'Gatekept Co' })).id;
    target = await insertUser(t.db, { organizationId });
  });

  // Each route with a valid request, so only the caller decides the answer.
  const routes = (): InjectOptions[] => [
    { method: 'GET', url: '/api/internal/users' },
    { method: 'GET', url: `/api/internal/users/${target.id}` },
    { method: 'PATCH', url: `/api/internal/users/${target.id}`, payload: { status: 'no_site_use' } },
    { method: 'POST', url: `/api/internal/users/${target.id}/impersonation` },
    { method: 'GET', url: '/api/internal/organizations' },
    { method: 'GET', url: `/api/internal/organizations/${organizationId}` },
    {
      method: 'PATCH',
      url: `/api/internal/organizations/${organizationId}`,
      payload: { name: 'Taken Over' },
    },
    { method: 'GET', url: '/api/internal/features' },
    { method: 'PATCH', url: `/api/internal/features/${featureId}`, payload: { enabledGlobally: true } },
    {
      method: 'POST',
      url: `/api/internal/features/${featureId}/enablements`,
      payload: { userId: target.id, enabled: true },
    },
    { method: 'GET', url: '/api/internal/outbox' },
  ];
  const routeCount = 11;

  async function expectEveryRoute(headers: Record<string, string>, status: number) {
    const all = routes();
    expect(all).toHaveLength(routeCount);
    for (const route of all) {
      const response = await t.app.inject({ ...route, headers });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(status);
    }
  }

  async function expectNothingChanged() {
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row.status).toBe('approved');
    const company = await asAdmin({ method: 'GET', url: `/api/internal/organizations/${organizationId}` });
    expect(company.json().name).toBe('Gatekept Co');
    const features = await asAdmin({ method: 'GET', url: '/api/internal/features' });
    const feature = features.json().results.find((f: { id: number }) => f.id === featureId);
    expect(feature).toMatchObject({ enabledGlobally: false, enablements: [] });
  }

  it('answers 401 on every route to a visitor', async () => {
    await expectEveryRoute({}, 401);
    await expectNothingChanged();
  });

  it('answers 403 on every route to a buyer', async () => {
    const buyer = await insertUser(t.db);
    await expectEveryRoute(bearer(await tokenFor(t.db, buyer.id)), 403);
    await expectNothingChanged();
  });

  it('answers 403 on every route to a logistics admin', async () => {
    const logistics = await insertUser(t.db, { roles: ['logistics_admin'] });
    await expectEveryRoute(bearer(await tokenFor(t.db, logistics.id)), 403);
    await expectNothingChanged();
  });

  it('answers 403 on every route to an admin’s session impersonating a buyer', async () => {
    const buyer = await insertUser(t.db);
    const { token } = (await impersonate(buyer.id)).json();
    await expectEveryRoute(bearer(token), 403);
    await expectNothingChanged();
  });

  it('answers 403 on every route to an admin’s session impersonating another admin', async () => {
    const otherAdmin = await insertUser(t.db, { roles: ['admin'] });
    const { token } = (await impersonate(otherAdmin.id)).json();
    await expectEveryRoute(bearer(token), 403);
    await expectNothingChanged();
  });
});

describe('GET /api/internal/users', () => {
  it('pages through the users matching a query with the list envelope', async () => {
    for (const firstName of ['Quill', 'Quince', 'Quinn']) {
      await insertUser(t.db, { firstName, lastName: 'Zanzibarian' });
    }
    const first = await asAdmin({ method: 'GET', url: '/api/internal/users?query=zanzibarian&perPage=2' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ totalCount: 3, currentPage: 1, totalPages: 2 });
    expect(first.json().results.map((u: { firstName: string }) => u.firstName)).toEqual(['Quill', 'Quince']);
    expect(first.json().results[0]).not.toHaveProperty('passwordHash');

    const second = await asAdmin({
      method: 'GET',
      url: '/api/internal/users?query=zanzibarian&perPage=2&page=2',
    });
    expect(second.json()).toMatchObject({ totalCount: 3, currentPage: 2, totalPages: 2 });
    expect(second.json().results.map((u: { firstName: string }) => u.firstName)).toEqual(['Quinn']);
  });

  it('finds users by e-mail, by full name and by organisation name', async () => {
    const organization = await insertOrganization(t.db, { name: 'Xylophone Nurseries' });
    const byEmail = await insertUser(t.db, { email: 'marigold.lookup@example.com' });
    const byName = await insertUser(t.db, { firstName: 'Peregrine', lastName: 'Thistlewood' });
    const byOrganization = await insertUser(t.db, { organizationId: organization.id });

    const ids = async (query: string) =>
      (await asAdmin({ method: 'GET', url: `/api/internal/users?query=${encodeURIComponent(query)}` }))
        .json()
        .results.map((u: { id: number }) => u.id);
    expect(await ids('MARIGOLD.lookup')).toEqual([byEmail.id]);
    expect(await ids('peregrine thistle')).toEqual([byName.id]);
    expect(await ids('xylophone')).toEqual([byOrganization.id]);
  });

  it('treats % and _ in a query as plain characters', async () => {
    await insertUser(t.db, { firstName: 'Percent', lastName: 'Holder' });
    const response = await asAdmin({ method: 'GET', url: '/api/internal/users?query=%25' });
    expect(response.json().totalCount).toBe(0);
  });

  it('filters users by access status', async () => {
    const suspended = await insertUser(t.db, { lastName: 'Statusfilter', status: 'no_site_use' });
    await insertUser(t.db, { lastName: 'Statusfilter', status: 'approved' });
    const response = await asAdmin({
      method: 'GET',
      url: '/api/internal/users?query=statusfilter&status=no_site_use',
    });
    expect(response.json()).toMatchObject({
      totalCount: 1,
      results: [{ id: suspended.id, status: 'no_site_use' }],
    });
  });

  it('refuses an unknown status and a page size over 100 with 400', async () => {
    const badStatus = await asAdmin({ method: 'GET', url: '/api/internal/users?status=superuser' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields).toHaveProperty('status');
    const badPage = await asAdmin({ method: 'GET', url: '/api/internal/users?perPage=101' });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().fields).toEqual({ perPage: 'perPage must be 100 or less' });
  });
});

describe('GET and PATCH /api/internal/users/:id', () => {
  it('changes a user’s status and records who changed what in the user’s events', async () => {
    const user = await insertUser(t.db);
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/users/${user.id}`,
      payload: { status: 'no_site_use' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, status: 'no_site_use' });

    const detail = await asAdmin({ method: 'GET', url: `/api/internal/users/${user.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: user.id, status: 'no_site_use', supplier: false });
    expect(detail.json().events[0]).toMatchObject({
      action: 'admin_updated',
      actorUserId: admin.id,
      subjectType: 'user',
      subjectId: user.id,
      data: { status: { from: 'approved', to: 'no_site_use' } },
    });
  });

  it('a user set to login_prohibited loses API access at once and cannot sign in', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    await asAdmin({
      method: 'PATCH',
      url: `/api/internal/users/${user.id}`,
      payload: { status: 'login_prohibited' },
    });

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(token),
    });
    expect(current.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      payload: { email: user.email, password: testPassword },
    });
    expect(signIn.statusCode).toBe(403);
  });

  it('keeps the organisation name in the answer after a change', async () => {
    const organization = await insertOrganization(t.db, { name: 'Named In Answer' });
    const user = await insertUser(t.db, { organizationId: organization.id });
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/users/${user.id}`,
      payload: { activated: true },
    });
    expect(response.json()).toMatchObject({ activated: true, organizationName: 'Named In Answer' });
  });

  it('refuses an unknown status or role with 400 and leaves the user as they were', async () => {
    const user = await insertUser(t.db);
    const badStatus = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/users/${user.id}`,
      payload: { status: 'root' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().fields).toHaveProperty('status');
    const badRole = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/users/${user.id}`,
      payload: { roles: ['owner'] },
    });
    expect(badRole.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'approved', roles: [] });
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await asAdmin({ method: 'GET', url: '/api/internal/users/99999999' })).statusCode).toBe(404);
    const patch = await asAdmin({
      method: 'PATCH',
      url: '/api/internal/users/99999999',
      payload: { activated: true },
    });
    expect(patch.statusCode).toBe(404);
    expect((await impersonate(99_999_999)).statusCode).toBe(404);
  });
});

describe('POST /api/internal/users/:id/impersonation', () => {
  it('answers a session as the user, naming the admin as impersonator, and records it', async () => {
    const buyer = await insertUser(t.db, { firstName: 'Bea' });
    const response = await impersonate(buyer.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      id: buyer.id,
      impersonator: { id: admin.id, fullName: 'Ada Admin' },
    });

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(response.json().token),
    });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: buyer.id,
      firstName: 'Bea',
      impersonator: { id: admin.id, fullName: 'Ada Admin' },
    });

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, buyer.id)));
    expect(events).toEqual([
      expect.objectContaining({ action: 'impersonation_started', actorUserId: admin.id }),
    ]);
  });

  it('keeps the admin’s own session working beside the impersonated one', async () => {
    const buyer = await insertUser(t.db);
    expect((await impersonate(buyer.id)).statusCode).toBe(201);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(adminToken),
    });
    expect(own.json()).toMatchObject({ id: admin.id, impersonator: null });
  });

  it('refuses to impersonate oneself with 422', async () => {
    const response = await impersonate(admin.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: cannotImpersonateSelfMessage, code: 'unprocessable' });
  });

  it('records what is done while impersonating under both the user and the admin', async () => {
    const buyer = await insertUser(t.db);
    const { token } = (await impersonate(buyer.id)).json();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/current',
      headers: bearer(token),
      payload: { phone: '555-000-1111' },
    });
    expect(response.statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, buyer.id), eq(auditEvents.action, 'profile_updated')));
    expect(event).toMatchObject({ actorUserId: buyer.id, impersonatorUserId: admin.id });
  });
});

describe('organisations', () => {
  it('lists organisations matching a query with their branch and user counts', async () => {
    const organization = await insertOrganization(t.db, { name: 'Wisteria Wholesale', isBuyer: false });
    await insertBranch(t.db, organization.id);
    await insertBranch(t.db, organization.id);
    await insertUser(t.db, { organizationId: organization.id });
    await insertOrganization(t.db, { name: 'Wisteria Lane Buyers' });

    const response = await asAdmin({
      method: 'GET',
      url: '/api/internal/organizations?query=wisteria&perPage=1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalCount: 2,
      currentPage: 1,
      totalPages: 2,
      results: [{ name: 'Wisteria Lane Buyers', branchCount: 0, userCount: 0 }],
    });
    const second = await asAdmin({
      method: 'GET',
      url: '/api/internal/organizations?query=wisteria&perPage=1&page=2',
    });
    expect(second.json().results).toEqual([
      expect.objectContaining({ id: organization.id, isBuyer: false, branchCount: 2, userCount: 1 }),
    ]);
  });

  it('shows an organisation with its branches and users', async () => {
    const organization = await insertOrganization(t.db, { name: 'Detail Growers' });
    const branch = await insertBranch(t.db, organization.id, { isPrimary: true });
    const member = await insertUser(t.db, { organizationId: organization.id });
    const response = await asAdmin({ method: 'GET', url: `/api/internal/organizations/${organization.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: organization.id,
      name: 'Detail Growers',
      branches: [{ id: branch.id, isPrimary: true }],
      users: [{ id: member.id, organizationName: 'Detail Growers' }],
    });
    expect(response.json().users[0]).not.toHaveProperty('passwordHash');
  });

  it('renames an organisation and records the change', async () => {
    const organization = await insertOrganization(t.db, { name: 'Old Name Farms' });
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/organizations/${organization.id}`,
      payload: { name: ' New Name Farms ', isBuyer: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New Name Farms', isBuyer: false });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'organization'), eq(auditEvents.subjectId, organization.id)));
    expect(events).toEqual([
      expect.objectContaining({
        action: 'admin_updated',
        actorUserId: admin.id,
        data: { name: 'New Name Farms', isBuyer: false },
      }),
    ]);
  });

  it('refuses a blank name with 400 and answers 404 for an organisation that does not exist', async () => {
    const organization = await insertOrganization(t.db, { name: 'Keeps Its Name' });
    const blank = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/organizations/${organization.id}`,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('name');
    expect((await asAdmin({ method: 'GET', url: '/api/internal/organizations/99999999' })).statusCode).toBe(
      404,
    );
    const patch = await asAdmin({
      method: 'PATCH',
      url: '/api/internal/organizations/99999999',
      payload: { isBuyer: true },
    });
    expect(patch.statusCode).toBe(404);
  });
});

describe('features', () => {
  async function featureNamed(name: string) {
    const response = await asAdmin({ method: 'GET', url: '/api/internal/features' });
    return response.json().results.find((f: { name: string }) => f.name === name);
  }

  it('lists every known feature, off and active by default', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/internal/features' });
    expect(response.statusCode).toBe(200);
    const names = response.json().results.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['checkout', 'dashboardAccess', 'QUICK_ORDER', 'SITE_ADS']));
    expect(await featureNamed('LAND_ONE')).toMatchObject({
      active: true,
      enabledGlobally: false,
      enablements: [],
    });
  });

  it('updates a feature and records the change', async () => {
    const feature = await featureNamed('RESOURCES_LINK');
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/features/${feature.id}`,
      payload: { description: 'Resources menu link', active: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: feature.id,
      description: 'Resources menu link',
      active: false,
    });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'feature'), eq(auditEvents.subjectId, feature.id)));
    expect(event).toMatchObject({ action: 'updated', actorUserId: admin.id });
  });

  it('answers 404 for a feature that does not exist', async () => {
    const patch = await asAdmin({
      method: 'PATCH',
      url: '/api/internal/features/99999999',
      payload: { active: true },
    });
    expect(patch.statusCode).toBe(404);
    const enablement = await asAdmin({
      method: 'POST',
      url: '/api/internal/features/99999999/enablements',
      payload: { flag: 'buyers', enabled: true },
    });
    expect(enablement.statusCode).toBe(404);
  });

  it('enables a feature for a user, an organisation and a flag, named as a person reads them, and disables it again', async () => {
    const feature = await featureNamed('IMAGE_CONVERTER');
    const organization = await insertOrganization(t.db, { name: 'Fernbrook Gardens' });
    const user = await insertUser(t.db, { firstName: 'Ines', lastName: 'Okafor' });
    const url = `/api/internal/features/${feature.id}/enablements`;
    for (const target of [{ userId: user.id }, { organizationId: organization.id }, { flag: 'activated' }]) {
      const response = await asAdmin({ method: 'POST', url, payload: { ...target, enabled: true } });
      expect(response.statusCode).toBe(200);
    }
    // Enabling twice keeps one enablement.
    await asAdmin({ method: 'POST', url, payload: { userId: user.id, enabled: true } });
    expect((await featureNamed('IMAGE_CONVERTER')).enablements).toEqual([
      expect.objectContaining({
        userId: user.id,
        organizationId: null,
        flag: null,
        targetName: 'Ines Okafor',
      }),
      expect.objectContaining({
        organizationId: organization.id,
        userId: null,
        flag: null,
        targetName: 'Fernbrook Gardens',
      }),
      expect.objectContaining({
        flag: 'activated',
        userId: null,
        organizationId: null,
        targetName: 'Activated users',
      }),
    ]);

    const off = await asAdmin({ method: 'POST', url, payload: { userId: user.id, enabled: false } });
    expect(off.json().enablements).toHaveLength(2);
    expect(off.json().enablements.some((e: { userId: number | null }) => e.userId === user.id)).toBe(false);
  });

  it('answers 404 when enabling a feature for a user or organisation that does not exist', async () => {
    const feature = await featureNamed('CAN_REMOVE_FROM_ORDER');
    const url = `/api/internal/features/${feature.id}/enablements`;
    const unknownUser = await asAdmin({
      method: 'POST',
      url,
      payload: { userId: 99_999_999, enabled: true },
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().message).toBe('User not found');
    const unknownOrganization = await asAdmin({
      method: 'POST',
      url,
      payload: { organizationId: 99_999_999, enabled: true },
    });
    expect(unknownOrganization.statusCode).toBe(404);
    expect((await featureNamed('CAN_REMOVE_FROM_ORDER')).enablements).toEqual([]);
  });

  it('asks for exactly one target and a known flag', async () => {
    const feature = await featureNamed('CAN_REMOVE_FROM_ORDER');
    const url = `/api/internal/features/${feature.id}/enablements`;
    const user = await insertUser(t.db);
    for (const payload of [{ enabled: true }, { userId: user.id, flag: 'buyers', enabled: true }]) {
      const response = await asAdmin({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        organizationId: 'Choose exactly one of organisation, user or flag',
      });
    }
    const badFlag = await asAdmin({ method: 'POST', url, payload: { flag: 'everyone', enabled: true } });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().fields).toHaveProperty('flag');
  });
});

describe('GET /api/internal/outbox', () => {
  it('lists the e-mails newest first with the list envelope', async () => {
    for (const subject of ['Older mail', 'Middle mail', 'Newest mail']) {
      await sendEmail(t.db, t.app.deps.mail, {
        to: 'someone@example.com',
        subject,
        text: 'Hello',
      });
    }
    const response = await asAdmin({ method: 'GET', url: '/api/internal/outbox?perPage=2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.results.map((mail: { subject: string }) => mail.subject)).toEqual([
      'Newest mail',
      'Middle mail',
    ]);
    expect(body.results[0]).toMatchObject({
      toAddress: 'someone@example.com',
      status: 'outbox',
      attempts: 0,
    });
    expect(body).toMatchObject({ currentPage: 1, totalCount: expect.any(Number) });
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 2));
  });
});

describe('an admin and their own access', () => {
  it('cannot remove their own admin role or change their own status', async () => {
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const headers = bearer(await tokenFor(t.db, admin.id));
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/internal/users/${admin.id}`, headers, payload });
    expect((await patch({ roles: [] })).statusCode).toBe(422);
    expect((await patch({ status: 'login_prohibited' })).statusCode).toBe(422);
    expect((await patch({ isMarketManager: true })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ roles: ['admin'], status: 'approved', isMarketManager: true });
  });

  it('answers a non-admin 403 before looking at a malformed body', async () => {
    const buyer = await insertUser(t.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/internal/users/${buyer.id}`,
      headers: bearer(await tokenFor(t.db, buyer.id)),
      payload: { status: 'not-a-status' },
    });
    expect(response.statusCode).toBe(403);
  });
});
