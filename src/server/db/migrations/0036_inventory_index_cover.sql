-- The inventory page's filters (stock, stale, a name search through product ids) read off
-- availabilities_branch_order_idx alone: the columns they test ride along in the index, so a branch's
-- count and pages need no visit to the table's rows. Declared in catalog.tables.ts without the
-- INCLUDE, which Drizzle cannot express.
DROP INDEX IF EXISTS "availabilities_branch_order_idx";
--> statement-breakpoint
CREATE INDEX "availabilities_branch_order_idx" ON "availabilities" USING btree ("branch_id","sort_name","sort_position","sort_size","id") INCLUDE ("product_id","in_stock","updated_at");
