-- Quantity rules per option: an order multiple (a carton of 10 orders 10, 20, 30, ...) and an optional
-- maximum per order. The minimum order quantity and the available stock still apply.
ALTER TABLE "product_options" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "max_per_order" integer;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "order_multiple_positive" CHECK ("product_options"."order_multiple" >= 1);--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "max_per_order_positive" CHECK ("product_options"."max_per_order" is null or "product_options"."max_per_order" >= 1);
