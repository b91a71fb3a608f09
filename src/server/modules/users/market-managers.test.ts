import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notAMarketManagerMessage } from '../../../domain/admin/market-managers';
import { supportContact } from '../../../domain/brand';
import { signedInBuyer } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const asAdmin = (options: InjectOptions) => as(adminToken, options);

describe('market managers', () => {
  it('an organisation’s members see the market manager staff assigned to it, others the default', async () => {
    await insertUser(t.db, {
      isMarketManager: true,
      firstName: 'Default',
      lastName: 'Person',
      status: 'approved',
    });
    const manager = await insertUser(t.db, {
      roles: ['market_manager'],
      status: 'approved',
      firstName: 'Mara',
      lastName: 'Quist',
      email: 'mara.quist@example.com',
      phone: '(704) 555-0199',
    });
    const buyer = await signedInBuyer(t.db);
    const other = await signedInBuyer(t.db);
    const organizationId = buyer.organization?.id as number;

    const options = await asAdmin({ method: 'GET', url: '/api/internal/market_managers' });
    expect(options.json().results.map((m: { id: number }) => m.id)).toContain(manager.id);

    const assigned = await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organizationId}/market_manager`,
      payload: { userId: manager.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().marketManager).toMatchObject({ id: manager.id, fullName: 'Mara Quist' });

    const card = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/market_manager',
      headers: buyer.headers,
    });
    expect(card.json()).toEqual({
      manager: {
        firstName: 'Mara',
        lastName: 'Quist',
        email: 'mara.quist@example.com',
        phone: '(704) 555-0199',
        userImage: null,
        defaultMarketManager: false,
      },
      contact: { email: 'mara.quist@example.com', phone: '(704) 555-0199', usesSupportContact: false },
    });
    const otherCard = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/market_manager',
      headers: other.headers,
    });
    expect(otherCard.json().manager.defaultMarketManager).toBe(true);
    expect(otherCard.json().contact.email).toBe(supportContact.email);

    // Cleared, the default shows again.
    await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organizationId}/market_manager`,
      payload: { userId: null },
    });
    const cleared = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/market_manager',
      headers: buyer.headers,
    });
    expect(cleared.json().manager.defaultMarketManager).toBe(true);
  });

  it('refuses someone who is not a market manager, and an unknown organisation', async () => {
    const organization = await insertOrganization(t.db);
    const buyer = await insertUser(t.db, { status: 'approved' });
    const refused = await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organization.id}/market_manager`,
      payload: { userId: buyer.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.userId).toBe(notAMarketManagerMessage);
    const missing = await asAdmin({
      method: 'PUT',
      url: '/api/internal/organizations/999999/market_manager',
      payload: { userId: null },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets staff who may edit organisations assign, and no one else', async () => {
    const organization = await insertOrganization(t.db);
    const manager = await insertUser(t.db, { roles: ['market_manager'], status: 'approved' });
    const support = await insertUser(t.db, { roles: ['support'] });
    const supportToken = await tokenFor(t.db, support.id);
    const put = (token: string) =>
      as(token, {
        method: 'PUT',
        url: `/api/internal/organizations/${organization.id}/market_manager`,
        payload: { userId: manager.id },
      });
    expect((await put(supportToken)).statusCode).toBe(403);
    // The market_manager role may edit organisations: a manager can take an organisation on.
    const managerToken = await tokenFor(t.db, manager.id);
    expect((await put(managerToken)).statusCode).toBe(200);
    const read = await as(supportToken, {
      method: 'GET',
      url: `/api/internal/organizations/${organization.id}/market_manager`,
    });
    expect(read.json().marketManager.id).toBe(manager.id);
  });
});
