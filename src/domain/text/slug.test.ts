import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('turns a company name into lower-case words joined by hyphens', () => {
    expect(slugify('Green Acres Nursery & Landscaping, Inc.')).toBe(
      'green-acres-nursery-and-landscaping-inc',
    );
  });
  it('drops accents and falls back to a word when nothing is left', () => {
    expect(slugify('Pépinière Côté')).toBe('pepiniere-cote');
    expect(slugify('!!!')).toBe('item');
  });
});
