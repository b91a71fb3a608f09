CREATE TABLE "search_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"query" text,
	"page_name" text,
	"product_id" bigint,
	"results_count" integer,
	"product_data" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_events_event_type_check" CHECK ("search_events"."event_type" in ('MAKE_SEARCH', 'COMPLETE_SEARCH', 'CLICK'))
);
--> statement-breakpoint
ALTER TABLE "search_events" ADD CONSTRAINT "search_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_events_created_idx" ON "search_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_events_user_idx" ON "search_events" USING btree ("user_id");--> statement-breakpoint
-- Search facets ask "does this product have a listing with this dig status (and stock)?" per product;
-- this index answers it without reading the listings. Owned by the search module (raw SQL: the
-- availabilities table belongs to the catalogue's schema file).
CREATE INDEX IF NOT EXISTS "search_availabilities_product_status_idx" ON "availabilities" USING btree ("product_id", "field_status", "in_stock");
--> statement-breakpoint
-- Search sums stock and prices over all listings of a page of products (hundreds each); with these
-- columns in the index that is an index-only scan instead of one heap read per listing.
CREATE INDEX IF NOT EXISTS "search_availabilities_product_cover_idx" ON "availabilities" USING btree ("product_id") INCLUDE ("branch_id", "product_variant_id", "in_stock", "quantity", "ignore_quantity", "base_price", "field_status");
