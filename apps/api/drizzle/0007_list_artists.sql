ALTER TABLE "product_list_counts" ADD COLUMN "artist_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_list_counts" ADD COLUMN "compacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "artist_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- Lists filter by artist on the products' own column, so the list indexes and list counts can hold it.
DROP INDEX products_list_latest;
--> statement-breakpoint
DROP INDEX products_list_best_selling;
--> statement-breakpoint
UPDATE products p SET artist_ids = array(
  SELECT pa.artist_id FROM product_artists pa WHERE pa.product_id = p.id ORDER BY pa.artist_id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_listed_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, count(*) FROM new_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, -count(*) FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, sum(n) FROM (
        SELECT category_id, in_stock, tags, artist_ids, -1 AS n FROM old_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT category_id, in_stock, tags, artist_ids, 1 FROM new_rows WHERE deleted_at IS NULL) AS changes
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DELETE FROM product_list_counts;
--> statement-breakpoint
INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n, compacted)
  SELECT category_id, in_stock, tags, artist_ids, count(*), true FROM products WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE INDEX products_list_latest ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX products_list_best_selling ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL;
