-- Catalogue notices that say how far a change reaches (modules/catalog/catalogue-changes.ts), so that a change
-- to some options' stock drops only the product details that show it instead of every kept answer:
-- - products: a statement that changed no row says nothing (the shop's derived-column refresh runs an UPDATE
--   that changes rows only when a product sells out or comes back, decision 0037); one that did says
--   'everything changed', as before;
-- - product options: an UPDATE that changed only stock columns (stock, held stock, the sold-out flag, the low
--   stock threshold) names the options, 'stock:<id>,<id>,…', 200 to a notice; any other change says
--   'everything changed'. Whether a product is in stock is a column of products: its change notifies there.
-- A statement under kshop.catalogue_quiet (an order's, migration 0010; a sales fold's) says nothing; the shop
-- announces it itself.
CREATE FUNCTION notify_catalogue_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
      RETURN NULL;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_option_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL
      OR (to_jsonb(n) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
        IS DISTINCT FROM (to_jsonb(o) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
  ) THEN
    PERFORM pg_notify('catalogue_changed', '');
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', 'stock:' || string_agg(id::text, ',' ORDER BY id))
  FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 200 AS chunk FROM (SELECT DISTINCT id FROM new_rows) d) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_catalogue_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
DROP TRIGGER product_options_catalogue_changed ON product_options;
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_inserted AFTER INSERT ON product_options
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_updated AFTER UPDATE ON product_options
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_rows_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_deleted AFTER DELETE ON product_options
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_truncated AFTER TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
