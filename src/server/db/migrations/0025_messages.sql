CREATE TABLE "message_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" bigint NOT NULL,
	"thread_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" bigint NOT NULL,
	"thread_id" bigint NOT NULL,
	"mailbox" text NOT NULL,
	"response_status" text DEFAULT 'unread' NOT NULL,
	CONSTRAINT "message_receipts_status_check" CHECK ("message_receipts"."response_status" in ('unread', 'read'))
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_type" text NOT NULL,
	"order_id" bigint,
	"cart_id" bigint,
	"branch_id" bigint,
	"buyer_organization_id" bigint,
	"supplier_organization_id" bigint,
	"requested_by_user_id" bigint,
	"owner_user_id" bigint,
	"label" text NOT NULL,
	"subject_line" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_subject_check" CHECK ("message_threads"."subject_type" in ('order', 'cart', 'organization', 'branch'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_id" bigint NOT NULL,
	"message_type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sender_user_id" bigint,
	"sending_organization_id" bigint,
	"sender_mailbox" text NOT NULL,
	"sender_title" text,
	"recipient_user_id" bigint,
	"event_kind" text,
	"event_name" text,
	"event_payload" jsonb,
	"event_version" integer
);
--> statement-breakpoint
CREATE TABLE "thread_mailboxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_id" bigint NOT NULL,
	"mailbox" text NOT NULL,
	"label" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_received_message_id" bigint,
	"last_received_at" timestamp with time zone,
	"last_sent_message_id" bigint,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "messages_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receipts" ADD CONSTRAINT "message_receipts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receipts" ADD CONSTRAINT "message_receipts_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sending_organization_id_organizations_id_fk" FOREIGN KEY ("sending_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_mailboxes" ADD CONSTRAINT "thread_mailboxes_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_receipts_message_mailbox_idx" ON "message_receipts" USING btree ("message_id","mailbox");--> statement-breakpoint
CREATE INDEX "message_receipts_mailbox_thread_idx" ON "message_receipts" USING btree ("mailbox","thread_id","response_status");--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_order_idx" ON "message_threads" USING btree ("order_id") WHERE "message_threads"."subject_type" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_cart_idx" ON "message_threads" USING btree ("cart_id") WHERE "message_threads"."subject_type" = 'cart';--> statement-breakpoint
CREATE INDEX "message_threads_owner_idx" ON "message_threads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "message_threads_search_idx" ON "message_threads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "thread_mailboxes_mailbox_thread_idx" ON "thread_mailboxes" USING btree ("mailbox","thread_id");--> statement-breakpoint
CREATE INDEX "thread_mailboxes_received_idx" ON "thread_mailboxes" USING btree ("mailbox","archived","last_received_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST) WHERE "thread_mailboxes"."last_received_at" is not null;--> statement-breakpoint
CREATE INDEX "thread_mailboxes_label_idx" ON "thread_mailboxes" USING btree ("mailbox","label","archived","last_received_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST) WHERE "thread_mailboxes"."last_received_at" is not null;--> statement-breakpoint
CREATE INDEX "thread_mailboxes_sent_idx" ON "thread_mailboxes" USING btree ("mailbox","last_sent_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST) WHERE "thread_mailboxes"."last_sent_at" is not null;--> statement-breakpoint
CREATE INDEX "thread_mailboxes_unread_idx" ON "thread_mailboxes" USING btree ("mailbox","label") WHERE "thread_mailboxes"."unread_count" > 0 and not "thread_mailboxes"."archived";--> statement-breakpoint
-- hand-written below
-- The messages area exists now: every user has an inbox, and order messages are on for everyone.
UPDATE "users" SET "messages_enabled" = true;--> statement-breakpoint
INSERT INTO "features" ("name", "enabled_globally") VALUES ('ORDER_MESSAGES', true)
  ON CONFLICT ("name") DO UPDATE SET "enabled_globally" = true;
