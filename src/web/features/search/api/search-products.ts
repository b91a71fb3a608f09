import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { paths } from '../../../api/generated/openapi';

/** The filters `GET /api/v1/products/search` reads (arrays go out with brackets). */
export type ProductSearchQuery = NonNullable<paths['/api/v1/products/search']['get']['parameters']['query']>;

/** `GET /api/v1/products/search` with the page's filters. */
export function searchProducts(query: ProductSearchQuery, signal?: AbortSignal) {
  return answerOf(api.GET('/api/v1/products/search', { params: { query }, signal }));
}

export const productSearchQueryOptions = (params: ProductSearchQuery) =>
  queryOptions({
    queryKey: ['products', 'search', 'page', params] as const,
    queryFn: ({ signal }) => searchProducts(params, signal),
    // The facets stay on screen while the next page or filter loads (no panel flicker).
    placeholderData: keepPreviousData,
  });

/** The search page's results and facet counts; nothing is asked while `params` is null. */
export function useProductSearch(params: ProductSearchQuery | null) {
  return useQuery({ ...productSearchQueryOptions(params ?? {}), enabled: params !== null });
}
