import { queryOptions, useQuery } from '@tanstack/react-query';
import { headerSearchMinCharacters, headerSearchResultCount } from '../../../../domain/search/header-search';
import { searchProducts } from './search-products';

export const headerSearchPageName = 'Header Search';

/**
 * The header's live results for one query. Each query is asked once per session (staleTime
 * Infinity): typing back to an earlier query shows its cached answer without a request. A request
 * dropped because the user typed on is aborted quietly; any other failure is logged and the dropdown
 * shows nothing (spec part 2 §8).
 */
export const headerSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['products', 'search', 'header', query] as const,
    queryFn: async ({ signal }) => {
      try {
        return await searchProducts(
          { query, perPage: headerSearchResultCount, pageName: headerSearchPageName },
          signal,
        );
      } catch (error) {
        if (!signal.aborted) console.warn('Header search failed', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });

/** Live results once the trimmed query has at least 2 characters. */
export function useHeaderSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    ...headerSearchQueryOptions(trimmed),
    enabled: trimmed.length >= headerSearchMinCharacters,
  });
}
