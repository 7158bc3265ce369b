-- What an UPDATE of options or products tells the catalogue caches (modules/catalog/catalogue-changes.ts).
-- Lists and searches filter, order and count on a few of the products' own columns, never on an option's: a
-- change elsewhere alters what its product shows (its detail, its card in the lists), never which lists hold
-- the product or in what order. So:
-- - the options whose stock columns alone changed are named ('stock:<option ids>', as migration 0034 did);
-- - options that changed anything else, and products whose shown columns alone changed (title, vendor,
--   description, images, status, sales and event dates), name their products ('shown:<product ids>'; for an
--   option, its old and new product alike), instead of every kept answer going;
-- - a product whose listing columns changed (category, tags, artists, stock state, search text, release
--   date, publication, deletion, creation) still says everything; its sales totals are folded quietly.
-- Rows the statement left as they were say nothing. At most 200 ids to a notice, as a payload holds at most
-- 7,999 bytes.
CREATE OR REPLACE FUNCTION notify_option_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stock_columns constant text[] := '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}';
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', 'stock:' || string_agg(id::text, ',' ORDER BY id))
  FROM (
    SELECT id, (row_number() OVER (ORDER BY id) - 1) / 200 AS chunk
    FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')
        AND (to_jsonb(n) - stock_columns) IS NOT DISTINCT FROM (to_jsonb(o) - stock_columns)
    ) d
  ) c
  GROUP BY chunk;

  PERFORM pg_notify('catalogue_changed', 'shown:' || string_agg(product_id::text, ',' ORDER BY product_id))
  FROM (
    SELECT product_id, (row_number() OVER (ORDER BY product_id) - 1) / 200 AS chunk
    FROM (
      SELECT DISTINCT unnest(array[n.product_id, o.product_id]) AS product_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - stock_columns) IS DISTINCT FROM (to_jsonb(o) - stock_columns)
    ) d
  ) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_product_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shown_columns constant text[] := '{title,vendor,description,image_urls,status_id,sales_start_at,sales_end_at,event_type,event_apply_start_at,event_apply_end_at,updated_at}';
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (to_jsonb(n) - shown_columns) IS DISTINCT FROM (to_jsonb(o) - shown_columns)
  ) THEN
    PERFORM pg_notify('catalogue_changed', '');
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', 'shown:' || string_agg(id::text, ',' ORDER BY id))
  FROM (
    SELECT id, (row_number() OVER (ORDER BY id) - 1) / 200 AS chunk
    FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')) d
  ) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_catalogue_updated ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_rows_changed();
--> statement-breakpoint
-- A group's explicit prices and an option's volume tiers change what members are shown of those options'
-- products, never which lists hold them: they name the products too ('shown:<product ids>'). A change to a
-- price group itself (its discount) still reaches every answer of its members, so it says everything.
CREATE FUNCTION notify_option_pricing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  options uuid[];
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    options := ARRAY(SELECT product_option_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    options := ARRAY(SELECT product_option_id FROM old_rows);
  ELSE
    options := ARRAY(SELECT product_option_id FROM new_rows UNION SELECT product_option_id FROM old_rows);
  END IF;
  PERFORM pg_notify('catalogue_changed', 'shown:' || string_agg(product_id::text, ',' ORDER BY product_id))
  FROM (
    SELECT product_id, (row_number() OVER (ORDER BY product_id) - 1) / 200 AS chunk
    FROM (SELECT DISTINCT product_id FROM product_options WHERE id = ANY (options)) d
  ) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER price_group_prices_catalogue_changed ON price_group_prices;
--> statement-breakpoint
CREATE TRIGGER price_group_prices_catalogue_inserted AFTER INSERT ON price_group_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER price_group_prices_catalogue_updated AFTER UPDATE ON price_group_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER price_group_prices_catalogue_deleted AFTER DELETE ON price_group_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER price_group_prices_catalogue_truncated AFTER TRUNCATE ON price_group_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
DROP TRIGGER option_volume_tiers_catalogue_changed ON option_volume_tiers;
--> statement-breakpoint
CREATE TRIGGER option_volume_tiers_catalogue_inserted AFTER INSERT ON option_volume_tiers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER option_volume_tiers_catalogue_updated AFTER UPDATE ON option_volume_tiers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER option_volume_tiers_catalogue_deleted AFTER DELETE ON option_volume_tiers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_option_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER option_volume_tiers_catalogue_truncated AFTER TRUNCATE ON option_volume_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
