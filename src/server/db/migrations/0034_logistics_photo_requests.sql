CREATE TABLE "freight_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"cart_id" bigint,
	"order_id" bigint,
	"thread_id" bigint NOT NULL,
	"request_message_id" bigint,
	"buyer_organization_id" bigint,
	"requested_by_user_id" bigint,
	"branch_id" bigint,
	"destination_city" text NOT NULL,
	"destination_state" text NOT NULL,
	"destination_postal_code" text NOT NULL,
	"expected_ship_date" date,
	"fulfillment_hours" text,
	"needs_delivery_assist" boolean DEFAULT false NOT NULL,
	"notes" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"distance_miles" double precision,
	"responded_at" timestamp with time zone,
	"estimate_cost" integer,
	"estimate_notes" text,
	"truck_id" bigint,
	"estimate_pdf_name" text,
	"response_message_id" bigint,
	"estimated_by_user_id" bigint,
	CONSTRAINT "freight_requests_source_check" CHECK ("freight_requests"."source" in ('cart', 'order')),
	CONSTRAINT "freight_requests_estimate_cost_check" CHECK ("freight_requests"."estimate_cost" is null or "freight_requests"."estimate_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"pallet_capacity" integer NOT NULL,
	"weight_capacity_lb" integer NOT NULL,
	"rate_per_mile" integer NOT NULL,
	"minimum_charge" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "trucks_figures_check" CHECK ("trucks"."pallet_capacity" > 0 and "trucks"."weight_capacity_lb" > 0 and "trucks"."rate_per_mile" >= 0 and "trucks"."minimum_charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photo_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_id" bigint NOT NULL,
	"request_message_id" bigint,
	"branch_id" bigint NOT NULL,
	"supplier_organization_id" bigint NOT NULL,
	"buyer_organization_id" bigint NOT NULL,
	"requested_by_user_id" bigint,
	"product_id" bigint NOT NULL,
	"product_variant_id" bigint NOT NULL,
	"item" jsonb NOT NULL,
	"notes" text,
	"responded_at" timestamp with time zone,
	"response_message_id" bigint,
	"responded_by_user_id" bigint,
	"photo_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"picture_taken_on" date,
	"public" boolean,
	"reply_message" text
);
--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_request_message_id_messages_id_fk" FOREIGN KEY ("request_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_response_message_id_messages_id_fk" FOREIGN KEY ("response_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_requests" ADD CONSTRAINT "freight_requests_estimated_by_user_id_users_id_fk" FOREIGN KEY ("estimated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_request_message_id_messages_id_fk" FOREIGN KEY ("request_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_response_message_id_messages_id_fk" FOREIGN KEY ("response_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_requests" ADD CONSTRAINT "photo_requests_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_requests_order_idx" ON "freight_requests" USING btree ("order_id") WHERE "freight_requests"."source" = 'order';--> statement-breakpoint
CREATE INDEX "freight_requests_open_idx" ON "freight_requests" USING btree ("created_at") WHERE "freight_requests"."responded_at" is null;--> statement-breakpoint
CREATE INDEX "freight_requests_thread_idx" ON "freight_requests" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "freight_requests_cart_idx" ON "freight_requests" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_name_idx" ON "trucks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "photo_requests_branch_open_idx" ON "photo_requests" USING btree ("branch_id") WHERE "photo_requests"."responded_at" is null;--> statement-breakpoint
CREATE INDEX "photo_requests_thread_idx" ON "photo_requests" USING btree ("thread_id");