CREATE TABLE "quickbooks_authorizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"realm_id" text NOT NULL,
	"company_name" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"connected_by_user_id" bigint,
	"connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quickbooks_pushed_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"document_number" text NOT NULL,
	"realm_id" text NOT NULL,
	"quickbooks_id" text NOT NULL,
	"push_id" bigint
);
--> statement-breakpoint
CREATE TABLE "quickbooks_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"invoices_pushed" integer DEFAULT 0 NOT NULL,
	"bills_pushed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "quickbooks_authorizations" ADD CONSTRAINT "quickbooks_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_connections" ADD CONSTRAINT "quickbooks_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_pushed_records" ADD CONSTRAINT "quickbooks_pushed_records_push_id_quickbooks_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."quickbooks_pushes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_pushes" ADD CONSTRAINT "quickbooks_pushes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_authorizations_state_idx" ON "quickbooks_authorizations" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_connections_realm_idx" ON "quickbooks_connections" USING btree ("realm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_pushed_records_document_idx" ON "quickbooks_pushed_records" USING btree ("realm_id","kind","document_number");--> statement-breakpoint
CREATE INDEX "quickbooks_pushes_requested_idx" ON "quickbooks_pushes" USING btree ("requested_at");