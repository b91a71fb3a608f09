-- Search tiles show, per product, stock and prices over ALL its listings when no listing-level filter
-- is asked (the common case, and always the header dropdown). Summing hundreds of listings per tile on
-- every search is what made uncached search slow; this table keeps those sums per product. Owned by the
-- search module (raw SQL: it is derived from the catalogue's tables, never written by the app).
-- Kept fresh by statement-level triggers on availabilities and product_variants; a bulk load may set
-- `hedgerow.defer_search_summaries = 'on'` (transaction-local) and call
-- refresh_product_search_summaries() once at the end instead.
CREATE TABLE IF NOT EXISTS "product_search_summaries" (
	"product_id" bigint PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	-- distinct branches with the product in stock
	"in_stock_suppliers" integer NOT NULL,
	-- sum of in-stock quantities
	"total_available" integer NOT NULL,
	-- some in-stock listing ignores quantity
	"ignore_quantity" boolean NOT NULL,
	"has_stock" boolean NOT NULL,
	-- quantity-1 (base) price range over all listings
	"min_price" integer,
	"max_price" integer,
	-- distinct characteristics keys of variants with a listing, joined by commas
	"characteristics" text
);
--> statement-breakpoint
-- The lowest quantity-1 price of each product at each supplier organisation (split by whether the
-- branch sells online, which decides Online Savings), for the tiles' prices without a listing filter.
CREATE TABLE IF NOT EXISTS "product_search_supplier_prices" (
	"product_id" bigint NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"organization_id" bigint NOT NULL,
	"sells_online" boolean NOT NULL,
	"price" integer NOT NULL,
	PRIMARY KEY ("product_id", "organization_id", "sells_online")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_product_search_summaries(product_ids bigint[] DEFAULT NULL) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF product_ids IS NULL THEN
    DELETE FROM product_search_summaries;
    INSERT INTO product_search_summaries
      SELECT a.product_id,
             count(DISTINCT a.branch_id) FILTER (WHERE a.in_stock)::int,
             coalesce(sum(a.quantity) FILTER (WHERE a.in_stock), 0)::int,
             coalesce(bool_or(a.ignore_quantity) FILTER (WHERE a.in_stock), false),
             coalesce(bool_or(a.in_stock), false),
             min(a.base_price)::int, max(a.base_price)::int,
             (SELECT string_agg(DISTINCT v.characteristics_key, ',') FROM product_variants v
               WHERE v.product_id = a.product_id
                 AND EXISTS (SELECT 1 FROM availabilities a2 WHERE a2.product_variant_id = v.id))
        FROM availabilities a
       GROUP BY a.product_id;
    DELETE FROM product_search_supplier_prices;
    INSERT INTO product_search_supplier_prices
      SELECT a.product_id, b.organization_id, b.sells_online, min(a.base_price)::int
        FROM availabilities a JOIN branches b ON b.id = a.branch_id
       WHERE a.base_price IS NOT NULL
       GROUP BY a.product_id, b.organization_id, b.sells_online;
  ELSE
    DELETE FROM product_search_summaries WHERE product_id = ANY (product_ids);
    INSERT INTO product_search_summaries
      SELECT a.product_id,
             count(DISTINCT a.branch_id) FILTER (WHERE a.in_stock)::int,
             coalesce(sum(a.quantity) FILTER (WHERE a.in_stock), 0)::int,
             coalesce(bool_or(a.ignore_quantity) FILTER (WHERE a.in_stock), false),
             coalesce(bool_or(a.in_stock), false),
             min(a.base_price)::int, max(a.base_price)::int,
             (SELECT string_agg(DISTINCT v.characteristics_key, ',') FROM product_variants v
               WHERE v.product_id = a.product_id
                 AND EXISTS (SELECT 1 FROM availabilities a2 WHERE a2.product_variant_id = v.id))
        FROM availabilities a
       WHERE a.product_id = ANY (product_ids)
         AND EXISTS (SELECT 1 FROM products p WHERE p.id = a.product_id)
       GROUP BY a.product_id;
    DELETE FROM product_search_supplier_prices WHERE product_id = ANY (product_ids);
    INSERT INTO product_search_supplier_prices
      SELECT a.product_id, b.organization_id, b.sells_online, min(a.base_price)::int
        FROM availabilities a JOIN branches b ON b.id = a.branch_id
       WHERE a.product_id = ANY (product_ids) AND a.base_price IS NOT NULL
         AND EXISTS (SELECT 1 FROM products p WHERE p.id = a.product_id)
       GROUP BY a.product_id, b.organization_id, b.sells_online;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_summaries_after_listings() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids bigint[];
BEGIN
  IF coalesce(current_setting('hedgerow.defer_search_summaries', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT product_id) INTO ids
      FROM (SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows) changed;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM refresh_product_search_summaries(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_summaries_listings_insert AFTER INSERT ON availabilities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_summaries_after_listings();
--> statement-breakpoint
CREATE TRIGGER product_search_summaries_listings_update AFTER UPDATE ON availabilities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_summaries_after_listings();
--> statement-breakpoint
CREATE TRIGGER product_search_summaries_listings_delete AFTER DELETE ON availabilities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_summaries_after_listings();
--> statement-breakpoint
-- A variant's characteristics key shows in 'Available in'.
CREATE TRIGGER product_search_summaries_variants_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_summaries_after_listings();
--> statement-breakpoint
-- A branch's organisation and sells-online flag group the supplier prices.
CREATE OR REPLACE FUNCTION product_search_summaries_after_branches() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids bigint[];
BEGIN
  IF coalesce(current_setting('hedgerow.defer_search_summaries', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT a.product_id) INTO ids
    FROM availabilities a
   WHERE a.branch_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                          WHERE n.organization_id IS DISTINCT FROM o.organization_id
                             OR n.sells_online IS DISTINCT FROM o.sells_online);
  IF ids IS NOT NULL THEN
    PERFORM refresh_product_search_summaries(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_summaries_branches_update AFTER UPDATE ON branches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_summaries_after_branches();
--> statement-breakpoint
SELECT refresh_product_search_summaries();
