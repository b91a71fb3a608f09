import { describe, expect, it } from 'vitest';
import {
  addressBookEntrySchema,
  canadianPostalCodeWithUsStateMessage,
  usZipWithCanadianProvinceMessage,
} from './address-book-schema';

const base = {
  name: 'Yard',
  street1: '1 Main St',
  city: 'Charlotte',
  state: 'NC',
  postalCode: '28202',
  phone: '7045550101',
};

const fieldErrors = (input: object) => {
  const result = addressBookEntrySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('address-book entry', () => {
  it('accepts a US address and defaults to not being the default', () => {
    expect(addressBookEntrySchema.parse(base)).toMatchObject({ country: 'USA', isDefault: false });
  });

  it('refuses a Canadian postal code with a US state even while other fields are missing', () => {
    expect(fieldErrors({ ...base, city: '', postalCode: 'K1A 0B1' })).toEqual({
      city: 'City is required',
      postalCode: canadianPostalCodeWithUsStateMessage,
    });
  });

  it('refuses a US zip in Canada and accepts a Canadian code there', () => {
    expect(fieldErrors({ ...base, country: 'CAN', state: 'ON' })).toEqual({
      postalCode: usZipWithCanadianProvinceMessage,
    });
    expect(fieldErrors({ ...base, country: 'CAN', state: 'ON', postalCode: 'K1A0B1' })).toEqual({});
  });
});
