import { describe, expect, it } from 'vitest';
import { companyProfileSchema } from './company-schema';

type ParseResult = { error?: { issues: { path: PropertyKey[]; message: string }[] } };

function issuesOf(result: ParseResult) {
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

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
    postalCode: '62701',
    phone: '555-123-4567',
  },
};

describe('companyProfileSchema', () => {
  it('accepts a full profile without a tax id or address name', () => {
    const result = companyProfileSchema.safeParse(validProfile);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject({ taxId: null, address: { name: null, country: 'USA' } });
  });

  it('keeps a tax id given on edit', () => {
    expect(companyProfileSchema.parse({ ...validProfile, taxId: ' 12-3456789 ' }).taxId).toBe('12-3456789');
  });

  it('treats a blank website as none', () => {
    expect(companyProfileSchema.parse({ ...validProfile, website: ' ' }).website).toBeNull();
  });

  it.each([
    ['name', "What's the name of your company?"],
    ['invoiceEmail', "What's the invoice email for your company?"],
    ['email', "What's the best email address for your company?"],
  ])('requires %s with its own message', (field, message) => {
    expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, [field]: ' ' }))).toEqual([
      { path: field, message },
    ]);
    expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, [field]: undefined }))).toEqual([
      { path: field, message },
    ]);
  });

  it.each(['invoiceEmail', 'email'])('asks for a valid address when %s is malformed', (field) => {
    expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, [field]: 'ap@greenacres' }))).toEqual([
      { path: field, message: 'Enter a valid email address' },
    ]);
  });

  it('asks for the company type when it is missing or unknown', () => {
    for (const companyType of [undefined, '', 'Florist']) {
      expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, companyType }))).toEqual([
        { path: 'companyType', message: 'Please select your company type' },
      ]);
    }
  });

  it('asks for the company size when it is missing or unknown', () => {
    for (const companySize of [undefined, '', '7-12']) {
      expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, companySize }))).toEqual([
        { path: 'companySize', message: 'Please select your company size' },
      ]);
    }
  });

  it('asks for at least one project type', () => {
    expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, projectTypes: [] }))).toEqual([
      { path: 'projectTypes', message: 'Please select at least one project type' },
    ]);
    expect(issuesOf(companyProfileSchema.safeParse({ ...validProfile, projectTypes: undefined }))).toEqual([
      { path: 'projectTypes', message: 'Please select at least one project type' },
    ]);
  });

  it('refuses a project type outside the list on the entry itself', () => {
    expect(
      issuesOf(companyProfileSchema.safeParse({ ...validProfile, projectTypes: ['Restoration', 'Golf'] })),
    ).toEqual([{ path: 'projectTypes.1', message: 'Please select at least one project type' }]);
  });

  it('reports address errors under the address path', () => {
    expect(
      issuesOf(
        companyProfileSchema.safeParse({ ...validProfile, address: { ...validProfile.address, city: '' } }),
      ),
    ).toEqual([{ path: 'address.city', message: 'City is required' }]);
  });
});
