CREATE TABLE "import_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint NOT NULL,
	"organization_id" bigint,
	"filename" text NOT NULL,
	"content_type" text,
	"byte_size" integer NOT NULL,
	"data" "bytea",
	"crop" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"import_list_id" bigint,
	CONSTRAINT "import_images_status_check" CHECK ("import_images"."status" in ('queued', 'processing', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_images" ADD CONSTRAINT "import_images_import_list_id_import_lists_id_fk" FOREIGN KEY ("import_list_id") REFERENCES "public"."import_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_images_user_idx" ON "import_images" USING btree ("user_id");