import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postalCodeNotFoundMessage } from '../../../domain/admin/branch-admin';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { addresses, branches } from './organizations.tables';

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

const input = (postalCode: string) => ({
  name: 'Asheville Yard',
  address: {
    name: 'Asheville Yard',
    street1: '12 Depot St',
    city: 'Asheville',
    state: 'NC',
    postalCode,
    phone: '(828) 555-0123',
  },
  hidden: true,
  sellsOnline: false,
  honorsPurchaseDiscount: false,
});

describe('Beehive branch edit', () => {
  it('looks up a postal code’s city and state', async () => {
    const found = await asAdmin({ method: 'GET', url: '/api/internal/addresses/lookup?postalCode=28801' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      postalCode: '28801',
      city: 'Asheville',
      state: 'NC',
      country: 'USA',
    });
    const unknown = await asAdmin({ method: 'GET', url: '/api/internal/addresses/lookup?postalCode=00000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(postalCodeNotFoundMessage);
  });

  it('saves the address, switches and refreshed coordinates of a branch', async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    const branch = await insertBranch(t.db, organization.id, { latitude: 0, longitude: 0 });
    const saved = await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organization.id}/branches/${branch.id}`,
      payload: input('28801'),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Asheville Yard',
      hidden: true,
      sellsOnline: false,
      honorsPurchaseDiscount: false,
      address: { city: 'Asheville', postalCode: '28801', street1: '12 Depot St' },
    });
    expect(saved.json().latitude).toBeCloseTo(35.59, 1);
    expect(saved.json().longitude).toBeCloseTo(-82.55, 1);
    const [row] = await t.db.select().from(branches).where(eq(branches.id, branch.id));
    expect(row).toMatchObject({ hidden: true, postalCode: '28801', displayAddress: 'Asheville, NC' });
    const [address] = await t.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, row.addressId as number));
    expect(address.street1).toBe('12 Depot St');
  });

  it('refuses an unknown postal code on its field and a branch of another organisation', async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    const other = await insertOrganization(t.db, { isBuyer: false });
    const branch = await insertBranch(t.db, organization.id);
    const unknown = await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organization.id}/branches/${branch.id}`,
      payload: input('00000'),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields['address.postalCode']).toBe(postalCodeNotFoundMessage);
    const elsewhere = await asAdmin({
      method: 'GET',
      url: `/api/internal/organizations/${other.id}/branches/${branch.id}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const blank = await asAdmin({
      method: 'PUT',
      url: `/api/internal/organizations/${organization.id}/branches/${branch.id}`,
      payload: { ...input('28801'), name: ' ', address: { ...input('28801').address, city: '' } },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({
      name: 'Enter the branch name',
      'address.city': 'City is required',
    });
  });

  it('lets only staff who may edit organisations save a branch', async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    const branch = await insertBranch(t.db, organization.id);
    const support = await insertUser(t.db, { roles: ['support'] });
    const token = await tokenFor(t.db, support.id);
    const read = await as(token, {
      method: 'GET',
      url: `/api/internal/organizations/${organization.id}/branches/${branch.id}`,
    });
    expect(read.statusCode).toBe(200);
    const write = await as(token, {
      method: 'PUT',
      url: `/api/internal/organizations/${organization.id}/branches/${branch.id}`,
      payload: input('28801'),
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('Beehive branch rules', () => {
  it('lets staff who may edit organisations keep any branch’s order requirements and notices, and no one else', async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    const branch = await insertBranch(t.db, organization.id);
    const manager = await tokenFor(t.db, (await insertUser(t.db, { roles: ['market_manager'] })).id);
    const support = await tokenFor(t.db, (await insertUser(t.db, { roles: ['support'] })).id);
    const requirements = {
      minimumOrderCents: 50_000,
      minimumLeadDays: 2,
      deliveryDays: ['Monday', 'Thursday'],
      pickupHours: 'Mon–Fri 7am–3pm',
    };
    const url = `/api/v1/branches/${branch.id}/order_requirements`;
    const saved = await as(manager, { method: 'POST', url, payload: requirements });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ minimumOrderCents: 50_000, deliveryDays: ['Monday', 'Thursday'] });
    // Support staff hold no edit_organizations: the branch is not theirs, so it is not found.
    expect((await as(support, { method: 'POST', url, payload: requirements })).statusCode).toBe(404);

    const notices = `/api/v1/branches/${branch.id}/supplier_notices`;
    const added = await as(manager, {
      method: 'POST',
      url: notices,
      payload: { body: 'Closed Thanksgiving Day.', startsOn: null, endsOn: null },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await as(support, { method: 'GET', url: notices })).statusCode).toBe(404);
    const removed = await as(manager, {
      method: 'DELETE',
      url: `/api/v1/supplier_notices/${added.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await as(manager, { method: 'GET', url: notices })).json()).toEqual([]);
  });
});
