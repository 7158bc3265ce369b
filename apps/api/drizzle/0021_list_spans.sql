-- How many listed products each week of creation holds, per category and stock state: a newest-first
-- page deep in a list starts its walk at the week it lies in instead of at the newest product
-- (catalog.repository.ts, decision 0025). Kept like the list counts (0006): each products statement appends
-- signed numbers per week and group it changed, and lists sum them.
CREATE TABLE product_list_spans (
  week integer NOT NULL,
  category_id integer NOT NULL,
  in_stock boolean NOT NULL,
  n integer NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX product_list_spans_weeks ON product_list_spans (category_id) INCLUDE (week, in_stock, n, compacted);
--> statement-breakpoint
ALTER TABLE product_list_spans SET (parallel_workers = 0);
--> statement-breakpoint
-- A week is floor(epoch seconds / 604800) of created_at: the weeks follow the newest-first order.
CREATE FUNCTION count_list_spans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_spans (week, category_id, in_stock, n)
      SELECT floor(extract(epoch FROM created_at) / 604800)::integer, category_id, in_stock, count(*)
      FROM new_rows WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_list_spans (week, category_id, in_stock, n)
      SELECT floor(extract(epoch FROM created_at) / 604800)::integer, category_id, in_stock, -count(*)
      FROM old_rows WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO product_list_spans (week, category_id, in_stock, n)
      SELECT floor(extract(epoch FROM created_at) / 604800)::integer, category_id, in_stock, sum(n) FROM (
        SELECT created_at, category_id, in_stock, -1 AS n FROM old_rows WHERE deleted_at IS NULL AND is_published
        UNION ALL
        SELECT created_at, category_id, in_stock, 1 FROM new_rows WHERE deleted_at IS NULL AND is_published
      ) AS changes
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_spans_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_spans();
--> statement-breakpoint
CREATE TRIGGER products_list_spans_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_spans();
--> statement-breakpoint
CREATE TRIGGER products_list_spans_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_spans();
--> statement-breakpoint
CREATE FUNCTION clear_list_spans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_list_spans;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_spans_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION clear_list_spans();
--> statement-breakpoint
INSERT INTO product_list_spans (week, category_id, in_stock, n, compacted)
  SELECT floor(extract(epoch FROM created_at) / 604800)::integer, category_id, in_stock, count(*), true
  FROM products WHERE deleted_at IS NULL AND is_published
  GROUP BY 1, 2, 3;
