import { describe, expect, it } from 'vitest';
import { maxQueryArrayItems, toQueryString } from './query-string';

describe('toQueryString', () => {
  it('serialises arrays with brackets and skips empty values', () => {
    expect(
      toQueryString({ branchIds: [1, 2], query: 'red maple', page: 1, empty: '', none: undefined }),
    ).toBe('?branchIds%5B%5D=1&branchIds%5B%5D=2&query=red+maple&page=1');
  });

  it('sends at most 200 array items', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    const search = new URLSearchParams(toQueryString({ ids }).slice(1));
    expect(search.getAll('ids[]')).toHaveLength(maxQueryArrayItems);
  });

  it('is empty when there is nothing to send', () => {
    expect(toQueryString({ a: null })).toBe('');
  });
});
