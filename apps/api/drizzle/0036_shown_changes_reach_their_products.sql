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
