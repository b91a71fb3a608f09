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
CREATE INDEX "search_events_user_idx" ON "search_events" USING btree ("user_id");