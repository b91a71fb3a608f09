import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultSearchPerPage,
  productSearchSortCookie,
  type SearchSort,
  searchSorts,
} from '../../../domain/search/search-sorts';
import type { ProductSearchQuery } from './api/search-products';

/** Filters that hold a list of names (repeated in the page URL, bracketed in API calls). */
export const listFilterKeys = [
  'categories',
  'advantages',
  'fieldStatus',
  'brand',
  'standardContainer',
  'container',
  'size',
] as const;
export type ListFilterKey = (typeof listFilterKeys)[number];

/** The four supplier switches; they count only with supplierFilter=true (signed-in users). */
export const supplierSwitchKeys = [
  'activeCart',
  'preferredSuppliers',
  'sellingOnline',
  'evdSuppliers',
] as const;
export type SupplierSwitchKey = (typeof supplierSwitchKeys)[number];

export const supplierSwitchLabels: Record<SupplierSwitchKey, string> = {
  activeCart: 'In Active Cart',
  preferredSuppliers: 'My Favorites',
  sellingOnline: 'Accept Online Orders',
  evdSuppliers: 'Honor My Purchase Discount',
};

/** Scope filters that arrive from links (header product groups, brand pages) and show as chips too. */
const scopeKeys = ['productGroupSlug', 'productFamilySlug', 'brandId'] as const;
type ScopeKey = (typeof scopeKeys)[number];

/** Everything the search page shows, read from its URL: the URL is the only state (links and Back work). */
export type SearchState = {
  query: string;
  page: number;
  /** The sort written in the URL; null means the remembered (cookie) or default one. */
  sort: SearchSort | null;
  lists: Record<ListFilterKey, string[]>;
  available: boolean;
  quantity: number | null;
  supplierFilter: boolean;
  switches: Record<SupplierSwitchKey, boolean>;
  scope: Partial<Record<ScopeKey, string>>;
};

const isTrue = (value: string | null) => value === 'true' || value === '1';

/** A list value, from `key=a&key=b` or `key[]=a` (links copied from the API form work too). */
function readList(params: URLSearchParams, key: string): string[] {
  const values = [...params.getAll(key), ...params.getAll(`${key}[]`)].map((v) => v.trim()).filter(Boolean);
  return [...new Set(values)];
}

export function readSearchState(params: URLSearchParams): SearchState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort');
  const quantity = Number.parseInt(params.get('quantity') ?? '', 10);
  const scope: SearchState['scope'] = {};
  for (const key of scopeKeys) {
    const value = params.get(key)?.trim();
    if (value) scope[key] = value;
  }
  return {
    query: (params.get('query') ?? '').trim(),
    page: Number.isFinite(page) && page > 1 ? page : 1,
    sort: searchSorts.includes(sort as SearchSort) ? (sort as SearchSort) : null,
    lists: Object.fromEntries(listFilterKeys.map((key) => [key, readList(params, key)])) as Record<
      ListFilterKey,
      string[]
    >,
    available: isTrue(params.get('available')),
    quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : null,
    supplierFilter: isTrue(params.get('supplierFilter')),
    switches: Object.fromEntries(supplierSwitchKeys.map((key) => [key, isTrue(params.get(key))])) as Record<
      SupplierSwitchKey,
      boolean
    >,
    scope,
  };
}

/** Whether any filter (not the query, sort or page) is set. */
export function hasFilters(state: SearchState, signedIn: boolean): boolean {
  return (
    listFilterKeys.some((key) => state.lists[key].length > 0) ||
    state.available ||
    state.quantity !== null ||
    (signedIn && state.supplierFilter) ||
    Object.keys(state.scope).length > 0
  );
}

/** The sort in force: the URL's, else the remembered one, else relevance with a query and A-Z without. */
export function effectiveSort(state: SearchState, remembered: SearchSort | null): SearchSort {
  const sort = state.sort ?? remembered;
  if (sort && (sort !== 'relevance' || state.query)) return sort;
  return state.query ? 'relevance' : 'primary_name|asc';
}

