CREATE TABLE "branch_order_requirements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"branch_id" bigint NOT NULL,
	"minimum_order_cents" integer,
	"minimum_lead_days" integer,
	"delivery_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"pickup_hours" text,
	CONSTRAINT "branch_order_requirements_values_check" CHECK (("branch_order_requirements"."minimum_order_cents" is null or "branch_order_requirements"."minimum_order_cents" >= 0) and ("branch_order_requirements"."minimum_lead_days" is null or "branch_order_requirements"."minimum_lead_days" >= 0))
);
--> statement-breakpoint
CREATE TABLE "product_mappings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization_id" bigint NOT NULL,
	"source_key" text NOT NULL,
	"product_id" bigint NOT NULL,
	"product_variant_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_discount_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_organization_id" bigint NOT NULL,
	"supplier_organization_id" bigint NOT NULL,
	"operator" text NOT NULL,
	"value" integer NOT NULL,
	"terms" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" bigint,
	"decided_by_user_id" bigint,
	"decided_at" timestamp with time zone,
	"discount_id" bigint,
	CONSTRAINT "purchase_discount_requests_state_check" CHECK ("purchase_discount_requests"."state" in ('pending', 'approved', 'denied')),
	CONSTRAINT "purchase_discount_requests_operator_check" CHECK ("purchase_discount_requests"."operator" in ('PERCENTAGE', 'FLAT_RATE'))
);
--> statement-breakpoint
CREATE TABLE "supplier_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"branch_id" bigint NOT NULL,
	"body" text NOT NULL,
	"starts_on" date,
	"ends_on" date
);
--> statement-breakpoint
CREATE TABLE "import_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" bigint NOT NULL,
	"line_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"source_key" text,
	"target_id" bigint,
	"suggestion" jsonb,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"organization_id" bigint,
	"branch_id" bigint,
	"user_id" bigint,
	"file_name" text NOT NULL,
	"mode" text DEFAULT 'append' NOT NULL,
	"status" text DEFAULT 'previewing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"applied_at" timestamp with time zone,
	CONSTRAINT "imports_mode_check" CHECK ("imports"."mode" in ('append', 'replace')),
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('previewing', 'ready', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "branch_order_requirements" ADD CONSTRAINT "branch_order_requirements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_mappings" ADD CONSTRAINT "product_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_mappings" ADD CONSTRAINT "product_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_mappings" ADD CONSTRAINT "product_mappings_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_discount_requests" ADD CONSTRAINT "purchase_discount_requests_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_discount_requests" ADD CONSTRAINT "purchase_discount_requests_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_discount_requests" ADD CONSTRAINT "purchase_discount_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_discount_requests" ADD CONSTRAINT "purchase_discount_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_discount_requests" ADD CONSTRAINT "purchase_discount_requests_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_notices" ADD CONSTRAINT "supplier_notices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_lines" ADD CONSTRAINT "import_lines_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_order_requirements_branch_idx" ON "branch_order_requirements" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_mappings_org_key_idx" ON "product_mappings" USING btree ("organization_id","source_key");--> statement-breakpoint
CREATE INDEX "purchase_discount_requests_supplier_idx" ON "purchase_discount_requests" USING btree ("supplier_organization_id","state");--> statement-breakpoint
CREATE INDEX "purchase_discount_requests_buyer_idx" ON "purchase_discount_requests" USING btree ("buyer_organization_id");--> statement-breakpoint
CREATE INDEX "supplier_notices_branch_idx" ON "supplier_notices" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "import_lines_import_idx" ON "import_lines" USING btree ("import_id","line_number");--> statement-breakpoint
CREATE INDEX "imports_branch_idx" ON "imports" USING btree ("branch_id","created_at");