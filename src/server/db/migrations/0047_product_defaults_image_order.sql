DROP INDEX "product_images_product_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ignore_quantity_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position","created_at");--> statement-breakpoint
-- hand-written below
-- Photos keep the order the product page showed them in until now (newest first).
UPDATE "product_images" i SET "position" = o.n
  FROM (SELECT id, (row_number() OVER (PARTITION BY product_id ORDER BY created_at DESC, id DESC) - 1)::int AS n
          FROM "product_images") o
 WHERE o.id = i.id;
