import { describe, expect, it } from 'vitest';
import { applySearchChanges, effectiveSort, hasFilters, readSearchState, toApiParams } from './search-url';

const state = (search: string) => readSearchState(new URLSearchParams(search));

describe('the search page URL', () => {
  it('reads lists from repeated and bracketed keys, without duplicates', () => {
    const read = state('query=maple&standardContainer=B%26B&size=%233&size%5B%5D=%233&size%5B%5D=%235');
    expect(read.query).toBe('maple');
    expect(read.lists.standardContainer).toEqual(['B&B']);
    expect(read.lists.size).toEqual(['#3', '#5']);
    expect(read.page).toBe(1);
  });

  it('ignores an unknown sort, a bad page and a bad quantity', () => {
    const read = state('sort=price%7Casc&page=-3&quantity=abc');
    expect(read.sort).toBeNull();
    expect(read.page).toBe(1);
    expect(read.quantity).toBeNull();
  });

  it('sends any filter change back to page 1, but keeps the page when paging', () => {
    const start = new URLSearchParams('query=maple&page=3');
    expect(applySearchChanges(start, { lists: { brand: ['Monrovia'] } }).toString()).toBe(
      'query=maple&brand=Monrovia',
    );
    expect(applySearchChanges(start, { page: 4 }).get('page')).toBe('4');
    expect(applySearchChanges(start, { page: 1 }).has('page')).toBe(false);
  });

  it('clears every filter but keeps the query and sort', () => {
    const start = new URLSearchParams(
      'query=maple&sort=primary_name%7Cdesc&brand=A&available=true&quantity=5&supplierFilter=true&activeCart=true&productGroupSlug=trees',
    );
    expect(applySearchChanges(start, { clearFilters: true }).toString()).toBe(
      'query=maple&sort=primary_name%7Cdesc',
    );
  });

  it('turning the supplier filter off drops its switches', () => {
    const next = applySearchChanges(new URLSearchParams('supplierFilter=true&activeCart=true'), {
      supplierFilter: false,
    });
    expect(next.toString()).toBe('');
  });

  it('sends supplier switches only for signed-in users', () => {
    const read = state('query=oak&supplierFilter=true&preferredSuppliers=true');
    expect(hasFilters(read, false)).toBe(false);
    expect(toApiParams(read, 'relevance', false)).not.toHaveProperty('supplierFilter');
    expect(toApiParams(read, 'relevance', true)).toMatchObject({
      supplierFilter: 'true',
      preferredSuppliers: 'true',
    });
  });

  it('uses the URL sort, then the remembered one, then relevance (A-Z without a query)', () => {
    expect(effectiveSort(state('query=oak&sort=secondary_name%7Casc'), 'primary_name|desc')).toBe(
      'secondary_name|asc',
    );
    expect(effectiveSort(state('query=oak'), 'primary_name|desc')).toBe('primary_name|desc');
    expect(effectiveSort(state('query=oak'), null)).toBe('relevance');
    expect(effectiveSort(state('brand=A'), 'relevance')).toBe('primary_name|asc');
  });
});
