import { describe, expect, it } from 'vitest';
import { isCanadianPostalCode, isUsZip, isValidPostalCode, normalizePostalCode } from './postal-code';

describe('isUsZip', () => {
  it('accepts 5-digit and 9-digit zip codes with or without the hyphen', () => {
    for (const zip of ['12345', '12345-6789', '123456789', ' 12345 ']) {
      expect(isUsZip(zip), zip).toBe(true);
    }
  });

  it('refuses other lengths and separators', () => {
    for (const zip of ['1234', '123456', '12345-678', '12345 6789', 'ABCDE', '']) {
      expect(isUsZip(zip), zip).toBe(false);
    }
  });
});

describe('isCanadianPostalCode', () => {
  it('accepts a code in any case, with or without the space', () => {
    for (const code of ['K1A 0B1', 'k1a0b1', 'M5V 3L9', 'v6b1a1']) {
      expect(isCanadianPostalCode(code), code).toBe(true);
    }
  });

  it('refuses letters Canada Post never uses and the wrong pattern', () => {
    for (const code of ['D1A 0B1', 'W1A 0B1', 'K1O 0B1', '1K1 A0B', 'K1A-0B1', 'K1A 0B']) {
      expect(isCanadianPostalCode(code), code).toBe(false);
    }
  });
});

describe('isValidPostalCode', () => {
  it('accepts a US zip code or a Canadian postal code and nothing else', () => {
    expect(isValidPostalCode('12345')).toBe(true);
    expect(isValidPostalCode('K1A 0B1')).toBe(true);
    expect(isValidPostalCode('SW1A 1AA')).toBe(false);
  });
});

describe('normalizePostalCode', () => {
  it('writes a 9-digit zip code with a hyphen', () => {
    expect(normalizePostalCode('123456789')).toBe('12345-6789');
    expect(normalizePostalCode(' 12345-6789 ')).toBe('12345-6789');
  });

  it('leaves a 5-digit zip code as it is', () => {
    expect(normalizePostalCode(' 12345')).toBe('12345');
  });

  it('writes a Canadian postal code in upper case with one space', () => {
    expect(normalizePostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('k1a 0b1 ')).toBe('K1A 0B1');
  });

  it('only trims a value that is neither', () => {
    expect(normalizePostalCode(' abc ')).toBe('abc');
  });
});
