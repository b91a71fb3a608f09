CREATE TABLE "invoice_totals" (
	"buyer_organization_id" bigint NOT NULL,
	"status" text NOT NULL,
	"invoice_count" integer NOT NULL,
	"amount_due" bigint NOT NULL,
	CONSTRAINT "invoice_totals_pkey" PRIMARY KEY("buyer_organization_id","status")
);
--> statement-breakpoint
DROP INDEX "message_threads_search_idx";--> statement-breakpoint
ALTER TABLE "message_threads" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower(search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_open_amount_due_idx" ON "invoices" USING btree ("buyer_organization_id","amount_due","id") WHERE "invoices"."status" <> 'PAID';--> statement-breakpoint
CREATE INDEX "invoices_open_number_idx" ON "invoices" USING btree ("buyer_organization_id","invoice_number","id") WHERE "invoices"."status" <> 'PAID';--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin (lower("invoice_number" || ' ' || "order_name" || ' ' || "order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "message_threads_search_idx" ON "message_threads" USING gin ("search_folded" gin_trgm_ops);
--> statement-breakpoint
-- hand-written below
-- invoice_totals is kept by this trigger for every writer: one statement per invoice change, its rows
-- in key order, so concurrent payments lock the counter rows in the same order and cannot deadlock.
CREATE FUNCTION invoice_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_totals (buyer_organization_id, status, invoice_count, amount_due)
  SELECT organization_id, status, sum(count_delta)::int, sum(due_delta)
    FROM (
      SELECT OLD.buyer_organization_id, OLD.status, -1, -OLD.amount_due::bigint WHERE TG_OP <> 'INSERT'
      UNION ALL
      SELECT NEW.buyer_organization_id, NEW.status, 1, NEW.amount_due::bigint WHERE TG_OP <> 'DELETE'
    ) AS changes (organization_id, status, count_delta, due_delta)
   GROUP BY organization_id, status
  HAVING sum(count_delta) <> 0 OR sum(due_delta) <> 0
   ORDER BY organization_id, status
  ON CONFLICT (buyer_organization_id, status)
  DO UPDATE SET invoice_count = invoice_totals.invoice_count + excluded.invoice_count,
                amount_due = invoice_totals.amount_due + excluded.amount_due;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_totals
AFTER INSERT OR DELETE OR UPDATE OF status, amount_due, buyer_organization_id
ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_totals_track();
--> statement-breakpoint
INSERT INTO invoice_totals (buyer_organization_id, status, invoice_count, amount_due)
SELECT buyer_organization_id, status, count(*)::int, coalesce(sum(amount_due), 0)
  FROM invoices GROUP BY buyer_organization_id, status;
