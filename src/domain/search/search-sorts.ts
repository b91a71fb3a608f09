/*
 * The search page's sorts, sizes and sort cookie, apart from the request schema (search-params.ts): the
 * web app reads them in its first script, to ask for a search's results while the page's code loads,
 * and this module brings no zod into that script.
 */

/** Sort orders of the search page (spec part 2 §9); relevance is the default when there is a query. */
export const searchSorts = [
  'relevance',
  'primary_name|asc',
  'primary_name|desc',
  'secondary_name|asc',
  'secondary_name|desc',
] as const;
export type SearchSort = (typeof searchSorts)[number];

export const searchSortLabels: Record<SearchSort, string> = {
  relevance: 'Most Relevant',
  'primary_name|asc': 'Botanical Name (A-Z)',
  'primary_name|desc': 'Botanical Name (Z-A)',
  'secondary_name|asc': 'Common Name (A-Z)',
  'secondary_name|desc': 'Common Name (Z-A)',
};

/** The cookie that remembers the chosen sort (spec part 2 §3). */
export const productSearchSortCookie = 'productSearchSort';

export const maxSearchQueryLength = 200;
export const maxSearchPerPage = 100;
export const defaultSearchPerPage = 24;
