-- A kept keyword's matches per day of creation and per sales band (decision 0036): a page deep in a common
-- word's search starts its walk at the day (newest first) or band (best-selling) it lies in, as a category's
-- deep page does at its week or band (0021, 0022), instead of passing every match before it in the list
-- index that carries the search text (the middle page of 'album', 39,000 matches, passed 50,000 entries).
-- Days rather than weeks: the walk reads the wide index, about 20 entries to a page.
CREATE TABLE "search_keyword_spans" (
	"words" text[] NOT NULL,
	"day" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"n" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keyword_bands" (
	"words" text[] NOT NULL,
	"band" integer NOT NULL,
	"in_stock" boolean NOT NULL,
	"n" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX search_keyword_spans_words ON search_keyword_spans (words) INCLUDE (day, in_stock, n, compacted);
--> statement-breakpoint
CREATE INDEX search_keyword_bands_words ON search_keyword_bands (words) INCLUDE (band, in_stock, n, compacted);
--> statement-breakpoint
ALTER TABLE search_keyword_spans SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE search_keyword_bands SET (parallel_workers = 0);
--> statement-breakpoint
-- The day of a product's creation, floor(epoch seconds / 86400): the days follow the newest-first order.
CREATE FUNCTION list_day(created_at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT floor(extract(epoch FROM created_at) / 86400)::integer
$$;
--> statement-breakpoint
-- A product's sales band, as product_list_bands has it (0022): band b holds the quantities q with
-- b^2 <= 4q < (b + 1)^2.
CREATE FUNCTION list_band(total_sales_quantity integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(sqrt(4 * greatest(total_sales_quantity, 0)::float8))::integer
$$;
--> statement-breakpoint
CREATE TYPE keyword_change AS (search_text text, in_stock boolean, day integer, band integer, n integer);
--> statement-breakpoint
-- Each products statement appends, per kept keyword, the signed numbers of listed matching products it
-- added or took away: per stock state (0019), and now per day and stock state and per band and stock
-- state. The statement's changes are matched against the keywords once for the three tables, each search
-- text among them once. An update counts only the products whose search text, stock state, listing, day
-- or band it changed: a sale that keeps a product in its band tests no keyword.
CREATE OR REPLACE FUNCTION count_keyword_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes keyword_change[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(search_text, in_stock, list_day(created_at), list_band(total_sales_quantity), 1)::keyword_change)
      INTO changes FROM new_rows WHERE deleted_at IS NULL AND is_published;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(search_text, in_stock, list_day(created_at), list_band(total_sales_quantity), -1)::keyword_change)
      INTO changes FROM old_rows WHERE deleted_at IS NULL AND is_published;
  ELSE
    SELECT array_agg(c.change) INTO changes FROM old_rows o JOIN new_rows w USING (id)
      CROSS JOIN LATERAL (
        SELECT ROW(o.search_text, o.in_stock, list_day(o.created_at), list_band(o.total_sales_quantity), -1)::keyword_change
        WHERE o.deleted_at IS NULL AND o.is_published
        UNION ALL
        SELECT ROW(w.search_text, w.in_stock, list_day(w.created_at), list_band(w.total_sales_quantity), 1)::keyword_change
        WHERE w.deleted_at IS NULL AND w.is_published) AS c(change)
      WHERE (o.search_text, o.in_stock, o.deleted_at IS NULL AND o.is_published, list_day(o.created_at),
          list_band(o.total_sales_quantity))
        IS DISTINCT FROM (w.search_text, w.in_stock, w.deleted_at IS NULL AND w.is_published,
          list_day(w.created_at), list_band(w.total_sales_quantity));
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  WITH c AS (SELECT * FROM unnest(changes)),
  -- Each search text once: an update that keeps it (a change of stock state) tests it once, not twice.
  hits AS (
    SELECT t.search_text, k.words
    FROM (SELECT DISTINCT search_text FROM c) t JOIN search_keywords k ON t.search_text LIKE ALL (k.patterns)),
  matched AS (SELECT h.words, c.in_stock, c.day, c.band, c.n FROM c JOIN hits h USING (search_text)),
  counted AS (
    INSERT INTO search_keyword_counts (words, in_stock, n)
      SELECT words, in_stock, sum(n) FROM matched GROUP BY 1, 2 HAVING sum(n) <> 0),
  spans AS (
    INSERT INTO search_keyword_spans (words, day, in_stock, n)
      SELECT words, day, in_stock, sum(n) FROM matched GROUP BY 1, 2, 3 HAVING sum(n) <> 0)
  INSERT INTO search_keyword_bands (words, band, in_stock, n)
    SELECT words, band, in_stock, sum(n) FROM matched GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clear_keyword_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_keyword_counts;
  DELETE FROM search_keyword_spans;
  DELETE FROM search_keyword_bands;
  DELETE FROM search_keywords;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The keywords kept so far, ready or not (a keyword made ready later subtracts what is here, as it does its
-- appended counts).
INSERT INTO search_keyword_spans (words, day, in_stock, n, compacted)
  SELECT k.words, list_day(p.created_at), p.in_stock, count(*), true
  FROM products p JOIN search_keywords k ON p.search_text LIKE ALL (k.patterns)
  WHERE p.deleted_at IS NULL AND p.is_published
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO search_keyword_bands (words, band, in_stock, n, compacted)
  SELECT k.words, list_band(p.total_sales_quantity), p.in_stock, count(*), true
  FROM products p JOIN search_keywords k ON p.search_text LIKE ALL (k.patterns)
  WHERE p.deleted_at IS NULL AND p.is_published
  GROUP BY 1, 2, 3;
--> statement-breakpoint
ANALYZE search_keyword_spans, search_keyword_bands;
