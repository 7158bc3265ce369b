-- What an options UPDATE tells the catalogue caches (modules/catalog/catalogue-changes.ts). Lists and searches
-- filter and order on the products' own columns, never on an option's: an option's change alters what its
-- product shows (its detail, its card in the lists), never which lists hold the product or in what order. So
-- the options whose stock columns alone changed are named ('stock:<option ids>', as migration 0034 did), and
-- those that changed anything else name their products ('shown:<product ids>', old and new product alike),
-- instead of every kept answer going. A product's stock state (in_stock) changes with the product's own row,
-- whose trigger still says everything. Rows the statement left as they were say nothing. At most 200 ids to a
-- notice, as a payload holds at most 7,999 bytes.
CREATE OR REPLACE FUNCTION notify_option_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS NOT DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', 'stock:' || string_agg(id::text, ',' ORDER BY id))
  FROM (
    SELECT id, (row_number() OVER (ORDER BY id) - 1) / 200 AS chunk
    FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')
        AND (to_jsonb(n) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
          IS NOT DISTINCT FROM (to_jsonb(o) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
    ) d
  ) c
  GROUP BY chunk;

  PERFORM pg_notify('catalogue_changed', 'shown:' || string_agg(product_id::text, ',' ORDER BY product_id))
  FROM (
    SELECT product_id, (row_number() OVER (ORDER BY product_id) - 1) / 200 AS chunk
    FROM (
      SELECT DISTINCT unnest(array[n.product_id, o.product_id]) AS product_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
        IS DISTINCT FROM (to_jsonb(o) - '{stock,hold_stock,is_sold_out,low_stock_threshold,updated_at}'::text[])
    ) d
  ) c
  GROUP BY chunk;
  RETURN NULL;
END;
$$;
