import { describe, expect, it } from 'vitest';
import { completeProfileSchema, inviteRequestSchema, rolesWithOtherReplaced } from './invite-request-schema';

type ParseResult = { error?: { issues: { path: PropertyKey[]; message: string }[] } };

function issuesOf(result: ParseResult) {
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

const validSignUp = {
  firstName: 'Rosa',
  lastName: 'Fernández',
  email: 'rosa@greenacres.example',
  phone: '(555) 123-4567',
  password: 'correct horse battery',
  companyName: 'Green Acres Landscaping',
  orgUsesLH: false,
  organizationId: null,
  companyType: 'Landscape Contractor',
  projectTypes: ['Residential Construction'],
  companySize: '6-20',
  roles: ['Owner'],
  otherRole: '',
  postalCode: '62701',
};

const joiningExistingOrganization = {
  firstName: 'Rosa',
  lastName: 'Fernández',
  email: 'rosa@greenacres.example',
  phone: '5551234567',
  password: 'correct horse battery',
  organizationId: 42,
  postalCode: '62701',
};

describe('inviteRequestSchema', () => {
  it('accepts a full sign-up for a new company', () => {
    const result = inviteRequestSchema.safeParse(validSignUp);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject({ otherRole: null, organizationId: null });
  });

  it('lower-cases and trims the e-mail so the account is found however it is typed', () => {
    expect(inviteRequestSchema.parse({ ...validSignUp, email: ' Rosa@GreenAcres.Example ' }).email).toBe(
      'rosa@greenacres.example',
    );
  });

  it('needs no company fields when an existing organization is linked', () => {
    const result = inviteRequestSchema.safeParse(joiningExistingOrganization);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject({ companyName: null, otherRole: null });
  });

  it('requires every company field when no organization is linked', () => {
    const { firstName, lastName, email, phone, password, postalCode } = validSignUp;
    expect(
      issuesOf(inviteRequestSchema.safeParse({ firstName, lastName, email, phone, password, postalCode })),
    ).toEqual([
      { path: 'companyName', message: 'Company name is required' },
      { path: 'companyType', message: 'Please select your company type' },
      { path: 'companySize', message: 'Please select your company size' },
      { path: 'projectTypes', message: 'Please select at least one project type' },
      { path: 'roles', message: 'Please select at least one role' },
    ]);
  });

  it('treats empty company fields like missing ones', () => {
    expect(
      issuesOf(
        inviteRequestSchema.safeParse({
          ...validSignUp,
          companyName: '  ',
          companyType: null,
          companySize: null,
          projectTypes: [],
          roles: [],
        }),
      ).map((issue) => issue.path),
    ).toEqual(['companyName', 'companyType', 'companySize', 'projectTypes', 'roles']);
  });

  it('refuses a company type or size outside the lists', () => {
    expect(
      issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, companyType: 'Florist', companySize: '7' })),
    ).toEqual([
      { path: 'companyType', message: 'Please select your company type' },
      { path: 'companySize', message: 'Please select your company size' },
    ]);
  });

  it('refuses a project type outside the list', () => {
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, projectTypes: ['Golf'] }))).toEqual([
      { path: 'projectTypes.0', message: 'Please select at least one project type' },
    ]);
  });

  it('requires a description of the role only when Other is picked', () => {
    expect(
      issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, roles: ['Owner', 'Other'], otherRole: ' ' })),
    ).toEqual([{ path: 'otherRole', message: 'Please describe your role' }]);
    expect(
      inviteRequestSchema.safeParse({
        ...validSignUp,
        roles: ['Owner', 'Other'],
        otherRole: 'Irrigation tech',
      }).success,
    ).toBe(true);
    expect(inviteRequestSchema.safeParse({ ...validSignUp, roles: ['Owner'], otherRole: null }).success).toBe(
      true,
    );
  });

  it('requires a description of Other even when an existing organization is linked', () => {
    expect(
      issuesOf(inviteRequestSchema.safeParse({ ...joiningExistingOrganization, roles: ['Other'] })),
    ).toEqual([{ path: 'otherRole', message: 'Please describe your role' }]);
  });

  it.each([
    ['firstName', 'Enter a first name for this user'],
    ['lastName', 'Enter a last name for this user'],
    ['email', 'Enter a valid email address'],
    ['phone', 'Phone number is required'],
    ['password', 'Use at least 10 characters for your password'],
    ['postalCode', 'Zip code is required.'],
  ])('requires %s with its own message', (field, message) => {
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, [field]: '' }))).toEqual([
      { path: field, message },
    ]);
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, [field]: undefined }))).toEqual([
      { path: field, message },
    ]);
  });

  it('refuses a malformed e-mail address', () => {
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, email: 'rosa@' }))).toEqual([
      { path: 'email', message: 'Enter a valid email address' },
    ]);
  });

  it('refuses a phone number with fewer than 10 digits', () => {
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, phone: '(555) 123-456' }))).toEqual([
      { path: 'phone', message: 'Phone number is required' },
    ]);
  });

  it('accepts a password of exactly 10 characters and refuses 9 or more than 200', () => {
    expect(inviteRequestSchema.safeParse({ ...validSignUp, password: 'a'.repeat(10) }).success).toBe(true);
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, password: 'a'.repeat(9) }))).toEqual([
      { path: 'password', message: 'Use at least 10 characters for your password' },
    ]);
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, password: 'a'.repeat(201) }))).toEqual([
      { path: 'password', message: 'Limit password to 200 characters' },
    ]);
  });

  it('refuses an invalid postal code and normalizes a valid one', () => {
    expect(issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, postalCode: '6270' }))).toEqual([
      { path: 'postalCode', message: 'Must be a valid 5 or 9 digit zip code or Canadian postal code' },
    ]);
    expect(inviteRequestSchema.parse({ ...validSignUp, postalCode: 'k1a0b1' }).postalCode).toBe('K1A 0B1');
  });

  it('reports personal and company errors together so the form shows them all at once', () => {
    expect(
      issuesOf(
        inviteRequestSchema.safeParse({ ...validSignUp, firstName: '', companyName: '', roles: ['Other'] }),
      ),
    ).toEqual([
      { path: 'firstName', message: 'Enter a first name for this user' },
      { path: 'otherRole', message: 'Please describe your role' },
      { path: 'companyName', message: 'Company name is required' },
    ]);
  });

  it('refuses an organization id that is not a positive whole number', () => {
    for (const organizationId of [0, -3, 1.5]) {
      expect(
        issuesOf(inviteRequestSchema.safeParse({ ...validSignUp, organizationId })).map((i) => i.path),
      ).toEqual(['organizationId']);
    }
  });
});

