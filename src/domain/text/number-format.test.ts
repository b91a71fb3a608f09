import { describe, expect, it } from 'vitest';
import { compareNames, formatDollars, formatNumber } from './number-format';

describe('formatNumber', () => {
  it('writes counts and distances as toLocaleString("en-US") does', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-2500)).toBe('-2,500');
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(0.12345)).toBe('0.123');
    expect(formatNumber(2.0005)).toBe('2.001');
    expect(formatNumber(9999.9996)).toBe('10,000');
    expect(formatNumber(-0.0001)).toBe('-0');
  });

  it('agrees with Intl on whole numbers, decimals and negatives', () => {
    const samples = [
      1,
      7,
      10,
      42,
      100,
      1001,
      65_535,
      100_000,
      999_999,
      1_000_000,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      0.5,
      0.05,
      0.005,
      0.0005,
      1.2345,
      1.2355,
      3.14158,
      17.1,
      249.99,
      1e-7,
      1e20,
    ];
    for (let seed = 1; seed < 400; seed++)
      samples.push(((seed * 7919) % 100_003) / [1, 10, 100, 1000, 10_000][seed % 5]);
    for (const value of [...samples, ...samples.map((sample) => -sample)]) {
      expect(formatNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('formatDollars', () => {
  it('writes whole cents as en-US dollars', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(123450)).toBe('$1,234.50');
    expect(formatDollars(100_000_000_000)).toBe('$1,000,000,000.00');
    expect(formatDollars(-599)).toBe('-$5.99');
    expect(formatDollars(12.5)).toBe('$0.13');
  });

  it('agrees with Intl currency formatting', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let seed = 0; seed < 500; seed++) {
      const cents = ((seed * 104_729) % 10_000_019) * (seed % 2 ? -1 : 1);
      expect(formatDollars(cents), String(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe('compareNames', () => {
  it('sorts names as localeCompare does, ignoring case', () => {
    const names = [
      'Vines',
      'trees',
      'Shrubs',
      'Ornamental Grasses',
      'Groundcovers',
      'Apple',
      'apple',
      'Acer',
      'Trees',
    ];
    expect([...names].sort(compareNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(compareNames('Maple', 'Maple')).toBe(0);
  });
});
