ALTER TABLE "availabilities" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "sort_position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "sort_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "availabilities_branch_order_idx" ON "availabilities" USING btree ("branch_id","sort_name","sort_position","sort_size","id");--> statement-breakpoint
-- hand-written below
-- availabilities.sort_name, sort_position and sort_size copy the product's primary name and the variant's
-- position and size (the inventory page's order), so a branch's pages read availabilities_branch_order_idx
-- in order: page 400 of 20,000 listings took a sort of every listing joined to its product and variant.
-- The backfill leaves the search change log alone (the sort columns are not in the search index).
ALTER TABLE availabilities DISABLE TRIGGER search_index_availabilities_update;
--> statement-breakpoint
UPDATE availabilities a SET sort_name = p.primary_name, sort_position = v.position, sort_size = v.size
  FROM product_variants v JOIN products p ON p.id = v.product_id
 WHERE v.id = a.product_variant_id;
--> statement-breakpoint
ALTER TABLE availabilities ENABLE TRIGGER search_index_availabilities_update;
--> statement-breakpoint
-- A new or moved listing takes its product's name and its variant's position and size.
CREATE FUNCTION availabilities_sort_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.primary_name, v.position, v.size INTO NEW.sort_name, NEW.sort_position, NEW.sort_size
    FROM product_variants v JOIN products p ON p.id = v.product_id
   WHERE v.id = NEW.product_variant_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER availabilities_sort_columns BEFORE INSERT OR UPDATE OF product_variant_id, product_id
ON availabilities FOR EACH ROW EXECUTE FUNCTION availabilities_sort_columns();
--> statement-breakpoint
-- A renamed product, or a variant moved or resized, carries into its listings.
CREATE FUNCTION products_sort_name_to_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE availabilities a SET sort_name = n.primary_name
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE a.product_id = n.id AND n.primary_name IS DISTINCT FROM o.primary_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_sort_name_to_listings AFTER UPDATE ON products
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sort_name_to_listings();
--> statement-breakpoint
CREATE FUNCTION product_variants_sort_to_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE availabilities a SET sort_position = n.position, sort_size = n.size
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE a.product_variant_id = n.id AND (n.position, n.size) IS DISTINCT FROM (o.position, o.size);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_sort_to_listings AFTER UPDATE ON product_variants
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sort_to_listings();
