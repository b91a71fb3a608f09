ALTER TABLE "cart_items" ADD COLUMN "staff_book_price" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "staff_buyer_price" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "staff_supplier_price" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_staff_prices_check" CHECK (coalesce("cart_items"."staff_book_price", 0) >= 0 and coalesce("cart_items"."staff_buyer_price", 0) >= 0
        and coalesce("cart_items"."staff_supplier_price", 0) >= 0);