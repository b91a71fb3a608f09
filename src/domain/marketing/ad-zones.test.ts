import { describe, expect, it } from 'vitest';
import { zoneImageUrl } from './ad-zones';

describe('the image a zone shows an ad with', () => {
  const ad = { imageUrl: '/ads/wide.svg', phoneImageUrl: '/ads/phone.svg' };

  it('is the phone image on a phone in a wide zone, the wide one elsewhere', () => {
    expect(zoneImageUrl(ad, '21639', true)).toBe('/ads/phone.svg');
    expect(zoneImageUrl(ad, '21639', false)).toBe('/ads/wide.svg');
  });

  it('is the only image when the ad has no phone image or the zone keeps one shape', () => {
    expect(zoneImageUrl({ imageUrl: '/ads/wide.svg', phoneImageUrl: null }, '21639', true)).toBe(
      '/ads/wide.svg',
    );
    expect(zoneImageUrl(ad, '21635', true)).toBe('/ads/wide.svg');
  });
});
