CREATE TABLE "branch_listing_counts" (
	"branch_id" bigint PRIMARY KEY NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	"last_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "branch_listing_counts" ADD CONSTRAINT "branch_listing_counts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- branch_listing_counts is kept by these statement triggers for every writer. Each statement's changes are
-- summed per branch and written once, branches in id order (the writers change one branch at a time). Rows of
-- a branch being deleted are skipped: its count row goes with it. An update always writes (its newest
-- updated_at is the branch's last change), so edits of one branch take turns on its count row.
CREATE FUNCTION branch_listing_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO branch_listing_counts (branch_id, listings, in_stock, last_updated_at)
    SELECT c.branch_id, count(*)::int, (count(*) FILTER (WHERE c.in_stock))::int, max(c.updated_at)
      FROM new_rows c JOIN branches b ON b.id = c.branch_id
     GROUP BY c.branch_id ORDER BY c.branch_id
    ON CONFLICT (branch_id) DO UPDATE
      SET listings = branch_listing_counts.listings + excluded.listings,
          in_stock = branch_listing_counts.in_stock + excluded.in_stock,
          last_updated_at = greatest(branch_listing_counts.last_updated_at, excluded.last_updated_at);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE branch_listing_counts t
       SET listings = t.listings - d.listings, in_stock = t.in_stock - d.in_stock
      FROM (SELECT branch_id, count(*)::int AS listings, (count(*) FILTER (WHERE in_stock))::int AS in_stock
              FROM old_rows GROUP BY branch_id ORDER BY branch_id) d
     WHERE t.branch_id = d.branch_id;
  ELSE
    INSERT INTO branch_listing_counts (branch_id, listings, in_stock, last_updated_at)
    SELECT c.branch_id, sum(c.listings)::int, sum(c.in_stock)::int, max(c.updated_at)
      FROM (SELECT branch_id, -1 AS listings, -(in_stock::int) AS in_stock, NULL::timestamptz AS updated_at FROM old_rows
            UNION ALL
            SELECT branch_id, 1, in_stock::int, updated_at FROM new_rows) c
      JOIN branches b ON b.id = c.branch_id
     GROUP BY c.branch_id
     ORDER BY c.branch_id
    ON CONFLICT (branch_id) DO UPDATE
      SET listings = branch_listing_counts.listings + excluded.listings,
          in_stock = branch_listing_counts.in_stock + excluded.in_stock,
          last_updated_at = greatest(branch_listing_counts.last_updated_at, excluded.last_updated_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER availabilities_counts_insert AFTER INSERT ON availabilities
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION branch_listing_counts_apply();
--> statement-breakpoint
CREATE TRIGGER availabilities_counts_update AFTER UPDATE ON availabilities
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION branch_listing_counts_apply();
--> statement-breakpoint
CREATE TRIGGER availabilities_counts_delete AFTER DELETE ON availabilities
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION branch_listing_counts_apply();
--> statement-breakpoint
INSERT INTO branch_listing_counts (branch_id, listings, in_stock, last_updated_at)
SELECT branch_id, count(*)::int, (count(*) FILTER (WHERE in_stock))::int, max(updated_at)
  FROM availabilities GROUP BY branch_id;
--> statement-breakpoint
-- The few listings out of stock, in the inventory list's order: the 'Out of stock' filter reads them
-- directly instead of walking the branch's whole order index past the ones in stock.
CREATE INDEX availabilities_branch_out_of_stock_idx ON availabilities (branch_id, sort_name, sort_position, sort_size, id) WHERE NOT in_stock;
