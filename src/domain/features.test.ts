import { describe, expect, it } from 'vitest';
import { type FeatureState, flagsForUser, isFeatureOn } from './features';

const subject = {
  userId: 7,
  organizationId: 3,
  flags: flagsForUser({ admin: false, supplier: true, activated: true }),
};
const feature = (overrides: Partial<FeatureState>): FeatureState => ({
  name: 'QUICK_ORDER',
  active: true,
  enabledGlobally: false,
  enablements: [],
  ...overrides,
});

describe('isFeatureOn', () => {
  it('is on for everyone when enabled globally', () => {
    expect(isFeatureOn(feature({ enabledGlobally: true }), subject)).toBe(true);
  });

  it('is off when nothing enables it', () => {
    expect(isFeatureOn(feature({}), subject)).toBe(false);
  });

  it('is on for the organisation it is enabled for and off for another', () => {
    const f = feature({ enablements: [{ organizationId: 3 }] });
    expect(isFeatureOn(f, subject)).toBe(true);
    expect(isFeatureOn(f, { ...subject, organizationId: 4 })).toBe(false);
  });

  it('is on for the user it is enabled for', () => {
    expect(isFeatureOn(feature({ enablements: [{ userId: 7 }] }), subject)).toBe(true);
    expect(isFeatureOn(feature({ enablements: [{ userId: 8 }] }), subject)).toBe(false);
  });

  it('is on by a flag the user carries', () => {
    expect(isFeatureOn(feature({ enablements: [{ flag: 'suppliers' }] }), subject)).toBe(true);
    expect(isFeatureOn(feature({ enablements: [{ flag: 'buyers' }] }), subject)).toBe(false);
  });

  it('is off when the feature is inactive, even if enabled globally', () => {
    expect(isFeatureOn(feature({ active: false, enabledGlobally: true }), subject)).toBe(false);
  });

  it('does not match a null organisation against a null subject organisation', () => {
    const f = feature({ enablements: [{ userId: 99 }] });
    expect(isFeatureOn(f, { userId: null, organizationId: null, flags: [] })).toBe(false);
  });
});

describe('flagsForUser', () => {
  it('describes a non-activated admin buyer', () => {
    expect(flagsForUser({ admin: true, supplier: false, activated: false })).toEqual([
      'buyers',
      'non_activated',
      'admins',
    ]);
  });
});
