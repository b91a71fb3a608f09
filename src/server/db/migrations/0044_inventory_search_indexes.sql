CREATE INDEX "availabilities_branch_product_idx" ON "availabilities" USING btree ("branch_id","product_id","id");--> statement-breakpoint
CREATE INDEX "availabilities_branch_size_idx" ON "availabilities" USING btree ("branch_id","sort_size","id");--> statement-breakpoint
CREATE INDEX "product_variants_size_idx" ON "product_variants" USING btree ("size");