import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../../domain/admin/permissions';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { ensureKnownFeatures } from '../features/features.service';
import { roles } from '../users/roles.tables';
import { users } from '../users/users.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let admin: Awaited<ReturnType<typeof insertUser>>;

beforeAll(async () => {
  t = await createTestApp();
  await ensureKnownFeatures(t.db, t.app.deps.features);
  admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const asAdmin = (options: InjectOptions) => as(adminToken, options);

async function tokenWithRoles(roleNames: string[]) {
  const user = await insertUser(t.db, { roles: roleNames });
  return { user, token: await tokenFor(t.db, user.id) };
}

async function roleIdOf(name: string) {
  const [row] = await t.db.select().from(roles).where(eq(roles.name, name));
  return row.id;
}

async function featureId() {
  const listed = await asAdmin({ method: 'GET', url: '/api/internal/features' });
  return listed.json().results[0].id as number;
}

describe('the built-in roles', () => {
  it('lists every permission and the four built-in roles with what they grant', async () => {
    const listed = await asAdmin({ method: 'GET', url: '/api/internal/permissions' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((p: { name: string }) => p.name)).toEqual([...permissions]);

    const all = (await asAdmin({ method: 'GET', url: '/api/internal/roles' })).json().results;
    const byName = Object.fromEntries(all.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['admin', 'logistics_admin', 'market_manager', 'support']),
    );
    expect(byName.admin).toMatchObject({ builtIn: true, permissions: [...permissions] });
    expect(byName.support.permissions).toContain('manage_support_requests');
    expect(byName.support.permissions).not.toContain('manage_feature_flags');
  });

  it('tells the web app what the signed-in user may do', async () => {
    const { token } = await tokenWithRoles(['support']);
    const current = await as(token, { method: 'GET', url: '/api/v1/users/current' });
    expect(current.json().permissions).toContain('view_users');
    expect(current.json().permissions).not.toContain('manage_roles');
  });
});

describe('who may manage roles', () => {
  it('refuses a logistics admin every role change, and nothing changes', async () => {
    const { token } = await tokenWithRoles(['logistics_admin']);
    const target = await insertUser(t.db);
    const supportId = await roleIdOf('support');
    const tries: InjectOptions[] = [
      { method: 'GET', url: '/api/internal/permissions' },
      {
        method: 'POST',
        url: '/api/internal/roles',
        payload: { name: 'sneaky', permissions: ['manage_roles'] },
      },
      {
        method: 'PATCH',
        url: `/api/internal/roles/${supportId}`,
        payload: { permissions: ['manage_roles'] },
      },
      { method: 'DELETE', url: `/api/internal/roles/${supportId}` },
      { method: 'PUT', url: `/api/internal/users/${target.id}/roles`, payload: { roleIds: [supportId] } },
      // Changing staff roles through the user form is role management too.
      { method: 'PATCH', url: `/api/internal/users/${target.id}`, payload: { roles: ['admin'] } },
    ];
    for (const attempt of tries) {
      const answer = await as(token, attempt);
      expect(answer.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await t.db.select().from(roles).where(eq(roles.name, 'sneaky'))).toEqual([]);
    const [support] = await t.db.select().from(roles).where(eq(roles.id, supportId));
    expect(support.permissions).not.toContain('manage_roles');
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row.roles).toEqual([]);
  });

  it('refuses a support agent the feature flags, before reading the body', async () => {
    const { token } = await tokenWithRoles(['support']);
    const id = await featureId();
    const patch = await as(token, {
      method: 'PATCH',
      url: `/api/internal/features/${id}`,
      payload: { enabledGlobally: true },
    });
    expect(patch.statusCode).toBe(403);
    const bad = await as(token, {
      method: 'PATCH',
      url: `/api/internal/features/${id}`,
      payload: { enabledGlobally: 'x' },
    });
    expect(bad.statusCode).toBe(403);
    const list = await as(token, { method: 'GET', url: '/api/internal/features' });
    expect(list.statusCode).toBe(403);
    const feature = (await asAdmin({ method: 'GET', url: '/api/internal/features' })).json().results[0];
    expect(feature.enabledGlobally).toBe(false);
    // What support may do, it does.
    expect((await as(token, { method: 'GET', url: '/api/internal/users' })).statusCode).toBe(200);
    expect((await as(token, { method: 'GET', url: '/api/internal/outbox' })).statusCode).toBe(200);
  });

  it('refuses an admin acting as a support agent', async () => {
    const { user } = await tokenWithRoles(['support']);
    const acting = await asAdmin({ method: 'POST', url: `/api/internal/users/${user.id}/impersonation` });
    const token = acting.json().token;
    expect((await as(token, { method: 'GET', url: '/api/internal/users' })).statusCode).toBe(403);
  });
});

describe('a custom role with a subset of permissions', () => {
  it('lets its holder do exactly what it grants, and follows edits of the role at once', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/internal/roles',
      payload: {
        name: 'org_editor',
        description: 'Fixes company names',
        permissions: ['view_organizations', 'edit_organizations'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'org_editor', builtIn: false, userCount: 0 });
    const roleId = created.json().id;

    const holder = await insertUser(t.db);
    const assigned = await asAdmin({
      method: 'PUT',
      url: `/api/internal/users/${holder.id}/roles`,
      payload: { roleIds: [roleId] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().roles).toEqual(['org_editor']);
    const token = await tokenFor(t.db, holder.id);
    const company = await insertOrganization(t.db, { name: 'Subset Nursery' });

    expect((await as(token, { method: 'GET', url: '/api/internal/organizations' })).statusCode).toBe(200);
    const renamed = await as(token, {
      method: 'PATCH',
      url: `/api/internal/organizations/${company.id}`,
      payload: { name: 'Subset Nurseries' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Subset Nurseries');

    for (const attempt of [
      { method: 'GET', url: '/api/internal/users' },
      { method: 'GET', url: '/api/internal/outbox' },
      { method: 'GET', url: '/api/internal/orders' },
      { method: 'GET', url: '/api/internal/features' },
      { method: 'GET', url: '/api/internal/permissions' },
      { method: 'POST', url: `/api/internal/users/${holder.id}/impersonation` },
    ] as InjectOptions[]) {
      expect((await as(token, attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }

    // Taking edit_organizations away refuses the next edit.
    const narrowed = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/roles/${roleId}`,
      payload: { permissions: ['view_organizations'] },
    });
    expect(narrowed.json()).toMatchObject({ permissions: ['view_organizations'], userCount: 1 });
    const refused = await as(token, {
      method: 'PATCH',
      url: `/api/internal/organizations/${company.id}`,
      payload: { name: 'Again' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('renames the role in its holders’ lists and removes it from them when deleted', async () => {
    const created = (
      await asAdmin({
        method: 'POST',
        url: '/api/internal/roles',
        payload: { name: 'temp_helper', permissions: ['view_users'] },
      })
    ).json();
    const holder = await insertUser(t.db, { roles: ['temp_helper'] });
    const renamed = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/roles/${created.id}`,
      payload: { name: 'night_helper' },
    });
    expect(renamed.statusCode).toBe(200);
    let [row] = await t.db.select().from(users).where(eq(users.id, holder.id));
    expect(row.roles).toEqual(['night_helper']);
    const deleted = await asAdmin({ method: 'DELETE', url: `/api/internal/roles/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    [row] = await t.db.select().from(users).where(eq(users.id, holder.id));
    expect(row.roles).toEqual([]);
  });
});

describe('role rules', () => {
  it('refuses a taken name, an unknown permission and a bad name with field messages', async () => {
    const taken = await asAdmin({
      method: 'POST',
      url: '/api/internal/roles',
      payload: { name: 'support', permissions: [] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: 'A role with this name already exists.' });
    const bad = await asAdmin({
      method: 'POST',
      url: '/api/internal/roles',
      payload: { name: 'Bad Name', permissions: ['fly'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['name', 'permissions.0']);
  });

  it('keeps built-in roles: no rename, no delete, admin keeps every permission', async () => {
    const supportId = await roleIdOf('support');
    const adminId = await roleIdOf('admin');
    expect(
      (
        await asAdmin({
          method: 'PATCH',
          url: `/api/internal/roles/${supportId}`,
          payload: { name: 'helpdesk' },
        })
      ).statusCode,
    ).toBe(422);
    expect((await asAdmin({ method: 'DELETE', url: `/api/internal/roles/${supportId}` })).statusCode).toBe(
      422,
    );
    expect(
      (
        await asAdmin({
          method: 'PATCH',
          url: `/api/internal/roles/${adminId}`,
          payload: { permissions: [] },
        })
      ).statusCode,
    ).toBe(422);
    // A built-in role's permissions may change (other than admin's).
    const changed = await asAdmin({
      method: 'PATCH',
      url: `/api/internal/roles/${supportId}`,
      payload: { description: 'Helpdesk' },
    });
    expect(changed.json().description).toBe('Helpdesk');
  });

  it('refuses unknown role ids and an admin dropping their own admin role', async () => {
    const target = await insertUser(t.db);
    const unknown = await asAdmin({
      method: 'PUT',
      url: `/api/internal/users/${target.id}/roles`,
      payload: { roleIds: [999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ roleIds: 'Choose roles from the list' });
    const self = await asAdmin({
      method: 'PUT',
      url: `/api/internal/users/${admin.id}/roles`,
      payload: { roleIds: [await roleIdOf('support')] },
    });
    expect(self.statusCode).toBe(422);
    const missing = await asAdmin({
      method: 'PUT',
      url: '/api/internal/users/999999/roles',
      payload: { roleIds: [] },
    });
    expect(missing.statusCode).toBe(404);
  });
});
