import { currentUserQueryOptions } from '../../../api/current-user';
import { queryClient } from '../../../api/query-client';
import { effectiveSort, hasFilters, readSearchState, readSortCookie, toApiParams } from '../search-url';
import { productSearchQueryOptions } from './search-products';

/**
 * Asks for the results the search page at `search` (a URL's query string) will show, the same request
 * the page makes, so they load beside the page's code instead of after its first render. Nothing is asked
 * when the page would ask nothing (no query, no filter); a failure is left to the page's own request.
 */
export async function prefetchSearchResults(search: string) {
  const user = await queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  const signedIn = Boolean(user);
  const state = readSearchState(new URLSearchParams(search));
  if (!state.query && !hasFilters(state, signedIn)) return;
  await queryClient.prefetchQuery(
    productSearchQueryOptions(toApiParams(state, effectiveSort(state, readSortCookie()), signedIn)),
  );
}
