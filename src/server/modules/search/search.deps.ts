import type { QueryTermsReader, SearchCache, SearchTracker } from './search.service';
import type { SearchIndexKeeper } from './search-index';

// The search module's long-lived objects, built by the composition root (src/server/app.ts).
declare module '../../core/deps' {
  interface AppDeps {
    /** The product search index, kept in step with the database (search-index.ts). */
    searchIndex: SearchIndexKeeper;
    /** Recent search answers, for a repeated search within searchCacheSeconds. */
    searchCache: SearchCache;
    /** The query words and their trigram matches, remembered per query text. */
    queryTerms: QueryTermsReader;
    /** Searches and clicks, written to the database in batches. */
    searchTracker: SearchTracker;
  }
}
