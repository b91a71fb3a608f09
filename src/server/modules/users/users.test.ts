import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/users/current', () => {
  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/current' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized', message: 'Please sign in to continue.' });
  });

  it('answers 401 for an unknown token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer('nope'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('describes a supplier with its branches, primary branch and organisation', async () => {
    const organization = await insertOrganization(t.db, { name: 'Blue Ridge', isBuyer: false });
    const primary = await insertBranch(t.db, organization.id, { isPrimary: true, slug: 'br-main' });
    await insertBranch(t.db, organization.id);
    const user = await insertUser(t.db, {
      organizationId: organization.id,
      firstName: 'Ruth',
      lastName: 'Calloway',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(await tokenFor(t.db, user.id)),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: user.id,
      fullName: 'Ruth Calloway',
      supplier: true,
      organizationId: organization.id,
      organizationName: 'Blue Ridge',
      organizationIsBuyer: false,
      primaryBranchId: primary.id,
      primaryBranchSlug: 'br-main',
      roles: [],
      impersonator: null,
    });
    expect(body.organizationBranches).toHaveLength(2);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('describes a buyer without an organisation as not a supplier', async () => {
    const user = await insertUser(t.db, { roles: ['admin'] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(await tokenFor(t.db, user.id)),
    });
    expect(response.json()).toMatchObject({
      supplier: false,
      organizationId: null,
      roles: [{ name: 'admin' }],
    });
  });
});
