-- Goods receipt and allocation (issue 34). What arrives for a pre-order option is recorded (several receipts may
-- come over weeks) and raises its stock; staff then share it among the open pre-order lines, which hold what
-- they were given (`allocated_quantity`, held in `hold_stock` like any order's line) and ship only that. A line
-- left short stays as a backorder, filled first from the next receipt, or is cut to what it got, as the buyer
-- chose (`buyers.backorder_choice`) unless staff chose otherwise for the order (`orders.backorder_choice`).
CREATE TABLE "goods_receipts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_option_id" uuid NOT NULL REFERENCES "product_options"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  "note" text DEFAULT '' NOT NULL,
  "staff_id" uuid REFERENCES "staff"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "goods_receipts_option_idx" ON "goods_receipts" ("product_option_id", "created_at");--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "allocated_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_allocated_within" CHECK ("allocated_quantity" >= 0 AND "allocated_quantity" <= "quantity");--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_details_preorder_option_idx" ON "order_details" ("product_option_id") WHERE "preorder";--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "backorder_choice" text DEFAULT 'KEEP' NOT NULL CHECK ("backorder_choice" IN ('KEEP', 'CANCEL'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backorder_choice" text CHECK ("backorder_choice" IN ('KEEP', 'CANCEL'));--> statement-breakpoint
ALTER TYPE "order_change_kind" ADD VALUE 'ALLOCATED';
