ALTER TABLE "orders" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deactivated_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deactivated_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deactivated_by_user_id_users_id_fk" FOREIGN KEY ("deactivated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;