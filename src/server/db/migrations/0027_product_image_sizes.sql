ALTER TABLE "product_images" ADD COLUMN "small_storage_key" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "mini_storage_key" text;