-- An order line keeps the SKU its option had when the line was written, as it keeps the title and option
-- names: invoices, delivery notes and the order export show what was ordered even after the option's SKU
-- changes or the option is deleted. Lines written before this migration take their option's SKU of now;
-- those whose option is gone have none.
ALTER TABLE "order_details" ADD COLUMN "sku" text;
--> statement-breakpoint
UPDATE "order_details" d SET "sku" = o."sku" FROM "product_options" o WHERE o."id" = d."product_option_id";
