CREATE TABLE "notification_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization_id" bigint NOT NULL,
	"user_id" bigint,
	"notification_method" text NOT NULL,
	"notification_destination" text NOT NULL,
	"contact_label" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notification_contacts_method_check" CHECK ("notification_contacts"."notification_method" in ('Email', 'Phone'))
);
--> statement-breakpoint
CREATE TABLE "notification_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notification_contact_id" bigint NOT NULL,
	"key" text NOT NULL,
	"branch_id" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	CONSTRAINT "notification_subscriptions_slot_key" UNIQUE NULLS NOT DISTINCT("notification_contact_id","key","branch_id"),
	CONSTRAINT "notification_subscriptions_branch_check" CHECK (("notification_subscriptions"."key" in ('branch_order_notification', 'branch_photo_notification')) = ("notification_subscriptions"."branch_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_contacts" ADD CONSTRAINT "notification_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_notification_contact_id_notification_contacts_id_fk" FOREIGN KEY ("notification_contact_id") REFERENCES "public"."notification_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_contacts_destination_idx" ON "notification_contacts" USING btree ("organization_id","notification_method","notification_destination");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_subscriptions_token_idx" ON "notification_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_key_idx" ON "notification_subscriptions" USING btree ("key","branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_reminders_key_idx" ON "sent_reminders" USING btree ("reminder_key");