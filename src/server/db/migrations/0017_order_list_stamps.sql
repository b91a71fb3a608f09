-- A running total of touches of each counter row of order_list_counts. Its sum for an organisation
-- and side only grows, and moves whenever an order of that side's list is added, removed, or changes
-- state, party, deactivation, submission time or searchable text: the Orders list keeps the counts of
-- searches and date ranges under it and recounts only when it moved (order-lists.repository).
ALTER TABLE "order_list_counts" ADD COLUMN "changes" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_list_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each touch adds a random step rather than 1, so a stamp seen inside a transaction that rolled back
  -- is not met again when later changes commit.
  INSERT INTO order_list_counts (organization_id, side, state, count, changes)
  SELECT organization_id, side, state, sum(delta)::int, 1 + (random() * 1000000)::bigint
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
   ORDER BY organization_id, side, state
  ON CONFLICT (organization_id, side, state)
  DO UPDATE SET count = order_list_counts.count + excluded.count,
                changes = order_list_counts.changes + excluded.changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER orders_list_counts ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_list_counts
AFTER INSERT OR DELETE OR UPDATE OF state, buyer_organization_id, supplier_organization_id, deactivated_at,
  submitted_at, order_number, name, job_number
ON orders FOR EACH ROW EXECUTE FUNCTION order_list_counts_track();
--> statement-breakpoint
UPDATE "order_list_counts" SET "changes" = 1;
