import { describe, expect, it } from 'vitest';
import { userProfileSchema } from './profile-schema';

const valid = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  phone: '(555) 123-4567',
  defaultPostalCode: '28208',
};

function messagesOf(input: unknown) {
  const result = userProfileSchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('userProfileSchema', () => {
  it('accepts a full profile and one without phone or postal code', () => {
    expect(messagesOf(valid)).toEqual([]);
    expect(userProfileSchema.parse({ ...valid, phone: '', defaultPostalCode: null })).toMatchObject({
      phone: null,
      defaultPostalCode: null,
    });
  });

  it('asks for both names', () => {
    expect(messagesOf({ ...valid, firstName: ' ', lastName: '' })).toEqual([
      ['firstName', 'Enter a first name for this user'],
      ['lastName', 'Enter a last name for this user'],
    ]);
  });

  it('refuses a half-typed phone number and a malformed postal code', () => {
    expect(messagesOf({ ...valid, phone: '(555) 12_-____', defaultPostalCode: '123' })).toEqual([
      ['phone', 'Phone number is not valid'],
      ['defaultPostalCode', 'Must be a valid 5 or 9 digit zip code or Canadian postal code'],
    ]);
  });
});
