import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companySizeRequiredMessage,
  companyTypeRequiredMessage,
  emailInvalidMessage,
  phoneRequiredMessage,
  postalCodeInvalidMessage,
  postalCodeRequiredMessage,
  projectTypesRequiredMessage,
} from '../../../domain/accounts/messages';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { users } from '../users/users.tables';
import { alreadyInCompanyMessage } from './organizations.service';
import { addresses, organizations } from './organizations.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const validProfile = {
  name: 'Green Acres Landscaping',
  website: 'https://greenacres.example',
  invoiceEmail: 'ap@greenacres.example',
  email: 'hello@greenacres.example',
  companyType: 'Landscape Contractor',
  companySize: '6-20',
  projectTypes: ['Residential Construction', 'Solar farms'],
  address: {
    street1: '12 Elm Street',
    city: 'Springfield',
    state: 'IL',
    postalCode: '627011234',
    phone: '555-123-4567',
  },
};

type Profile = typeof validProfile;

/** A signed-in user without a company, and their token. */
async function newcomer() {
  const user = await insertUser(t.db);
  return { user, token: await tokenFor(t.db, user.id) };
}

function createCompany(token: string, payload: object = validProfile) {
  return t.app.inject({ method: 'POST', url: '/api/v1/organizations', headers: bearer(token), payload });
}

/** A member of a company made through the API. */
async function member(profile: Partial<Profile> = {}) {
  const { user, token } = await newcomer();
  const response = await createCompany(token, { ...validProfile, ...profile });
  expect(response.statusCode).toBe(201);
  return { user, token, company: response.json() };
}

describe('POST /api/v1/organizations', () => {
  it('creates the caller’s company, makes them a member and names the address after the company', async () => {
    const { user, token } = await newcomer();
    const response = await createCompany(token, { ...validProfile, name: '  Birch & Fern Ltd ' });
    expect(response.statusCode).toBe(201);
    const company = response.json();
    expect(company).toMatchObject({
      id: expect.any(Number),
      name: 'Birch & Fern Ltd',
      slug: 'birch-and-fern-ltd',
      invoiceEmail: 'ap@greenacres.example',
      companyType: 'Landscape Contractor',
      projectTypes: ['Residential Construction', 'Solar farms'],
      taxId: null,
      address: {
        name: 'Birch & Fern Ltd',
        street1: '12 Elm Street',
        postalCode: '62701-1234',
        country: 'USA',
        street2: null,
      },
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.organizationId).toBe(company.id);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(token),
    });
    expect(current.json()).toMatchObject({
      organizationId: company.id,
      organizationName: 'Birch & Fern Ltd',
    });
  });

  it('names the address after the company even when the form sends another name', async () => {
    const { company } = await member({
      name: 'Laurel Yard',
      address: { ...validProfile.address, name: 'Back office' } as Profile['address'],
    });
    expect(company.address.name).toBe('Laurel Yard');
  });

  it('gives two companies of the same name different slugs', async () => {
    const first = await member({ name: 'Twin Oaks' });
    const second = await member({ name: 'Twin Oaks' });
    expect(first.company.slug).toBe('twin-oaks');
    expect(second.company.slug).not.toBe(first.company.slug);
  });

  it('two companies of the same name created at the same moment both succeed with different slugs', async () => {
    const [first, second] = await Promise.all([newcomer(), newcomer()]);
    const profile = { ...validProfile, name: 'Simultaneous Sod' };
    const responses = await Promise.all([
      createCompany(first.token, profile),
      createCompany(second.token, profile),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    const slugs = responses.map((r) => r.json().slug).sort();
    expect(slugs).toEqual(['simultaneous-sod', 'simultaneous-sod-2']);
  });

  it('refuses a second company for someone who already belongs to one with 409', async () => {
    const { token, company } = await member({ name: 'Only One Co' });
    const response = await createCompany(token, { ...validProfile, name: 'Another One Co' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: alreadyInCompanyMessage, code: 'conflict' });
    const named = await t.db.select().from(organizations).where(eq(organizations.name, 'Another One Co'));
    expect(named).toHaveLength(0);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(token),
    });
    expect(current.json().organizationId).toBe(company.id);
  });

  it('two simultaneous submits of the form make one company and answer the second with 409', async () => {
    const { user, token } = await newcomer();
    const profile = { ...validProfile, name: 'Double Click Gardens' };
    const responses = await Promise.all([createCompany(token, profile), createCompany(token, profile)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = responses.find((r) => r.statusCode === 201)!.json();
    const named = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Double Click Gardens'));
    expect(named.map((row) => row.id)).toEqual([created.id]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.organizationId).toBe(created.id);
  });

  const address = validProfile.address;
  it.each([
    ['name', { name: ' ' }, "What's the name of your company?"],
    ['invoiceEmail', { invoiceEmail: '' }, "What's the invoice email for your company?"],
    ['invoiceEmail', { invoiceEmail: 'ap@greenacres' }, emailInvalidMessage],
    ['email', { email: undefined }, "What's the best email address for your company?"],
    ['email', { email: 'hello at greenacres' }, emailInvalidMessage],
    ['companyType', { companyType: 'Florist' }, companyTypeRequiredMessage],
    ['companySize', { companySize: '7-12' }, companySizeRequiredMessage],
    ['projectTypes', { projectTypes: [] }, projectTypesRequiredMessage],
    ['projectTypes.1', { projectTypes: ['Restoration', 'Golf'] }, projectTypesRequiredMessage],
    ['address.street1', { address: { ...address, street1: '' } }, 'Street address is required'],
    ['address.city', { address: { ...address, city: ' ' } }, 'City is required'],
    ['address.state', { address: { ...address, state: undefined } }, 'State is required.'],
    ['address.postalCode', { address: { ...address, postalCode: '' } }, postalCodeRequiredMessage],
    ['address.postalCode', { address: { ...address, postalCode: '1234' } }, postalCodeInvalidMessage],
    ['address.phone', { address: { ...address, phone: undefined } }, phoneRequiredMessage],
    ['address.phone', { address: { ...address, phone: '555-123-456' } }, 'Use a valid 10-digit phone number'],
  ])('reports %s with its message (%j)', async (path, change, message) => {
    const { user, token } = await newcomer();
    const response = await createCompany(token, { ...validProfile, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'invalid_data', fields: { [path]: message } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.organizationId).toBeNull();
  });

  it('reports every missing field at once', async () => {
    const { token } = await newcomer();
    const response = await createCompany(token, { address: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      name: "What's the name of your company?",
      invoiceEmail: "What's the invoice email for your company?",
      email: "What's the best email address for your company?",
      companyType: companyTypeRequiredMessage,
      companySize: companySizeRequiredMessage,
      projectTypes: projectTypesRequiredMessage,
      'address.street1': 'Street address is required',
      'address.city': 'City is required',
      'address.state': 'State is required.',
      'address.postalCode': postalCodeRequiredMessage,
      'address.phone': phoneRequiredMessage,
    });
  });

  it('answers 401 to a visitor', async () => {
    const before = await t.db.select().from(organizations);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      payload: validProfile,
    });
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(organizations)).toHaveLength(before.length);
  });
});

