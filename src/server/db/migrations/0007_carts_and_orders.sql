CREATE SEQUENCE "public"."cart_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_fulfillments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"fulfillment" text DEFAULT 'pickup' NOT NULL,
	"requested_on" date,
	"delivery_address" jsonb,
	"delivery_instructions" text,
	"notes_to_supplier" text,
	CONSTRAINT "cart_fulfillments_fulfillment_check" CHECK ("cart_fulfillments"."fulfillment" in ('pickup', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"product_variant_id" bigint,
	"product_id" bigint,
	"quantity" numeric(12, 2) NOT NULL,
	"sort_position" integer NOT NULL,
	"non_catalog" boolean DEFAULT false NOT NULL,
	"non_catalog_name" text,
	"non_catalog_size" text,
	"non_catalog_unit" text,
	"unit_price_override" integer,
	"buyer_notes" text,
	"shared_notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" > 0),
	CONSTRAINT "cart_items_kind_check" CHECK (("cart_items"."non_catalog" and "cart_items"."non_catalog_name" is not null and "cart_items"."product_variant_id" is null)
        or (not "cart_items"."non_catalog" and "cart_items"."product_variant_id" is not null and "cart_items"."product_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "cart_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_id" bigint NOT NULL,
	"author_id" bigint,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_number" text DEFAULT 'Q-' || nextval('cart_number_seq') NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint,
	"external_job_number" text,
	"external_phase" text,
	"postal_code" text,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "carts_state_check" CHECK ("carts"."state" in ('draft', 'in_review', 'submitted')),
	CONSTRAINT "carts_submitted_check" CHECK (("carts"."state" = 'submitted') = ("carts"."submitted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "current_carts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"cart_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"status" integer,
	"response" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" bigint NOT NULL,
	"name" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"user_id" bigint,
	"impersonator_user_id" bigint,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_id" bigint,
	"product_variant_id" bigint,
	"primary_name" text NOT NULL,
	"secondary_name" text,
	"size" text,
	"characteristics" text[] DEFAULT '{}'::text[] NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"book_price" integer,
	"buyer_price" integer,
	"supplier_price" integer,
	"price_category" text,
	"buyer_total" integer NOT NULL,
	"supplier_total" integer NOT NULL,
	"buyer_notes" text,
	"shared_notes" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_number" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"cart_id" bigint,
	"user_id" bigint NOT NULL,
	"buyer_organization_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"supplier_organization_id" bigint NOT NULL,
	"job_number" text,
	"job_phase" text,
	"fulfillment" text DEFAULT 'pickup' NOT NULL,
	"requested_on" date,
	"delivery_address" jsonb,
	"delivery_instructions" text,
	"buyer_to_supplier_notes" text,
	"original_subtotal" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"subtotal" integer NOT NULL,
	"supplier_subtotal" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_fulfillment_check" CHECK ("orders"."fulfillment" in ('pickup', 'delivery'))
);
--> statement-breakpoint
ALTER TABLE "cart_fulfillments" ADD CONSTRAINT "cart_fulfillments_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_fulfillments" ADD CONSTRAINT "cart_fulfillments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_notes" ADD CONSTRAINT "cart_notes_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_notes" ADD CONSTRAINT "cart_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_carts" ADD CONSTRAINT "current_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_carts" ADD CONSTRAINT "current_carts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_fulfillments_cart_branch_idx" ON "cart_fulfillments" USING btree ("cart_id","branch_id");--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","sort_position");--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" USING btree ("product_variant_id");--> statement-breakpoint
CREATE INDEX "cart_notes_cart_idx" ON "cart_notes" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_cart_number_idx" ON "carts" USING btree ("cart_number");--> statement-breakpoint
CREATE INDEX "carts_user_state_idx" ON "carts" USING btree ("user_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "carts_organization_idx" ON "carts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_idx" ON "idempotency_keys" USING btree ("user_id","key","action");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_buyer_organization_idx" ON "orders" USING btree ("buyer_organization_id","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_supplier_organization_idx" ON "orders" USING btree ("supplier_organization_id","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_branch_idx" ON "orders" USING btree ("branch_id","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id");