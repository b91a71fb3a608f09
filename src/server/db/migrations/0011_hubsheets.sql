CREATE TABLE "hubsheets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"user_id" bigint,
	"organization_id" bigint,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"postal_code" text,
	"radius_restriction" integer,
	"job_date" date,
	"logistics_rate" numeric(12, 2),
	"import_list_id" bigint,
	"matching_state" text DEFAULT 'done' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "hubsheets_status_check" CHECK ("hubsheets"."status" in ('in_progress', 'ready_to_bid', 'ready_to_order')),
	CONSTRAINT "hubsheets_matching_state_check" CHECK ("hubsheets"."matching_state" in ('pending', 'running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "import_lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint,
	"filename" text NOT NULL,
	"content_type" text,
	"byte_size" integer NOT NULL,
	"headers_included" boolean DEFAULT true NOT NULL,
	"original_headers" text[] DEFAULT '{}'::text[] NOT NULL,
	"rows" jsonb NOT NULL,
	"product_name_index" smallint,
	"container_index" smallint,
	"quantity_index" smallint,
	"budgeted_price_index" smallint,
	"other_indexes" smallint[] DEFAULT '{}'::smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learned_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization_id" bigint NOT NULL,
	"text_key" text NOT NULL,
	"product_id" bigint NOT NULL,
	"product_variant_id" bigint,
	"user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hubsheet_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"original_text" text NOT NULL,
	"size_text" text,
	"quantity_text" text,
	"quantity" numeric(12, 2),
	"budget_price" numeric(12, 2),
	"evidence" text[] DEFAULT '{}'::text[] NOT NULL,
	"original_row" text[],
	"match_state" text DEFAULT 'pending' NOT NULL,
	"match_score" smallint,
	"product_id" bigint,
	"product_variant_id" bigint,
	"alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chosen_by_user" boolean DEFAULT false NOT NULL,
	"chosen_branch_id" bigint,
	"cart_id" bigint,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "list_items_match_state_check" CHECK ("list_items"."match_state" in ('pending', 'matching', 'matched')),
	CONSTRAINT "list_items_match_score_check" CHECK ("list_items"."match_score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "hubsheets" ADD CONSTRAINT "hubsheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubsheets" ADD CONSTRAINT "hubsheets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubsheets" ADD CONSTRAINT "hubsheets_import_list_id_import_lists_id_fk" FOREIGN KEY ("import_list_id") REFERENCES "public"."import_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_lists" ADD CONSTRAINT "import_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_lists" ADD CONSTRAINT "import_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_matches" ADD CONSTRAINT "learned_matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_matches" ADD CONSTRAINT "learned_matches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_matches" ADD CONSTRAINT "learned_matches_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_matches" ADD CONSTRAINT "learned_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_hubsheet_id_hubsheets_id_fk" FOREIGN KEY ("hubsheet_id") REFERENCES "public"."hubsheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_chosen_branch_id_branches_id_fk" FOREIGN KEY ("chosen_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hubsheets_organization_updated_idx" ON "hubsheets" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "hubsheets_user_updated_idx" ON "hubsheets" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "import_lists_user_idx" ON "import_lists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learned_matches_org_text_idx" ON "learned_matches" USING btree ("organization_id","text_key");--> statement-breakpoint
CREATE INDEX "list_items_hubsheet_position_idx" ON "list_items" USING btree ("hubsheet_id","position");