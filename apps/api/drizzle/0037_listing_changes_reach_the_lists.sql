-- What a change to products and options tells the catalogue caches (modules/catalog/catalogue-changes.ts), now
-- that a product's place in the lists has notices of its own instead of 'everything changed':
-- - a product that sold out or came back, its other listing columns unchanged: 'instock:<product ids>' (its
--   details, the lists showing it and the lists filtered by stock state go);
-- - a product whose other listing columns changed (category, tags, artists, search text, release date,
--   publication, deletion), a product created or deleted, an option added, removed, made default or moved to
--   another product: 'listed:<product ids>' (their details and every list and search go; the category tree,
--   the artists and every other product's details stay);
-- - shown columns alone and stock columns alone name products and options as migration 0036 made them.
-- Rows the statement left as they were still say nothing; at most 200 ids to a notice.
CREATE OR REPLACE FUNCTION notify_product_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shown_columns constant text[] := '{title,vendor,description,image_urls,status_id,sales_start_at,sales_end_at,event_type,event_apply_start_at,event_apply_end_at,updated_at}';
  listing_unchanged constant text[] := shown_columns || '{in_stock}'::text[];
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', kind || string_agg(id::text, ',' ORDER BY id))
  FROM (
    SELECT kind, id, (row_number() OVER (PARTITION BY kind ORDER BY id) - 1) / 200 AS chunk
    FROM (
      SELECT n.id,
        CASE
          WHEN (to_jsonb(n) - listing_unchanged) IS DISTINCT FROM (to_jsonb(o) - listing_unchanged) THEN 'listed:'
          WHEN n.in_stock IS DISTINCT FROM o.in_stock THEN 'instock:'
          ELSE 'shown:'
        END AS kind
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')
    ) d
  ) c
  GROUP BY kind, chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
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

  -- A list's card shows its product's default option: which option that is decides whether the product is
  -- on a page at all.
  PERFORM pg_notify('catalogue_changed', kind || string_agg(product_id::text, ',' ORDER BY product_id))
  FROM (
    SELECT kind, product_id, (row_number() OVER (PARTITION BY kind ORDER BY product_id) - 1) / 200 AS chunk
    FROM (
      SELECT DISTINCT unnest(array[n.product_id, o.product_id]) AS product_id,
        CASE WHEN (n.is_default, n.product_id) IS DISTINCT FROM (o.is_default, o.product_id) THEN 'listed:'
          ELSE 'shown:' END AS kind
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - stock_columns) IS DISTINCT FROM (to_jsonb(o) - stock_columns)
    ) d
  ) c
  GROUP BY kind, chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Rows created or deleted name their products: TG_ARGV[0] is the column holding the product's id.
CREATE FUNCTION notify_rows_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_column constant text := TG_ARGV[0];
  named uuid[];
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    named := ARRAY(SELECT DISTINCT (to_jsonb(r) ->> product_column)::uuid FROM new_rows r);
  ELSE
    named := ARRAY(SELECT DISTINCT (to_jsonb(r) ->> product_column)::uuid FROM old_rows r);
  END IF;
  PERFORM pg_notify('catalogue_changed', 'listed:' || string_agg(id::text, ',' ORDER BY id))
  FROM (
    SELECT id, (row_number() OVER (ORDER BY id) - 1) / 200 AS chunk FROM unnest(named) AS ids(id)
  ) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_catalogue_inserted ON products;
--> statement-breakpoint
DROP TRIGGER products_catalogue_deleted ON products;
--> statement-breakpoint
DROP TRIGGER product_options_catalogue_inserted ON product_options;
--> statement-breakpoint
DROP TRIGGER product_options_catalogue_deleted ON product_options;
--> statement-breakpoint
DROP FUNCTION notify_catalogue_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalogue_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_listed('id');
--> statement-breakpoint
CREATE TRIGGER products_catalogue_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_listed('id');
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_inserted AFTER INSERT ON product_options
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_listed('product_id');
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_deleted AFTER DELETE ON product_options
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_listed('product_id');
