CREATE TABLE "product_list_counts" (
	"category_id" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"tags" text[] NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Each statement that adds, changes or removes products appends, per filter group (category, stock state,
-- tags), how many listed products (not deleted) it added or took away; a change within a group appends
-- nothing. Appending only, never updating a shared row, so concurrent writers never wait on each other.
CREATE FUNCTION count_listed_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, n)
      SELECT category_id, in_stock, tags, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, n)
      SELECT category_id, in_stock, tags, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO product_list_counts (category_id, in_stock, tags, n)
      SELECT category_id, in_stock, tags, sum(n) FROM (
        SELECT category_id, in_stock, tags, -1 AS n FROM old_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT category_id, in_stock, tags, 1 FROM new_rows WHERE deleted_at IS NULL) AS changes
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listed_products();
--> statement-breakpoint
CREATE TRIGGER products_list_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listed_products();
--> statement-breakpoint
CREATE TRIGGER products_list_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listed_products();
--> statement-breakpoint
CREATE FUNCTION clear_product_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_list_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION clear_product_list_counts();
--> statement-breakpoint
INSERT INTO product_list_counts (category_id, in_stock, tags, n)
  SELECT category_id, in_stock, tags, count(*) FROM products WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
