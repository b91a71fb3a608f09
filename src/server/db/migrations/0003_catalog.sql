CREATE TABLE "advantages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availabilities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"branch_id" bigint NOT NULL,
	"product_variant_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"ignore_quantity" boolean DEFAULT false NOT NULL,
	"field_status" text,
	"price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_price" integer,
	"in_stock" boolean GENERATED ALWAYS AS (("ignore_quantity" or "quantity" > 0)) STORED,
	CONSTRAINT "availabilities_quantity_check" CHECK ("availabilities"."quantity" >= 0),
	CONSTRAINT "availabilities_base_price_check" CHECK ("availabilities"."base_price" is null or "availabilities"."base_price" >= 0),
	CONSTRAINT "availabilities_price_tiers_check" CHECK (jsonb_typeof("availabilities"."price_tiers") = 'array'),
	CONSTRAINT "availabilities_field_status_check" CHECK ("availabilities"."field_status" is null or "availabilities"."field_status" in ('Ready', 'Pre-Dug', 'Dig to Order', 'Growing On'))
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"operator" text NOT NULL,
	"value" integer NOT NULL,
	"buyer_organization_id" bigint,
	"supplier_organization_id" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "discounts_kind_check" CHECK ("discounts"."kind" in ('purchase', 'supplier', 'platform', 'online')),
	CONSTRAINT "discounts_operator_check" CHECK ("discounts"."operator" in ('PERCENTAGE', 'FLAT_RATE')),
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value" >= 0 and ("discounts"."operator" <> 'PERCENTAGE' or "discounts"."value" <= 10000)),
	CONSTRAINT "discounts_parties_check" CHECK (("discounts"."kind" = 'purchase' and "discounts"."buyer_organization_id" is not null and "discounts"."supplier_organization_id" is not null)
        or ("discounts"."kind" in ('supplier', 'online') and "discounts"."buyer_organization_id" is null and "discounts"."supplier_organization_id" is not null)
        or "discounts"."kind" = 'platform')
);
--> statement-breakpoint
CREATE TABLE "product_advantages" (
	"product_id" bigint NOT NULL,
	"advantage_id" bigint NOT NULL,
	CONSTRAINT "product_advantages_product_id_advantage_id_pk" PRIMARY KEY("product_id","advantage_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_families" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"group_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"group_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_groups_group_type_check" CHECK ("product_groups"."group_type" in ('GREEN_GOOD', 'HARD_GOOD'))
);
--> statement-breakpoint
CREATE TABLE "product_synonyms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'synonym' NOT NULL,
	"usda_symbol" text,
	CONSTRAINT "product_synonyms_kind_check" CHECK ("product_synonyms"."kind" in ('synonym', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" bigint NOT NULL,
	"size" text NOT NULL,
	"container" text,
	"standard_container" text,
	"size_inches" numeric(7, 2),
	"size_feet" numeric(7, 2),
	"characteristics" text[] DEFAULT '{}'::text[] NOT NULL,
	"characteristics_key" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path_identifier" text NOT NULL,
	"primary_name" text NOT NULL,
	"secondary_name" text,
	"patent_name" text,
	"botanical_genus" text,
	"botanical_species" text,
	"cultivar" text,
	"group_id" bigint,
	"family_id" bigint,
	"brand_id" bigint,
	"hardiness_zones" text,
	"hardiness_zone_min" smallint,
	"hardiness_zone_max" smallint,
	"restricted" boolean DEFAULT false NOT NULL,
	"description" text,
	"image_url" text,
	"usda_symbol" text,
	"category_names" text DEFAULT '' NOT NULL,
	"synonym_names" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (search_fold("primary_name" || ' ' || coalesce("patent_name", '') || ' ' || coalesce("secondary_name", '') || ' ' || coalesce("cultivar", '') || ' ' || coalesce("synonym_names", ''))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold("primary_name" || ' ' || coalesce("patent_name", ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("secondary_name", '') || ' ' || coalesce("cultivar", ''))), 'B') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("synonym_names", '') || ' ' || coalesce("category_names", ''))), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "notices" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_buyer_organization_id_organizations_id_fk" FOREIGN KEY ("buyer_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_supplier_organization_id_organizations_id_fk" FOREIGN KEY ("supplier_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_advantages" ADD CONSTRAINT "product_advantages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_advantages" ADD CONSTRAINT "product_advantages_advantage_id_advantages_id_fk" FOREIGN KEY ("advantage_id") REFERENCES "public"."advantages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_families" ADD CONSTRAINT "product_families_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_synonyms" ADD CONSTRAINT "product_synonyms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advantages_slug_idx" ON "advantages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "availabilities_branch_variant_idx" ON "availabilities" USING btree ("branch_id","product_variant_id");--> statement-breakpoint
CREATE INDEX "availabilities_variant_idx" ON "availabilities" USING btree ("product_variant_id");--> statement-breakpoint
CREATE INDEX "availabilities_product_idx" ON "availabilities" USING btree ("product_id","base_price");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_idx" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "discounts_supplier_idx" ON "discounts" USING btree ("supplier_organization_id");--> statement-breakpoint
CREATE INDEX "discounts_buyer_idx" ON "discounts" USING btree ("buyer_organization_id");--> statement-breakpoint
CREATE INDEX "product_advantages_advantage_idx" ON "product_advantages" USING btree ("advantage_id","product_id");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_families_group_slug_idx" ON "product_families" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "product_families_slug_idx" ON "product_families" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_groups_slug_idx" ON "product_groups" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_synonyms_product_name_idx" ON "product_synonyms" USING btree ("product_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size_idx" ON "product_variants" USING btree ("product_id","size");--> statement-breakpoint
CREATE INDEX "product_variants_standard_container_idx" ON "product_variants" USING btree ("standard_container");--> statement-breakpoint
CREATE UNIQUE INDEX "products_path_identifier_idx" ON "products" USING btree ("path_identifier");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_primary_name_idx" ON "products" USING btree ("primary_name");--> statement-breakpoint
CREATE INDEX "products_secondary_name_idx" ON "products" USING btree ("secondary_name");--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");