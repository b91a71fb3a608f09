ALTER TABLE "search_index_changes" ADD COLUMN "branch_id" bigint;--> statement-breakpoint
-- hand-written below
-- Listings log (product, branch) pairs: a supplier's 20,000-line upload into one branch reloads that
-- branch's listings of those products, not every listing of 20,000 products (which, above 5,000
-- products, meant reloading the whole index).
CREATE FUNCTION search_index_log_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := search_index_bump();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_index_changes (version, product_id, branch_id) SELECT DISTINCT v, product_id, branch_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_index_changes (version, product_id, branch_id) SELECT DISTINCT v, product_id, branch_id FROM old_rows;
  ELSE
    INSERT INTO search_index_changes (version, product_id, branch_id)
      SELECT v, product_id, branch_id FROM (SELECT product_id, branch_id FROM new_rows UNION SELECT product_id, branch_id FROM old_rows) touched;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER search_index_availabilities_insert ON availabilities;
--> statement-breakpoint
DROP TRIGGER search_index_availabilities_update ON availabilities;
--> statement-breakpoint
DROP TRIGGER search_index_availabilities_delete ON availabilities;
--> statement-breakpoint
CREATE TRIGGER search_index_availabilities_insert AFTER INSERT ON availabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_listings();
--> statement-breakpoint
CREATE TRIGGER search_index_availabilities_update AFTER UPDATE ON availabilities REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_listings();
--> statement-breakpoint
CREATE TRIGGER search_index_availabilities_delete AFTER DELETE ON availabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_log_listings();
