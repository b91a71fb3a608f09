CREATE TABLE "search_impressions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"branch_id" bigint NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_impressions_count_check" CHECK ("search_impressions"."impressions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "search_impressions" ADD CONSTRAINT "search_impressions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_impressions_branch_day_idx" ON "search_impressions" USING btree ("branch_id","day");--> statement-breakpoint
CREATE INDEX "search_impressions_day_idx" ON "search_impressions" USING btree ("day");