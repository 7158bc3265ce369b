-- The NEW and PRE-ORDER lists hold the newest products only (new arrivals, releases to come): walking a
-- list index from its old end, a page near the end of those lists would pass every older product first.
-- Each of these indexes holds the lists' products alone, in one list order, with the columns they filter on.
CREATE INDEX products_list_latest_new ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND 'new' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_best_selling_new ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND 'new' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_latest_pre ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND 'pre' = ANY (tags);
--> statement-breakpoint
CREATE INDEX products_list_best_selling_pre ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, artist_ids) WHERE deleted_at IS NULL AND 'pre' = ANY (tags);
