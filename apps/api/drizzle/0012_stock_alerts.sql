CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"product_option_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_option_id_product_options_id_fk" FOREIGN KEY ("product_option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_buyer_option" ON "stock_alerts" USING btree ("buyer_id","product_option_id");--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting" ON "stock_alerts" USING btree ("product_option_id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
-- An option with waiting stock alerts that becomes orderable again (a stock change by staff, a cancelled
-- order releasing its hold, an import) queues one 'stock-alert' job in the same transaction: the job runs
-- only once the change has committed, and mails the waiting members then. Orderable means what the
-- storefront sells: not flagged sold out, and available stock (stock - hold) at least the minimum order.
CREATE OR REPLACE FUNCTION queue_stock_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_alerts WHERE product_option_id = NEW.id AND notified_at IS NULL) THEN
    INSERT INTO jobs (kind, input) VALUES ('stock-alert', jsonb_build_object('optionId', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_options_back_in_stock
  AFTER UPDATE OF stock, hold_stock, is_sold_out, minimum_order_quantity ON product_options
  FOR EACH ROW
  WHEN (
    NOT NEW.is_sold_out AND NEW.stock - NEW.hold_stock >= GREATEST(NEW.minimum_order_quantity, 1)
    AND (OLD.is_sold_out OR OLD.stock - OLD.hold_stock < GREATEST(OLD.minimum_order_quantity, 1))
  )
  EXECUTE FUNCTION queue_stock_alerts();
