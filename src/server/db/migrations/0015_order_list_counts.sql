-- The Orders list's counter cache and page indexes (order-lists.repository, bench/orders.ts).
-- Counting a side's open orders read every matching index entry (12,500 for a busy supplier: most of
-- a page's cost); order_list_counts keeps, per organisation, side and state, how many listed orders
-- (not deactivated) there are, kept true by a trigger on orders for every writer. Lists filtered by
-- date or text still count the rows themselves.
CREATE TABLE "order_list_counts" (
  "organization_id" bigint NOT NULL,
  "side" text NOT NULL,
  "state" text NOT NULL,
  "count" integer NOT NULL,
  CONSTRAINT "order_list_counts_pkey" PRIMARY KEY ("organization_id", "side", "state"),
  CONSTRAINT "order_list_counts_side_check" CHECK ("side" in ('buyer', 'supplier'))
);
--> statement-breakpoint
-- One statement per order change, its rows in key order, so concurrent changes lock the counter rows
-- in the same order and cannot deadlock.
CREATE FUNCTION order_list_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_counts (organization_id, side, state, count)
  SELECT organization_id, side, state, sum(delta)::int
    FROM (
      SELECT OLD.buyer_organization_id, 'buyer', OLD.state, -1
       WHERE TG_OP <> 'INSERT' AND OLD.deactivated_at IS NULL
      UNION ALL
      SELECT OLD.supplier_organization_id, 'supplier', OLD.state, -1
       WHERE TG_OP <> 'INSERT' AND OLD.deactivated_at IS NULL
      UNION ALL
      SELECT NEW.buyer_organization_id, 'buyer', NEW.state, 1
       WHERE TG_OP <> 'DELETE' AND NEW.deactivated_at IS NULL
      UNION ALL
      SELECT NEW.supplier_organization_id, 'supplier', NEW.state, 1
       WHERE TG_OP <> 'DELETE' AND NEW.deactivated_at IS NULL
    ) AS changes (organization_id, side, state, delta)
   GROUP BY organization_id, side, state
  HAVING sum(delta) <> 0
   ORDER BY organization_id, side, state
  ON CONFLICT (organization_id, side, state)
  DO UPDATE SET count = order_list_counts.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_list_counts
AFTER INSERT OR DELETE OR UPDATE OF state, buyer_organization_id, supplier_organization_id, deactivated_at
ON orders FOR EACH ROW EXECUTE FUNCTION order_list_counts_track();
--> statement-breakpoint
INSERT INTO order_list_counts (organization_id, side, state, count)
SELECT buyer_organization_id, 'buyer', state, count(*)::int FROM orders WHERE deactivated_at IS NULL
 GROUP BY buyer_organization_id, state
UNION ALL
SELECT supplier_organization_id, 'supplier', state, count(*)::int FROM orders WHERE deactivated_at IS NULL
 GROUP BY supplier_organization_id, state;
--> statement-breakpoint
-- A page of a side's list walks these in the list's default order and reads the state from the index.
CREATE INDEX "orders_buyer_list_idx" ON "orders" ("buyer_organization_id", "submitted_at" DESC, "id" DESC)
  INCLUDE ("state") WHERE "deactivated_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "orders_supplier_list_idx" ON "orders" ("supplier_organization_id", "submitted_at" DESC, "id" DESC)
  INCLUDE ("state") WHERE "deactivated_at" IS NULL;
