-- Draft products: staff prepare a product unseen and publish it when ready. A listed product is now one
-- that is neither deleted nor a draft; existing products stay published.
ALTER TABLE "products" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- How few available units (stock - hold) make an option "low" in the back office.
ALTER TABLE "product_options" ADD COLUMN "low_stock_threshold" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "low_stock_threshold_range"
  CHECK ("low_stock_threshold" >= 0 AND "low_stock_threshold" <= 1000000);
--> statement-breakpoint
-- The list counts (migrations 0006, 0007) count listed products: a draft is counted as a deleted one is
-- not, and publishing or unpublishing moves it in or out like any other change of group.
CREATE OR REPLACE FUNCTION count_listed_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, count(*) FROM new_rows
      WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, -count(*) FROM old_rows
      WHERE deleted_at IS NULL AND is_published
      GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO product_list_counts (category_id, in_stock, tags, artist_ids, n)
      SELECT category_id, in_stock, tags, artist_ids, sum(n) FROM (
        SELECT category_id, in_stock, tags, artist_ids, -1 AS n FROM old_rows
        WHERE deleted_at IS NULL AND is_published
        UNION ALL
        SELECT category_id, in_stock, tags, artist_ids, 1 FROM new_rows
        WHERE deleted_at IS NULL AND is_published) AS changes
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The list indexes (0007, 0008) hold listed products alone; every product is still published here, so the
-- counts above need no recount.
DROP INDEX products_list_latest;
--> statement-breakpoint
DROP INDEX products_list_best_selling;
--> statement-breakpoint
DROP INDEX products_list_latest_new;
--> statement-breakpoint
DROP INDEX products_list_best_selling_new;
--> statement-breakpoint
DROP INDEX products_list_latest_pre;
--> statement-breakpoint
DROP INDEX products_list_best_selling_pre;
--> statement-breakpoint
CREATE INDEX products_list_latest ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
CREATE INDEX products_list_best_selling ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
CREATE INDEX products_list_latest_new ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND is_published AND 'new' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_best_selling_new ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND is_published AND 'new' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_latest_pre ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND is_published AND 'pre' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_best_selling_pre ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND is_published AND 'pre' = ANY (tags);
--> statement-breakpoint
-- Artist names are unique, compared trimmed and case-insensitively, in English and in Korean. Names that
-- already clash keep the oldest artist's name; each later one gets its id appended ("Name (17)"), so the
-- indexes can be made and no artist is lost or merged.
UPDATE artists a SET name_en = btrim(a.name_en) || ' (' || a.id || ')'
  WHERE EXISTS (SELECT 1 FROM artists b
    WHERE lower(btrim(b.name_en)) = lower(btrim(a.name_en)) AND b.id < a.id);
--> statement-breakpoint
UPDATE artists a SET name_ko = btrim(a.name_ko) || ' (' || a.id || ')'
  WHERE EXISTS (SELECT 1 FROM artists b
    WHERE lower(btrim(b.name_ko)) = lower(btrim(a.name_ko)) AND b.id < a.id);
--> statement-breakpoint
CREATE UNIQUE INDEX "artists_name_en_unique" ON "artists" (lower(btrim("name_en")));
--> statement-breakpoint
CREATE UNIQUE INDEX "artists_name_ko_unique" ON "artists" (lower(btrim("name_ko")));
