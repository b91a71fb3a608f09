import { describe, expect, it } from 'vitest';
import { sameSitePath } from './same-site-path';

describe('sameSitePath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(sameSitePath('/quotes')).toBe('/quotes');
    expect(sameSitePath('/search?query=maple#results')).toBe('/search?query=maple#results');
  });

  it('refuses addresses that lead to another site', () => {
    for (const value of [
      '//evil.test',
      '/\\evil.test',
      'https://evil.test/home',
      'javascript:alert(1)',
      'home',
    ]) {
      expect(sameSitePath(value), value).toBeNull();
    }
  });

  it('refuses a path hiding a control character', () => {
    expect(sameSitePath('/\t/evil.test')).toBeNull();
  });

  it('gives null for nothing', () => {
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath('')).toBeNull();
  });
});
