import { describe, expect, it } from 'vitest';
import { formatPhone, isValidSimplePhone, phoneDigits, phoneMask } from './phone';

describe('phoneDigits', () => {
  it('keeps only the digits of a typed number', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('15551234567');
    expect(phoneDigits('no digits')).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats ten digits as (###) ###-####', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
  });

  it('keeps a +1 prefix for eleven digits starting with 1', () => {
    expect(formatPhone('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('+1 (555) 123-4567');
  });

  it('leaves an already formatted number as it is', () => {
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('returns a number of any other length unchanged', () => {
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('555 123 4567 x12')).toBe('555 123 4567 x12');
    expect(formatPhone('')).toBe('');
  });

  it('returns eleven digits not starting with 1 unchanged', () => {
    expect(formatPhone('25551234567')).toBe('25551234567');
  });

  it('uses a mask with the same layout as the formatted number', () => {
    expect(phoneMask).toBe('(999) 999-9999');
  });
});

describe('isValidSimplePhone', () => {
  it('accepts ten digits in the usual punctuations', () => {
    for (const phone of ['5551234567', '555-123-4567', '555.123.4567', '(555) 123-4567', '(555)123-4567']) {
      expect(isValidSimplePhone(phone), phone).toBe(true);
    }
  });

  it('accepts an optional country prefix', () => {
    for (const phone of ['+1 555 123 4567', '1-555-123-4567', '+44 555 123 4567', ' +15551234567 ']) {
      expect(isValidSimplePhone(phone), phone).toBe(true);
    }
  });

  it('refuses too few digits, letters and unbalanced parentheses', () => {
    for (const phone of ['555-123-456', '', 'call me', '(555 123-4567', '+1234 555 123 4567']) {
      expect(isValidSimplePhone(phone), phone).toBe(false);
    }
  });
});
