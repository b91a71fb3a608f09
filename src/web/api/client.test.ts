import { describe, expect, it } from 'vitest';
import { errorMessageOf, genericErrorMessage } from './client';

describe('errorMessageOf', () => {
  it("prefers the server's message", () => {
    expect(errorMessageOf({ message: 'Cart not found' }, 'Not Found')).toBe('Cart not found');
  });

  it('falls back to the status text', () => {
    expect(errorMessageOf(null, 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorMessageOf({ message: '  ' }, 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('ends with the generic support message', () => {
    expect(errorMessageOf('<html>', '')).toBe(genericErrorMessage);
    expect(genericErrorMessage).toBe('An error occurred - please contact support.');
  });
});
