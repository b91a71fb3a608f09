import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { answerOf, api } from '../../../api/api';

/**
 * Records that a search result was opened (`POST /api/v1/search_clicks`). Fire and forget: the
 * user's navigation never waits for it, and a failure is only logged (spec part 2 §8).
 */
export function recordSearchClick(input: {
  query: string;
  pageName: string;
  product: ProductSearchResult;
  resultsCount: number;
}) {
  const { product } = input;
  answerOf(
    api.POST('/api/v1/search_clicks', {
      body: {
        query: input.query,
        pageName: input.pageName,
        productId: product.id,
        resultsCount: input.resultsCount,
        productData: {
          pathIdentifier: product.pathIdentifier,
          primaryName: product.primaryName,
          secondaryName: product.secondaryName,
        },
      },
    }),
  ).catch((error: unknown) => console.warn('Search click was not recorded', error));
}
