CREATE TABLE "house_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"zone_id" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"alt_text" text NOT NULL,
	"active_from" date,
	"active_to" date,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "house_ads_dates_check" CHECK ("house_ads"."active_from" is null or "house_ads"."active_to" is null or "house_ads"."active_to" >= "house_ads"."active_from")
);
--> statement-breakpoint
CREATE TABLE "marketing_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"audience" text NOT NULL,
	"cta_url" text,
	"cta_button_label" text,
	"cta_event_label" text,
	"event_label" text,
	"active_from" date,
	"active_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" bigint,
	CONSTRAINT "marketing_messages_dates_check" CHECK ("marketing_messages"."active_from" is null or "marketing_messages"."active_to" is null or "marketing_messages"."active_to" >= "marketing_messages"."active_from")
);
--> statement-breakpoint
CREATE TABLE "address_book_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address_id" bigint NOT NULL,
	"organization_id" bigint,
	"user_id" bigint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint NOT NULL,
	"search_sort" text,
	"email_messages" boolean DEFAULT true NOT NULL,
	"email_photo_requests" boolean DEFAULT true NOT NULL,
	"email_schedule_reminders" boolean DEFAULT true NOT NULL,
	"email_product_news" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_messages" ADD CONSTRAINT "marketing_messages_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "house_ads_zone_idx" ON "house_ads" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "marketing_messages_audience_idx" ON "marketing_messages" USING btree ("audience");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_address_idx" ON "address_book_entries" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "address_book_entries_organization_idx" ON "address_book_entries" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "address_book_entries_user_idx" ON "address_book_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_org_default_idx" ON "address_book_entries" USING btree ("organization_id") WHERE "address_book_entries"."is_default" and "address_book_entries"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_user_default_idx" ON "address_book_entries" USING btree ("user_id") WHERE "address_book_entries"."is_default" and "address_book_entries"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_user_idx" ON "user_preferences" USING btree ("user_id");