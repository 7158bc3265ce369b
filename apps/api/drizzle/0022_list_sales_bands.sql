-- How many listed products each sales band holds, per category and stock state: a best-selling page deep
-- in a list starts its walk at the band it lies in instead of at the best seller (catalog.repository.ts,
-- decision 0025), as a newest-first page does at its week (0021). A band is floor(sqrt(4 * sales)), the
-- integer square root: band b holds the sales quantities from ceil(b^2 / 4) below ceil((b + 1)^2 / 4), so the
-- bands follow the best-selling order and grow slowly with the sales (about 190 for 9,000 pieces).
CREATE TABLE product_list_bands (
  band integer NOT NULL,
  category_id integer NOT NULL,
  in_stock boolean NOT NULL,
  n integer NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX product_list_bands_bands ON product_list_bands (category_id) INCLUDE (band, in_stock, n, compacted);
--> statement-breakpoint
ALTER TABLE product_list_bands SET (parallel_workers = 0);
--> statement-breakpoint
CREATE FUNCTION count_list_bands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_bands (band, category_id, in_stock, n)
      SELECT floor(sqrt(4 * greatest(total_sales_quantity, 0)::float8))::integer, category_id, in_stock, count(*)
      FROM new_rows WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_list_bands (band, category_id, in_stock, n)
      SELECT floor(sqrt(4 * greatest(total_sales_quantity, 0)::float8))::integer, category_id, in_stock, -count(*)
      FROM old_rows WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO product_list_bands (band, category_id, in_stock, n)
      SELECT floor(sqrt(4 * greatest(total_sales_quantity, 0)::float8))::integer, category_id, in_stock, sum(n) FROM (
        SELECT total_sales_quantity, category_id, in_stock, -1 AS n FROM old_rows WHERE deleted_at IS NULL AND is_published
        UNION ALL
        SELECT total_sales_quantity, category_id, in_stock, 1 FROM new_rows WHERE deleted_at IS NULL AND is_published
      ) AS changes
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_bands_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_bands();
--> statement-breakpoint
CREATE TRIGGER products_list_bands_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_bands();
--> statement-breakpoint
CREATE TRIGGER products_list_bands_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_list_bands();
--> statement-breakpoint
CREATE FUNCTION clear_list_bands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_list_bands;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_bands_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION clear_list_bands();
--> statement-breakpoint
INSERT INTO product_list_bands (band, category_id, in_stock, n, compacted)
  SELECT floor(sqrt(4 * greatest(total_sales_quantity, 0)::float8))::integer, category_id, in_stock, count(*), true
  FROM products WHERE deleted_at IS NULL AND is_published
  GROUP BY 1, 2, 3;
