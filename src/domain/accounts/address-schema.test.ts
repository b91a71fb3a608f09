import { describe, expect, it } from 'vitest';
import { addressSchema, companyAddressSchema } from './address-schema';

type ParseResult = { error?: { issues: { path: PropertyKey[]; message: string }[] } };

function issuesOf(result: ParseResult) {
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

const validAddress = {
  name: 'North Yard',
  street1: '12 Elm Street',
  street2: 'Unit 4',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '(555) 123-4567',
  fax: '',
  addressType: null,
  deliveryInstructions: 'Gate code 1234',
};

describe('addressSchema', () => {
  it('accepts a full address and sets the country to USA', () => {
    const result = addressSchema.safeParse(validAddress);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toEqual({ ...validAddress, fax: null, country: 'USA' });
  });

  it('trims text and turns blank optional fields into null', () => {
    const result = addressSchema.safeParse({
      ...validAddress,
      city: '  Springfield ',
      street2: '   ',
      deliveryInstructions: undefined,
    });
    expect(result.data).toMatchObject({
      city: 'Springfield',
      street2: null,
      deliveryInstructions: null,
      fax: null,
    });
  });

  it.each([
    ['name', 'This is a good place for the main contact at this address, or the name of the place'],
    ['street1', 'Street address is required'],
    ['city', 'City is required'],
    ['state', 'State is required.'],
    ['postalCode', 'Zip code is required.'],
    ['phone', 'Phone number is required'],
  ])('requires %s with its own message', (field, message) => {
    expect(issuesOf(addressSchema.safeParse({ ...validAddress, [field]: '  ' }))).toEqual([
      { path: field, message },
    ]);
    expect(issuesOf(addressSchema.safeParse({ ...validAddress, [field]: undefined }))).toEqual([
      { path: field, message },
    ]);
  });

  it('refuses a postal code that is neither a US zip code nor a Canadian postal code', () => {
    expect(issuesOf(addressSchema.safeParse({ ...validAddress, postalCode: '1234' }))).toEqual([
      { path: 'postalCode', message: 'Must be a valid 5 or 9 digit zip code or Canadian postal code' },
    ]);
  });

  it('stores a 9-digit zip code with a hyphen and a Canadian postal code in canonical form', () => {
    expect(addressSchema.parse({ ...validAddress, postalCode: '627011234' }).postalCode).toBe('62701-1234');
    expect(addressSchema.parse({ ...validAddress, postalCode: 'k1a0b1', country: 'CAN' }).postalCode).toBe(
      'K1A 0B1',
    );
  });

  it('asks for a 10-digit phone number when fewer digits are typed', () => {
    expect(issuesOf(addressSchema.safeParse({ ...validAddress, phone: '(555) 123-456' }))).toEqual([
      { path: 'phone', message: 'Use a valid 10-digit phone number' },
    ]);
  });

  it('accepts Canada and refuses an unsupported country', () => {
    expect(addressSchema.safeParse({ ...validAddress, country: 'CAN' }).success).toBe(true);
    expect(issuesOf(addressSchema.safeParse({ ...validAddress, country: 'MEX' })).map((i) => i.path)).toEqual(
      ['country'],
    );
  });
});

describe('companyAddressSchema', () => {
  it('accepts an address without a name because the server names it after the company', () => {
    const { name: _name, ...withoutName } = validAddress;
    expect(companyAddressSchema.parse(withoutName).name).toBeNull();
    expect(companyAddressSchema.parse({ ...validAddress, name: '' }).name).toBeNull();
  });

  it('keeps the other address rules', () => {
    expect(issuesOf(companyAddressSchema.safeParse({ ...validAddress, city: '' }))).toEqual([
      { path: 'city', message: 'City is required' },
    ]);
  });
});
