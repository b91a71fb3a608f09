import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSearchResponse } from '../../../../domain/search/search-results';
import { apiRequest } from '../../../api/client';
import type { QueryValue } from '../../../api/query-string';

export const productSearchPath = '/api/v1/products/search';

/** `GET /api/v1/products/search` with the page's filters (arrays go out with brackets). */
export function searchProducts(params: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest<ProductSearchResponse>(productSearchPath, { query: params, signal });
}

export const productSearchQueryOptions = (params: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['products', 'search', 'page', params] as const,
    queryFn: ({ signal }) => searchProducts(params, signal),
    // The facets stay on screen while the next page or filter loads (no panel flicker).
    placeholderData: keepPreviousData,
  });

/** The search page's results and facet counts; nothing is asked while `params` is null. */
export function useProductSearch(params: Record<string, QueryValue> | null) {
  return useQuery({ ...productSearchQueryOptions(params ?? {}), enabled: params !== null });
}
