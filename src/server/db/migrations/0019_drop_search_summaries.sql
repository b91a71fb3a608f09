-- Product search answers from its in-memory index (migration 0018, src/server/modules/search/search-index.ts),
-- which sums listings itself: the per-product summaries of migration 0006 are no longer read, and their
-- triggers only cost every listing write. The EXISTS-probe indexes of 0005 stay (other lists use them).
DROP TRIGGER IF EXISTS product_search_summaries_listings_insert ON availabilities;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_search_summaries_listings_update ON availabilities;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_search_summaries_listings_delete ON availabilities;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_search_summaries_variants_update ON product_variants;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_search_summaries_branches_update ON branches;
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_search_summaries_after_listings();
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_search_summaries_after_branches();
--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_product_search_summaries(bigint[]);
--> statement-breakpoint
DROP TABLE IF EXISTS product_search_supplier_prices;
--> statement-breakpoint
DROP TABLE IF EXISTS product_search_summaries;
