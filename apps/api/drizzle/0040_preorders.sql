-- The release cycle (issue 34). A product on pre-order takes orders against a cap instead of its stock on hand:
-- the goods do not exist yet. Each option may cap the units accepted in all (null: unlimited) and per buyer
-- (null: no cap). A pre-order line holds no stock (there is none to hold): it is marked, and what open orders
-- took is counted on the option (`preorder_taken`) and per buyer (`preorder_buyer_totals`), so that the order
-- statement checks a cap on rows it has locked and reads as they are now, as it checks stock against holds.
-- `ships_on` is the day staff plan to ship, shown to buyers.
ALTER TABLE "products" ADD COLUMN "preorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ships_on" date;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "preorder_cap" integer CHECK ("preorder_cap" >= 0);--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "preorder_buyer_cap" integer CHECK ("preorder_buyer_cap" >= 1);--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "preorder_taken" integer DEFAULT 0 NOT NULL CHECK ("preorder_taken" >= 0);--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "preorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "preorder_buyer_totals" (
  "product_option_id" uuid NOT NULL REFERENCES "product_options"("id") ON DELETE CASCADE,
  "buyer_id" uuid NOT NULL REFERENCES "buyers"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL CHECK ("quantity" >= 0),
  PRIMARY KEY ("product_option_id", "buyer_id")
);
--> statement-breakpoint
-- The order statement's last guard (orders.repository.ts, `writeOrder`): should a write find fewer rows than its
-- checks passed (a buyer's pre-order total raised meanwhile by another of their orders, read by this statement's
-- older snapshot), the statement fails whole, as a serialization failure the shop runs again, and the next run
-- reads the total as it is now and refuses. It replaces a division by zero that meant the same.
CREATE FUNCTION order_raced() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an order''s rows changed between its checks and its writes' USING ERRCODE = '40001';
END
$$;
