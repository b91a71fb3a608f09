import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canadianPostalCodeWithUsStateMessage,
  canadianProvinceInvalidMessage,
  usStateInvalidMessage,
  usZipWithCanadianProvinceMessage,
} from '../../../domain/accounts/address-book-schema';
import { insertDiscount } from '../../test/catalog-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { addresses } from '../organizations/organizations.tables';
import { users } from './users.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const validAddress = {
  name: 'Job site: Myers Park',
  street1: '200 Queens Rd',
  city: 'Charlotte',
  state: 'NC',
  postalCode: '28207',
  phone: '(704) 555-0101',
  deliveryInstructions: 'Gate code 4411; unload by the north fence',
};

async function signedInBuyer() {
  const organization = await insertOrganization(t.db);
  const user = await insertUser(t.db, { organizationId: organization.id });
  return { organization, user, headers: bearer(await tokenFor(t.db, user.id)) };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) {
  return t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
}

describe('address book', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/addresses' })).statusCode).toBe(401);
  });

  it('adds an address, normalised, as the default when it is the first one', async () => {
    const { headers } = await signedInBuyer();
    const created = await call('POST', '/api/v1/addresses', headers, {
      ...validAddress,
      state: 'nc',
      postalCode: '282079999',
      street2: '  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Job site: Myers Park',
      state: 'NC',
      postalCode: '28207-9999',
      street2: null,
      country: 'USA',
      deliveryInstructions: 'Gate code 4411; unload by the north fence',
      isDefault: true,
    });
    const list = await call('GET', '/api/v1/addresses', headers);
    expect(list.json().results.map((entry: { id: number }) => entry.id)).toEqual([created.json().id]);
  });

  it('refuses missing fields with the shared messages', async () => {
    const { headers } = await signedInBuyer();
    const response = await call('POST', '/api/v1/addresses', headers, { name: ' ', phone: '704555' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      name: 'This is a good place for the main contact at this address, or the name of the place',
      street1: 'Street address is required',
      city: 'City is required',
      state: 'State is required.',
      postalCode: 'Zip code is required.',
      phone: 'Use a valid 10-digit phone number',
    });
  });

  it('refuses a Canadian postal code with a US state, and a US zip in Canada', async () => {
    const { headers } = await signedInBuyer();
    const mixed = await call('POST', '/api/v1/addresses', headers, {
      ...validAddress,
      postalCode: 'K1A 0B1',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      message: canadianPostalCodeWithUsStateMessage,
      fields: { postalCode: canadianPostalCodeWithUsStateMessage },
    });
    const zipInCanada = await call('POST', '/api/v1/addresses', headers, {
      ...validAddress,
      country: 'CAN',
      state: 'ON',
    });
    expect(zipInCanada.json().fields).toEqual({ postalCode: usZipWithCanadianProvinceMessage });
    const wrongRegions = await call('POST', '/api/v1/addresses', headers, {
      ...validAddress,
      country: 'CAN',
      state: 'NC',
      postalCode: 'K1A0B1',
    });
    expect(wrongRegions.json().fields).toEqual({ state: canadianProvinceInvalidMessage });
    const provinceInUsa = await call('POST', '/api/v1/addresses', headers, { ...validAddress, state: 'QC' });
    expect(provinceInUsa.json().fields).toEqual({ state: usStateInvalidMessage });
    expect((await call('GET', '/api/v1/addresses', headers)).json().results).toHaveLength(0);
  });

  it('accepts DC, Guam and a Canadian territory', async () => {
    const { headers } = await signedInBuyer();
    for (const address of [
      { state: 'DC', postalCode: '20001' },
      { state: 'GU', postalCode: '96910' },
      { state: 'YT', postalCode: 'y1a 2c6', country: 'CAN' },
    ]) {
      const response = await call('POST', '/api/v1/addresses', headers, { ...validAddress, ...address });
      expect(response.statusCode, JSON.stringify(address)).toBe(201);
    }
    const list = (await call('GET', '/api/v1/addresses', headers)).json().results;
    expect(list.find((entry: { state: string }) => entry.state === 'YT')).toMatchObject({
      country: 'CAN',
      postalCode: 'Y1A 2C6',
    });
  });

  it('keeps one default: marking another moves the mark, and the default is listed first', async () => {
    const { headers } = await signedInBuyer();
    const first = (
      await call('POST', '/api/v1/addresses', headers, { ...validAddress, name: 'A yard' })
    ).json();
    const second = (
      await call('POST', '/api/v1/addresses', headers, { ...validAddress, name: 'B yard', isDefault: true })
    ).json();
    expect(second.isDefault).toBe(true);
    let list = (await call('GET', '/api/v1/addresses', headers)).json().results;
    expect(list.map((entry: { name: string; isDefault: boolean }) => [entry.name, entry.isDefault])).toEqual([
      ['B yard', true],
      ['A yard', false],
    ]);
    const edited = await call('PATCH', `/api/v1/addresses/${first.id}`, headers, {
      ...validAddress,
      name: 'A yard (north gate)',
      isDefault: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'A yard (north gate)', isDefault: true });
    list = (await call('GET', '/api/v1/addresses', headers)).json().results;
    expect(list.map((entry: { id: number; isDefault: boolean }) => [entry.id, entry.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
  });

  it('shares the book inside an organisation and answers 404 for another organisation’s entry', async () => {
    const { organization, headers } = await signedInBuyer();
    const colleague = await insertUser(t.db, { organizationId: organization.id });
    const colleagueHeaders = bearer(await tokenFor(t.db, colleague.id));
    const entry = (await call('POST', '/api/v1/addresses', headers, validAddress)).json();
    expect((await call('GET', `/api/v1/addresses/${entry.id}`, colleagueHeaders)).statusCode).toBe(200);

    const outsider = await signedInBuyer();
    const loneUser = await insertUser(t.db);
    const loneHeaders = bearer(await tokenFor(t.db, loneUser.id));
    for (const otherHeaders of [outsider.headers, loneHeaders]) {
      expect((await call('GET', `/api/v1/addresses/${entry.id}`, otherHeaders)).statusCode).toBe(404);
      const patch = await call('PATCH', `/api/v1/addresses/${entry.id}`, otherHeaders, validAddress);
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toMatchObject({ message: 'Address not found' });
      expect((await call('DELETE', `/api/v1/addresses/${entry.id}`, otherHeaders)).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/addresses', otherHeaders)).json().results).toHaveLength(0);
    }
    expect((await call('GET', `/api/v1/addresses/${entry.id}`, headers)).json().name).toBe(validAddress.name);
  });

  it('deletes an entry together with its address row', async () => {
    const { headers } = await signedInBuyer();
    const name = `Yard to delete ${Date.now()}`;
    const entry = (await call('POST', '/api/v1/addresses', headers, { ...validAddress, name })).json();
    expect(await t.db.select().from(addresses).where(eq(addresses.name, name))).toHaveLength(1);
    expect((await call('DELETE', `/api/v1/addresses/${entry.id}`, headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/addresses/${entry.id}`, headers)).statusCode).toBe(404);
    expect(await t.db.select().from(addresses).where(eq(addresses.name, name))).toHaveLength(0);
  });

  it('keeps a user without an organisation’s book to that user', async () => {
    const loner = await insertUser(t.db);
    const headers = bearer(await tokenFor(t.db, loner.id));
    const entry = await call('POST', '/api/v1/addresses', headers, validAddress);
    expect(entry.statusCode).toBe(201);
    const otherLoner = await insertUser(t.db);
    const otherHeaders = bearer(await tokenFor(t.db, otherLoner.id));
    expect((await call('GET', '/api/v1/addresses', otherHeaders)).json().results).toHaveLength(0);
    expect((await call('GET', '/api/v1/addresses', headers)).json().results).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('starts with every e-mail on, no sort and the user’s postal code', async () => {
    const user = await insertUser(t.db, { defaultPostalCode: '28202' });
    const response = await call(
      'GET',
      '/api/v1/users/current/preferences',
      bearer(await tokenFor(t.db, user.id)),
    );
    expect(response.json()).toEqual({
      defaultPostalCode: '28202',
      searchSort: null,
      emailMessages: true,
      emailPhotoRequests: true,
      emailScheduleReminders: true,
      emailProductNews: true,
    });
  });

  it('saves the postal code on the user, the sort and e-mail choices, and clears the code with null', async () => {
    const user = await insertUser(t.db);
    const headers = bearer(await tokenFor(t.db, user.id));
    const saved = await call('PATCH', '/api/v1/users/current/preferences', headers, {
      defaultPostalCode: 'm5v3l9',
      searchSort: 'secondary_name|asc',
      emailProductNews: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      defaultPostalCode: 'M5V 3L9',
      searchSort: 'secondary_name|asc',
      emailProductNews: false,
      emailMessages: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.defaultPostalCode).toBe('M5V 3L9');
    const current = await call('GET', '/api/v1/users/current', headers);
    expect(current.json().defaultPostalCode).toBe('M5V 3L9');

    const cleared = await call('PATCH', '/api/v1/users/current/preferences', headers, {
      defaultPostalCode: null,
      emailMessages: false,
    });
    expect(cleared.json()).toMatchObject({
      defaultPostalCode: null,
      searchSort: 'secondary_name|asc',
      emailMessages: false,
      emailProductNews: false,
    });
  });

  it('refuses a bad postal code or sort with the messages', async () => {
    const user = await insertUser(t.db);
    const headers = bearer(await tokenFor(t.db, user.id));
    const response = await call('PATCH', '/api/v1/users/current/preferences', headers, {
      defaultPostalCode: '1234',
      searchSort: 'price|asc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      defaultPostalCode: 'Must be a valid 5 or 9 digit zip code or Canadian postal code',
      searchSort: 'Choose one of the sort orders',
    });
  });
});

describe('GET /api/v1/discounts', () => {
  it('lists the organisation’s purchase discounts per supplier and the platform discounts open to it', async () => {
    const { organization, headers } = await signedInBuyer();
    const other = await insertOrganization(t.db, { name: 'Other Buyer Co' });
    const supplierA = await insertOrganization(t.db, { name: 'Azalea Growers', isBuyer: false });
    const supplierB = await insertOrganization(t.db, { name: 'Boxwood Stone', isBuyer: false });
    const day = 86_400_000;
    await insertDiscount(t.db, {
      name: 'Boxwood deal',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 500,
      buyerOrganizationId: organization.id,
      supplierOrganizationId: supplierB.id,
    });
    await insertDiscount(t.db, {
      name: 'Azalea deal',
      kind: 'purchase',
      operator: 'FLAT_RATE',
      value: 250,
      buyerOrganizationId: organization.id,
      supplierOrganizationId: supplierA.id,
      startsAt: new Date(Date.now() + 3 * day),
    });
    await insertDiscount(t.db, {
      name: 'Old Azalea deal',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 900,
      buyerOrganizationId: organization.id,
      supplierOrganizationId: supplierA.id,
      endsAt: new Date(Date.now() - day),
    });
    await insertDiscount(t.db, {
      name: 'Someone else’s deal',
      kind: 'purchase',
      operator: 'PERCENTAGE',
      value: 700,
      buyerOrganizationId: other.id,
      supplierOrganizationId: supplierA.id,
    });
    await insertDiscount(t.db, {
      name: 'Platform spring',
      kind: 'platform',
      operator: 'PERCENTAGE',
      value: 300,
      supplierOrganizationId: supplierA.id,
    });
    await insertDiscount(t.db, {
      name: 'Platform for the other buyer',
      kind: 'platform',
      operator: 'PERCENTAGE',
      value: 300,
      buyerOrganizationId: other.id,
    });
    await insertDiscount(t.db, {
      name: 'Supplier sale',
      kind: 'supplier',
      operator: 'PERCENTAGE',
      value: 1000,
      supplierOrganizationId: supplierB.id,
    });

    const response = await call('GET', '/api/v1/discounts', headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.purchaseDiscounts).toEqual([
      expect.objectContaining({
        name: 'Azalea deal',
        label: 'Purchase Discount',
        operator: 'FLAT_RATE',
        value: 250,
        supplier: { id: supplierA.id, name: 'Azalea Growers' },
        status: 'scheduled',
      }),
      expect.objectContaining({ name: 'Boxwood deal', value: 500, status: 'active' }),
    ]);
    const platformNames = body.platformDiscounts.map((discount: { name: string }) => discount.name);
    expect(platformNames).toContain('Platform spring');
    expect(platformNames).not.toContain('Platform for the other buyer');
    expect(body.platformDiscounts.find((d: { name: string }) => d.name === 'Platform spring')).toMatchObject({
      label: 'Hedgerow Discount',
      supplier: { name: 'Azalea Growers' },
    });
  });

  it('shows a user without an organisation only the platform discounts for everyone', async () => {
    const loner = await insertUser(t.db);
    const response = await call('GET', '/api/v1/discounts', bearer(await tokenFor(t.db, loner.id)));
    expect(response.json().purchaseDiscounts).toEqual([]);
    for (const discount of response.json().platformDiscounts)
      expect(discount.label).toBe('Hedgerow Discount');
  });
});
