-- The listed products of each artist and tag, in both list orders (decision 0036): a page of an artist's or
-- a tag's list is walked among that facet's own products, instead of along a list index of every product
-- that drops the others (the middle page of one artist's 7,000 products passed 50,000 entries). One row per
-- listed product and facet ('artist:' || id, 'tag:' || tag), with the keys of both orders and the columns
-- a list filters on; a trigger on products keeps them in the writing statement.
CREATE TABLE "product_list_facets" (
	"facet" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"total_sales_quantity" integer NOT NULL,
	"category_id" integer NOT NULL,
	"in_stock" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX product_list_facets_latest ON product_list_facets (facet, created_at DESC, product_id)
  INCLUDE (category_id, in_stock);
--> statement-breakpoint
CREATE INDEX product_list_facets_best_selling
  ON product_list_facets (facet, total_sales_quantity DESC, created_at DESC, product_id) INCLUDE (category_id, in_stock);
--> statement-breakpoint
-- Pages are chosen by index-only scans: vacuumed as often as products (0005), whose sales they follow.
ALTER TABLE product_list_facets SET (autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_scale_factor = 0.01, parallel_workers = 0);
--> statement-breakpoint
-- A product's facets, each once.
CREATE FUNCTION product_list_facet_keys(tags text[], artist_ids integer[]) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE AS $$
    SELECT 'artist:' || a FROM (SELECT DISTINCT unnest(artist_ids) AS a) AS artists
    UNION ALL
    SELECT 'tag:' || t FROM (SELECT DISTINCT unnest(tags) AS t) AS tags
  $$;
--> statement-breakpoint
-- An update rewrites the facet rows only of the products whose listing or list columns it changed (a change
-- of title or price writes none). The rows gone are found through the newest-first index.
CREATE FUNCTION keep_list_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_list_facets (facet, product_id, created_at, total_sales_quantity, category_id, in_stock)
      SELECT f, id, created_at, total_sales_quantity, category_id, in_stock
      FROM new_rows CROSS JOIN LATERAL product_list_facet_keys(tags, artist_ids) AS f
      WHERE deleted_at IS NULL AND is_published;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM product_list_facets l USING old_rows o CROSS JOIN LATERAL product_list_facet_keys(o.tags, o.artist_ids) AS f
      WHERE o.deleted_at IS NULL AND o.is_published
        AND l.facet = f AND l.created_at = o.created_at AND l.product_id = o.id;
  ELSE
    WITH changed AS (
      SELECT o.id, o.deleted_at IS NULL AND o.is_published AS was_listed, o.created_at AS was_created_at,
        o.tags AS had_tags, o.artist_ids AS had_artist_ids, n.deleted_at IS NULL AND n.is_published AS listed,
        n.created_at, n.total_sales_quantity, n.category_id, n.in_stock, n.tags, n.artist_ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.deleted_at IS NULL AND o.is_published, o.created_at, o.total_sales_quantity, o.category_id,
          o.in_stock, o.tags, o.artist_ids)
        IS DISTINCT FROM (n.deleted_at IS NULL AND n.is_published, n.created_at, n.total_sales_quantity,
          n.category_id, n.in_stock, n.tags, n.artist_ids)),
    gone AS (
      DELETE FROM product_list_facets l
        USING changed c CROSS JOIN LATERAL product_list_facet_keys(c.had_tags, c.had_artist_ids) AS f
        WHERE c.was_listed AND l.facet = f AND l.created_at = c.was_created_at AND l.product_id = c.id)
    INSERT INTO product_list_facets (facet, product_id, created_at, total_sales_quantity, category_id, in_stock)
      SELECT f, id, created_at, total_sales_quantity, category_id, in_stock
      FROM changed CROSS JOIN LATERAL product_list_facet_keys(tags, artist_ids) AS f
      WHERE listed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_facets_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_facets();
--> statement-breakpoint
CREATE TRIGGER products_list_facets_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_facets();
--> statement-breakpoint
CREATE TRIGGER products_list_facets_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_facets();
--> statement-breakpoint
CREATE FUNCTION clear_list_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_list_facets;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_facets_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION clear_list_facets();
--> statement-breakpoint
INSERT INTO product_list_facets (facet, product_id, created_at, total_sales_quantity, category_id, in_stock)
  SELECT f, id, created_at, total_sales_quantity, category_id, in_stock
  FROM products CROSS JOIN LATERAL product_list_facet_keys(tags, artist_ids) AS f
  WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
-- Planned with the rows' figures from the first list on, not when autovacuum first comes by.
ANALYZE product_list_facets;
