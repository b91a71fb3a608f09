import { describe, expect, it } from 'vitest';
import { signUpReturnPath } from './sign-up-return';

describe('signUpReturnPath', () => {
  it('returns to the search, a branch page and an availability page with their query', () => {
    expect(signUpReturnPath({ pathname: '/search', search: '?query=maple' })).toBe('/search?query=maple');
    expect(signUpReturnPath({ pathname: '/suppliers/green-valley', search: '' })).toBe(
      '/suppliers/green-valley',
    );
    expect(signUpReturnPath({ pathname: '/products/acer-rubrum/availability', search: '?page=2' })).toBe(
      '/products/acer-rubrum/availability?page=2',
    );
  });

  it('sends other pages to the default destination', () => {
    expect(signUpReturnPath({ pathname: '/', search: '' })).toBeUndefined();
    expect(signUpReturnPath({ pathname: '/suppliers/map', search: '' })).toBeUndefined();
    expect(signUpReturnPath({ pathname: '/about', search: '' })).toBeUndefined();
  });
});
