-- What changed in the catalogue, for the in-memory product search index
-- (src/server/modules/search/search-index.ts). Every statement that writes a table the index reads
-- moves search_index_versions.version by one and logs the products it touched under that version; a
-- statement on a small shared table (brands, categories, branches, …) logs a null product: reload all;
-- one on discounts logs product -1: reload the discounts.
-- The version row is updated inside the writing transaction, so its lock orders writers: a reader that
-- sees version V knows every change up to V has committed, and can bring its index up to V by reloading
-- the products logged between its own version and V.
CREATE TABLE "search_index_versions" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "search_index_versions" DEFAULT VALUES;
--> statement-breakpoint
CREATE TABLE "search_index_changes" (
  "version" bigint NOT NULL,
  -- null: something every product depends on changed
  "product_id" bigint,
  "changed_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "search_index_changes_version_idx" ON "search_index_changes" ("version");
--> statement-breakpoint
CREATE FUNCTION search_index_bump() RETURNS bigint LANGUAGE sql AS $$
  UPDATE search_index_versions SET version = version + 1 RETURNING version
$$;
--> statement-breakpoint
-- Row tables: the products of the statement's rows (new and old), under one new version.
CREATE FUNCTION search_index_log_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := search_index_bump();
  column_name text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO search_index_changes (version, product_id) SELECT DISTINCT $1, %I FROM new_rows', column_name) USING v;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO search_index_changes (version, product_id) SELECT DISTINCT $1, %I FROM old_rows', column_name) USING v;
  ELSE
    EXECUTE format('INSERT INTO search_index_changes (version, product_id) SELECT DISTINCT $1, p FROM (SELECT %I AS p FROM new_rows UNION SELECT %I FROM old_rows) touched', column_name, column_name) USING v;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Discounts: the index reloads its discounts only (product id -1).
CREATE FUNCTION search_index_log_discounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_changes (version, product_id) VALUES (search_index_bump(), -1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_index_discounts AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discounts FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_discounts();
--> statement-breakpoint
-- Shared tables and truncations: reload everything.
CREATE FUNCTION search_index_log_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_changes (version, product_id) VALUES (search_index_bump(), NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row tables: three triggers each (transition tables allow one event per trigger), logging the
-- product column named beside the table.
DO $$
DECLARE
  target record;
  shared_table text;
BEGIN
  FOR target IN SELECT * FROM (VALUES ('availabilities', 'product_id'), ('product_variants', 'product_id'),
                                       ('products', 'id'), ('product_categories', 'product_id'),
                                       ('product_advantages', 'product_id')) AS t(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_products(%L)',
                   'search_index_' || target.tbl || '_insert', target.tbl, target.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_products(%L)',
                   'search_index_' || target.tbl || '_update', target.tbl, target.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_products(%L)',
                   'search_index_' || target.tbl || '_delete', target.tbl, target.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_all()',
                   'search_index_' || target.tbl || '_truncate', target.tbl);
  END LOOP;
  -- Shared tables: any change reloads everything.
  FOREACH shared_table IN ARRAY ARRAY['branches', 'brands', 'categories', 'advantages', 'product_groups', 'product_families'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_all()',
                   'search_index_' || shared_table, shared_table);
  END LOOP;
END
$$;
