-- A stamp of the catalogue's names and sizes, for the hubsheet matcher's in-memory index
-- (src/server/modules/hubsheets/matching/match-lines.ts): reading one row tells whether the index is
-- still true, where counting products and sizes and their latest updates took 60 ms a call on the
-- large catalogue. Every statement that adds, removes or renames products, sizes or groups moves it,
-- whatever wrote them; updates of other columns (search summaries, prices) do not.
CREATE TABLE "catalog_versions" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "catalog_versions" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION catalog_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The clock in microseconds, so two copies of one database (test templates) do not share a stamp.
  UPDATE catalog_versions
     SET version = greatest(version + 1, (extract(epoch from clock_timestamp()) * 1000000)::bigint);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_version
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF path_identifier, primary_name, secondary_name, patent_name,
  botanical_genus, botanical_species, cultivar, group_id, hardiness_zones, synonym_names
ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_version
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();
--> statement-breakpoint
CREATE TRIGGER product_groups_catalog_version
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
ON product_groups FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();
