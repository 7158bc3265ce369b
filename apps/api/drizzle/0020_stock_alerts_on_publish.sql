-- A draft product's option that comes back in stock queues its back-in-stock job as any option does, but the
-- job mails nobody while the product is a draft (the link would lead to a product the storefront does not
-- show), and the requests keep waiting. Publishing the product is then the moment the option becomes
-- orderable for the members: it queues one 'stock-alert' job per option that is orderable and has waiting
-- requests, in the publishing transaction, so the job runs once the product is visible.
CREATE OR REPLACE FUNCTION queue_stock_alerts_on_publish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, input)
  SELECT 'stock-alert', jsonb_build_object('optionId', o.id)
  FROM product_options o
  WHERE o.product_id = NEW.id
    AND NOT o.is_sold_out
    AND o.stock - o.hold_stock >= GREATEST(o.minimum_order_quantity, 1)
    AND EXISTS (SELECT 1 FROM stock_alerts a WHERE a.product_option_id = o.id AND a.notified_at IS NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_published_stock_alerts
  AFTER UPDATE OF is_published ON products
  FOR EACH ROW
  WHEN (NEW.is_published AND NOT OLD.is_published AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION queue_stock_alerts_on_publish();