const validCompletion = {
  phone: '555-123-4567',
  companyName: 'Green Acres Landscaping',
  postalCode: '62701',
  companySize: '21-50',
  roles: ['Purchaser'],
  otherRole: null,
  companyType: 'Garden Center',
  projectTypes: ['Inventory Stocking'],
};

describe('completeProfileSchema', () => {
  it('accepts a complete profile', () => {
    expect(issuesOf(completeProfileSchema.safeParse(validCompletion))).toEqual([]);
  });

  it.each([
    ['phone', 'Phone number is required'],
    ['companyName', 'Company name is required'],
    ['postalCode', 'Where are you located?'],
    ['companySize', 'Please select your company size'],
    ['roles', 'Please select at least one role'],
    ['companyType', 'Please select your company type'],
    ['projectTypes', 'Please select at least one project type'],
  ])('requires %s with its own message', (field, message) => {
    expect(issuesOf(completeProfileSchema.safeParse({ ...validCompletion, [field]: undefined }))).toEqual([
      { path: field, message },
    ]);
  });

  it('counts at least 10 characters of the trimmed phone', () => {
    expect(issuesOf(completeProfileSchema.safeParse({ ...validCompletion, phone: '  555-12345  ' }))).toEqual(
      [{ path: 'phone', message: 'Phone number is required' }],
    );
    expect(completeProfileSchema.parse({ ...validCompletion, phone: ' 5551234567 ' }).phone).toBe(
      '5551234567',
    );
  });

  it('asks for a location when the postal code is blank', () => {
    expect(issuesOf(completeProfileSchema.safeParse({ ...validCompletion, postalCode: ' ' }))).toEqual([
      { path: 'postalCode', message: 'Where are you located?' },
    ]);
  });

  it('asks for at least one role and one project type when the lists are empty', () => {
    expect(
      issuesOf(completeProfileSchema.safeParse({ ...validCompletion, roles: [], projectTypes: [] })),
    ).toEqual([
      { path: 'roles', message: 'Please select at least one role' },
      { path: 'projectTypes', message: 'Please select at least one project type' },
    ]);
  });

  it('refuses a company size, type or project type outside the lists', () => {
    expect(
      issuesOf(
        completeProfileSchema.safeParse({
          ...validCompletion,
          companySize: 'huge',
          companyType: 'Florist',
          projectTypes: ['Restoration', 'Golf'],
        }),
      ),
    ).toEqual([
      { path: 'companySize', message: 'Please select your company size' },
      { path: 'companyType', message: 'Please select your company type' },
      { path: 'projectTypes.1', message: 'Please select at least one project type' },
    ]);
  });

  it('requires a description of the role only when Other is picked', () => {
    expect(issuesOf(completeProfileSchema.safeParse({ ...validCompletion, roles: ['Other'] }))).toEqual([
      { path: 'otherRole', message: 'Please describe your role' },
    ]);
    expect(
      completeProfileSchema.safeParse({ ...validCompletion, roles: ['Other'], otherRole: 'Arborist' })
        .success,
    ).toBe(true);
  });

  it('accepts roles already saved with a description in place of Other', () => {
    expect(
      completeProfileSchema.safeParse({ ...validCompletion, roles: ['Owner', 'Arborist'] }).success,
    ).toBe(true);
  });
});

describe('rolesWithOtherReplaced', () => {
  it('replaces Other with the trimmed description in the same place', () => {
    expect(rolesWithOtherReplaced(['Owner', 'Other', 'Purchaser'], '  Arborist ')).toEqual([
      'Owner',
      'Arborist',
      'Purchaser',
    ]);
  });

  it('leaves roles without Other untouched', () => {
    expect(rolesWithOtherReplaced(['Owner'], 'Arborist')).toEqual(['Owner']);
  });

  it('drops Other when there is no description', () => {
    expect(rolesWithOtherReplaced(['Owner', 'Other'], '  ')).toEqual(['Owner']);
    expect(rolesWithOtherReplaced(['Other'], null)).toEqual([]);
  });

  it('does not store a role twice when the description repeats a listed role', () => {
    expect(rolesWithOtherReplaced(['Owner', 'Other'], 'Owner')).toEqual(['Owner']);
  });
});
