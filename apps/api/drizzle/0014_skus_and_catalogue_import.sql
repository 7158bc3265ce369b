-- Issue 12: a SKU for every option (unique, upper case), an optional barcode and weight in grams.
-- Existing options get their SKU once, here: KS and a six-digit number counted in catalogue order
-- (product created, product id, option sort order), e.g. KS000001. New options the staff or an import
-- leave without one take the next number from the same sequence.
CREATE SEQUENCE "product_option_sku_seq";--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
UPDATE "product_options" o SET "sku" = 'KS' || lpad(n.rank::text, 6, '0')
FROM (
  SELECT po.id, row_number() OVER (ORDER BY p.created_at, p.id, po.sort_order, po.created_at, po.id) AS rank
  FROM "product_options" po JOIN "products" p ON p.id = po.product_id
) n
WHERE o.id = n.id;--> statement-breakpoint
SELECT setval('product_option_sku_seq', greatest((SELECT count(*) FROM "product_options"), 1), (SELECT count(*) FROM "product_options") > 0);--> statement-breakpoint
ALTER TABLE "product_options" ALTER COLUMN "sku" SET DEFAULT 'KS' || lpad(nextval('product_option_sku_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "product_options" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "product_option_sku_seq" OWNED BY "product_options"."sku";--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_sku_unique" ON "product_options" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_options_barcode" ON "product_options" USING btree ("barcode") WHERE "barcode" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "sku_not_blank" CHECK (length(trim("product_options"."sku")) > 0);--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "weight_not_negative" CHECK ("product_options"."weight_grams" >= 0);
