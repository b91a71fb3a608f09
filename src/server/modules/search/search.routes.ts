import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxSearchQueryLength, searchParamsSchema } from '../../../domain/search/search-params';
import { productSearchResponseSchema } from '../../../domain/search/search-results';
import { optionalAuth } from '../../http/auth';
import { normalizeBracketedKeys } from '../../http/bracket-arrays';
import { answers, noContent } from '../../http/contract';
import * as search from './search.service';

// Beyond the contract: `include=results` answers without aggregations (empty lists), as the header
// dropdown needs; pageName 'Header Search' does the same.
const searchQuerystring = searchParamsSchema.extend({
  include: z.enum(['results', 'all'], { error: 'include must be results or all' }).optional(),
});

const clickBody = z.object({
  query: z
    .string()
    .trim()
    .max(maxSearchQueryLength, { error: `Limit query to ${maxSearchQueryLength} characters` })
    .optional(),
  pageName: z.string().trim().max(50, { error: 'Limit pageName to 50 characters' }).optional(),
  productId: z.coerce
    .number({ error: 'productId must be a number' })
    .int()
    .positive({ error: 'productId must be a positive id' }),
  resultsCount: z.coerce.number().int().min(0).optional(),
  productData: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 10_000, { error: 'productData is too large' })
    .optional(),
});

/** Product search and search click tracking (spec part 2 §2–§4, part 1 §7). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { searchCache: cache, searchIndex: index, queryTerms: terms, searchTracker: tracker } = deps;
  // Outside tests, the index is loaded as the server starts, so the first search does not wait for it.
  if (deps.config.env !== 'test')
    app.addHook('onReady', async () => {
      void index.current().catch((error) => app.log.warn({ err: error }, 'loading the search index failed'));
    });
  app.addHook('onClose', async () => tracker.flush());

  app.get(
    '/api/v1/products/search',
    {
      schema: {
        tags: ['search'],
        querystring: searchQuerystring,
        response: answers({ 200: productSearchResponseSchema }, 400),
      },
      preValidation: normalizeBracketedKeys,
    },
    async (request) => {
      const caller = await optionalAuth(request);
      const { include, ...params } = request.query;
      const aggregations = include !== 'results' && params.pageName !== search.headerSearchPageName;
      const tracked = {
        query: params.query ?? null,
        pageName: params.pageName ?? null,
        // An API key's caller stands in for its organisation and has no users row (issue 20).
        userId: caller && !caller.apiKeyId ? caller.user.id : null,
      };
      let response: Awaited<ReturnType<typeof search.searchProducts>>;
      try {
        response = await search.searchProducts(deps.db, caller, params, {
          aggregations,
          cache,
          index,
          terms,
        });
      } catch (error) {
        tracker.record(caller, [{ eventType: 'MAKE_SEARCH', ...tracked }]);
        throw error;
      }
      // Recorded after the answer is computed and written in batches: tracking never slows or fails a search.
      tracker.record(caller, [
        { eventType: 'MAKE_SEARCH', ...tracked },
        { eventType: 'COMPLETE_SEARCH', ...tracked, resultsCount: response.totalCount },
      ]);
      // A results page shows its tiles: impressions of the branches behind them (the header's
      // suggestions are not a results page).
      if (params.pageName !== search.headerSearchPageName)
        tracker.recordImpressions(response.results.map((result) => result.id));
      return response;
    },
  );

  app.post(
    '/api/v1/search_clicks',
    { schema: { tags: ['search'], body: clickBody, response: answers({ 204: noContent }, 400) } },
    async (request, reply) => {
      const caller = await optionalAuth(request);
      const { productData, productId, query, pageName, resultsCount } = request.body;
      tracker.record(null, [
        {
          eventType: 'CLICK',
          query: query ?? null,
          pageName: pageName ?? null,
          productId,
          resultsCount: resultsCount ?? null,
          productData: productData ?? null,
          userId: caller?.user.id ?? null,
        },
      ]);
      return reply.status(204).send(null);
    },
  );
};
