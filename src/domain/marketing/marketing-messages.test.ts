import { describe, expect, it } from 'vitest';
import { audienceColor, audiencesOf, isLinkTarget, isLiveOn } from './marketing-messages';

describe('marketing message rules', () => {
  it('colours all_users orange, activated, non_activated and suppliers blue, anything else grey', () => {
    expect(audienceColor('all_users')).toBe('orange');
    for (const audience of ['activated', 'non_activated', 'suppliers'])
      expect(audienceColor(audience)).toBe('blue');
    expect(audienceColor('buyers')).toBe('gray');
    expect(audienceColor('something_new')).toBe('gray');
  });

  it('puts a user in everyone, activated or not, and supplier or buyer', () => {
    expect(audiencesOf({ activated: true, supplier: false })).toEqual(['all_users', 'activated', 'buyers']);
    expect(audiencesOf({ activated: false, supplier: true })).toEqual([
      'all_users',
      'non_activated',
      'suppliers',
    ]);
  });

  it('accepts http(s) links and site paths, nothing else', () => {
    expect(isLinkTarget('/search?query=maple')).toBe(true);
    expect(isLinkTarget('https://example.com/x')).toBe(true);
    expect(isLinkTarget('//evil.example.com')).toBe(false);
    expect(isLinkTarget('javascript:alert(1)')).toBe(false);
    expect(isLinkTarget('search')).toBe(false);
  });

  it('is live only when switched on and today is within its days, both ends included', () => {
    const item = { active: true, activeFrom: '2026-03-01', activeTo: '2026-03-31' };
    expect(isLiveOn(item, '2026-03-01')).toBe(true);
    expect(isLiveOn(item, '2026-03-31')).toBe(true);
    expect(isLiveOn(item, '2026-04-01')).toBe(false);
    expect(isLiveOn({ ...item, active: false }, '2026-03-10')).toBe(false);
    expect(isLiveOn({ active: true, activeFrom: null, activeTo: null }, '2030-01-01')).toBe(true);
  });
});