/** The API parameters of the page's request (flags go out as the strings the contract reads). */
export function toApiParams(
  state: SearchState,
  sort: SearchSort,
  signedIn: boolean,
  perPage = defaultSearchPerPage,
): ProductSearchQuery {
  const { brandId, ...slugs } = state.scope;
  const params: ProductSearchQuery = {
    query: state.query || undefined,
    page: state.page,
    perPage,
    sort,
    pageName: 'Product Search',
    available: state.available ? 'true' : undefined,
    quantity: state.quantity ?? undefined,
    ...slugs,
    brandId: brandId === undefined ? undefined : Number(brandId),
  };
  for (const key of listFilterKeys) if (state.lists[key].length) params[key] = state.lists[key];
  if (signedIn && state.supplierFilter) {
    params.supplierFilter = 'true';
    for (const key of supplierSwitchKeys) if (state.switches[key]) params[key] = 'true';
  }
  return params;
}

export type SearchChanges = {
  query?: string | null;
  page?: number;
  sort?: SearchSort | null;
  lists?: Partial<Record<ListFilterKey, string[]>>;
  available?: boolean;
  quantity?: number | null;
  supplierFilter?: boolean;
  switches?: Partial<Record<SupplierSwitchKey, boolean>>;
  /** Drops every filter (the query and sort stay). */
  clearFilters?: boolean;
  /** Drops one scope filter (productGroupSlug, productFamilySlug, brandId). */
  clearScope?: ScopeKey;
};

const filterParamKeys = [
  ...listFilterKeys,
  ...listFilterKeys.map((key) => `${key}[]`),
  'available',
  'quantity',
  'supplierFilter',
  ...supplierSwitchKeys,
  ...scopeKeys,
];

function setFlag(params: URLSearchParams, key: string, on: boolean) {
  if (on) params.set(key, 'true');
  else params.delete(key);
}

/** Applies changes to the URL's params. Anything but a page change sends the user back to page 1. */
export function applySearchChanges(previous: URLSearchParams, changes: SearchChanges): URLSearchParams {
  const next = new URLSearchParams(previous);
  if (changes.page === undefined) next.delete('page');
  else if (changes.page <= 1) next.delete('page');
  else next.set('page', String(changes.page));
  if (changes.clearFilters) for (const key of filterParamKeys) next.delete(key);
  if (changes.clearScope) next.delete(changes.clearScope);
  if (changes.query !== undefined) {
    if (changes.query?.trim()) next.set('query', changes.query.trim());
    else next.delete('query');
  }
  if (changes.sort !== undefined) {
    if (changes.sort) next.set('sort', changes.sort);
    else next.delete('sort');
  }
  for (const [key, values] of Object.entries(changes.lists ?? {})) {
    next.delete(key);
    next.delete(`${key}[]`);
    for (const value of values ?? []) next.append(key, value);
  }
  if (changes.available !== undefined) setFlag(next, 'available', changes.available);
  if (changes.quantity !== undefined) {
    if (changes.quantity) next.set('quantity', String(changes.quantity));
    else next.delete('quantity');
  }
  if (changes.supplierFilter !== undefined) {
    setFlag(next, 'supplierFilter', changes.supplierFilter);
    if (!changes.supplierFilter) for (const key of supplierSwitchKeys) next.delete(key);
  }
  for (const [key, on] of Object.entries(changes.switches ?? {})) setFlag(next, key, Boolean(on));
  return next;
}

/** The search page's state and the one way to change it; every change adds a history entry. */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const update = useCallback(
    (changes: SearchChanges) => setParams((previous) => applySearchChanges(previous, changes)),
    [setParams],
  );
  return { state, update };
}

/** The sort remembered in the productSearchSort cookie (spec part 2 §3), if it is a known one. */
export function readSortCookie(): SearchSort | null {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${productSearchSortCookie}=`));
  if (!entry) return null;
  const value = decodeURIComponent(entry.slice(productSearchSortCookie.length + 1));
  return searchSorts.includes(value as SearchSort) ? (value as SearchSort) : null;
}

export function writeSortCookie(sort: SearchSort) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie; no Cookie Store API in every browser
  document.cookie = `${productSearchSortCookie}=${encodeURIComponent(sort)}; path=/; max-age=31536000; samesite=lax`;
}
