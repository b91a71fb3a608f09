CREATE TABLE "support_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text DEFAULT 'contact' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"user_id" bigint,
	"attachment_key" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment_size" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_user_id" bigint,
	"reply" text,
	"replied_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" bigint,
	CONSTRAINT "support_requests_status_check" CHECK ("support_requests"."status" in ('open', 'resolved')),
	CONSTRAINT "support_requests_kind_check" CHECK ("support_requests"."kind" in ('contact', 'list'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_idx" ON "roles" USING btree ("name");--> statement-breakpoint
-- hand-written below
-- The built-in Beehive roles (src/domain/admin/permissions.ts builtInRoles); admin holds every permission in code.
INSERT INTO "roles" ("name", "description", "permissions") VALUES
  ('admin', 'Everything in Beehive.', ARRAY['view_users','edit_users','impersonate_users','manage_roles','view_organizations','edit_organizations','manage_feature_flags','view_outbox','view_orders','manage_orders','manage_logistics','manage_marketing','manage_purchase_discounts','manage_support_requests','manage_catalog','manage_api_keys']::text[]),
  ('logistics_admin', 'Freight estimates, trucks and the orders they concern.', ARRAY['view_orders','manage_logistics']::text[]),
  ('market_manager', 'Looks after the organisations assigned to them.', ARRAY['view_users','view_organizations','edit_organizations','view_orders','manage_support_requests']::text[]),
  ('support', 'Answers support requests.', ARRAY['view_users','view_organizations','view_orders','view_outbox','manage_support_requests']::text[])
ON CONFLICT ("name") DO NOTHING;
