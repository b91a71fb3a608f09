CREATE TABLE "order_change_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"proposed_by_side" text NOT NULL,
	"proposed_by_user_id" bigint,
	"bailiwick" text NOT NULL,
	"order_item_id" bigint,
	"proposal" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by_user_id" bigint,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	CONSTRAINT "order_change_proposals_side_check" CHECK ("order_change_proposals"."proposed_by_side" in ('buyer', 'supplier')),
	CONSTRAINT "order_change_proposals_bailiwick_check" CHECK ("order_change_proposals"."bailiwick" in ('fulfillment_date', 'order_item')),
	CONSTRAINT "order_change_proposals_state_check" CHECK ("order_change_proposals"."state" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "order_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "purchase_order_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"responded_with" text NOT NULL,
	"shipping_mode" text,
	"shipping_amount" integer,
	"shipping_notes" text,
	"reason" text,
	"comment" text,
	"responded_by_user_id" bigint,
	CONSTRAINT "purchase_order_responses_responded_with_check" CHECK ("purchase_order_responses"."responded_with" in ('confirm_order', 'confirm_with_shipping', 'confirm_with_platform_shipping', 'reject_order', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_mode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_on" date;--> statement-breakpoint
ALTER TABLE "order_change_proposals" ADD CONSTRAINT "order_change_proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_proposals" ADD CONSTRAINT "order_change_proposals_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_proposals" ADD CONSTRAINT "order_change_proposals_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_proposals" ADD CONSTRAINT "order_change_proposals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_responses" ADD CONSTRAINT "purchase_order_responses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_responses" ADD CONSTRAINT "purchase_order_responses_responded_by_user_id_users_id_fk" FOREIGN KEY ("responded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_change_proposals_order_idx" ON "order_change_proposals" USING btree ("order_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "order_versions_order_version_idx" ON "order_versions" USING btree ("order_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_responses_order_version_idx" ON "purchase_order_responses" USING btree ("order_id","version");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_mode_check" CHECK ("orders"."shipping_mode" is null or "orders"."shipping_mode" in ('pickup', 'supplier_ship', 'platform_ship'));