describe('GET /api/v1/organizations/:id', () => {
  it('shows a member their company', async () => {
    const { token, company } = await member({ name: 'Member View Co' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${company.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(company);
  });

  it('answers 404 for another organisation’s company, the same as for one that does not exist', async () => {
    const other = await insertOrganization(t.db, { name: 'Somebody Else Inc' });
    const { token } = await member({ name: 'Nosy Co' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${other.id}`,
      headers: bearer(token),
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/99999999',
      headers: bearer(token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('lets an admin read any company', async () => {
    const other = await insertOrganization(t.db, { name: 'Admin Looks Here' });
    const admin = await insertUser(t.db, { roles: ['admin'] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${other.id}`,
      headers: bearer(await tokenFor(t.db, admin.id)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: other.id, name: 'Admin Looks Here', address: null });
  });

  it('answers 401 to a visitor and 400 to an id that is not a number', async () => {
    const { company, token } = await member({ name: 'Visitor Test Co' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/organizations/${company.id}` })).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/abc',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('PATCH /api/v1/organizations/:id', () => {
  function patchCompany(id: number, token: string | null, payload: object) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/organizations/${id}`,
      headers: token ? bearer(token) : {},
      payload,
    });
  }

  it('updates the profile and address but keeps the company name, even when another is sent', async () => {
    const { token, company } = await member({ name: 'Fixed Name Nursery' });
    const response = await patchCompany(company.id, token, {
      ...validProfile,
      name: 'A Different Name',
      website: '',
      companySize: '51-100',
      taxId: ' 12-3456789 ',
      address: { ...validProfile.address, city: 'Decatur', postalCode: 'k1a0b1', country: 'CAN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: company.id,
      name: 'Fixed Name Nursery',
      website: null,
      companySize: '51-100',
      taxId: '12-3456789',
      address: {
        id: company.address.id,
        name: 'Fixed Name Nursery',
        city: 'Decatur',
        postalCode: 'K1A 0B1',
        country: 'CAN',
      },
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, company.id));
    expect(row.name).toBe('Fixed Name Nursery');
    const [addressRow] = await t.db.select().from(addresses).where(eq(addresses.id, company.address.id));
    expect(addressRow.city).toBe('Decatur');
  });

  it('reports validation failures on their fields and changes nothing', async () => {
    const { token, company } = await member({ name: 'Strict Co' });
    const response = await patchCompany(company.id, token, {
      ...validProfile,
      invoiceEmail: 'nope',
      address: { ...validProfile.address, postalCode: '1234' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      invoiceEmail: emailInvalidMessage,
      'address.postalCode': postalCodeInvalidMessage,
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, company.id));
    expect(row.invoiceEmail).toBe(validProfile.invoiceEmail);
  });

  it('answers 404 for another organisation’s company and leaves it as it was', async () => {
    const other = await member({ name: 'Leave Us Alone Co' });
    const { token } = await member({ name: 'Meddler Co' });
    const response = await patchCompany(other.company.id, token, {
      ...validProfile,
      website: 'https://hijack.example',
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, other.company.id));
    expect(row.website).toBe(validProfile.website);
  });

  it('answers 401 to a visitor', async () => {
    const { company } = await member({ name: 'Anonymous Patch Co' });
    expect((await patchCompany(company.id, null, validProfile)).statusCode).toBe(401);
  });
});
