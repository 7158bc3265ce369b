-- Product lists and searches choose their page from these indexes alone: each holds the listed products
-- (not deleted) in one list order, with every column a list filters on, so a page of ids, however deep,
-- and a count are index-only scans. Drizzle's schema cannot say INCLUDE, hence a hand-written migration.
CREATE INDEX products_list_latest ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, search_text) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX products_list_best_selling ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, search_text) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Index-only scans read a table row only on pages changed since the last vacuum. Orders update their
-- products' sales figures all day; vacuuming products after 1% of them changed (default 20%) keeps those
-- scans index-only.
ALTER TABLE products SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
