-- Sales not yet added to their product's totals (decision 0034): orders, cancellations and line edits append
-- signed changes here; the shop folds them into products every second or so.
CREATE TABLE "pending_sales" (
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_krw" bigint DEFAULT 0 NOT NULL,
	"amount_usd" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_sales" ADD CONSTRAINT "pending_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;