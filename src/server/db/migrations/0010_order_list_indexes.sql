CREATE INDEX "orders_buyer_state_idx" ON "orders" USING btree ("buyer_organization_id","state");--> statement-breakpoint
CREATE INDEX "orders_supplier_state_idx" ON "orders" USING btree ("supplier_organization_id","state");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (("order_number" || ' ' || "name" || ' ' || coalesce("job_number", '')) gin_trgm_ops);