-- A list sums its kept counts (0006, 0007) from this index alone: the table itself grows with the change rows
-- appended between compactions and keeps its size after them, and a parallel scan of it costs more to start
-- than the sum takes.
CREATE INDEX product_list_counts_groups ON product_list_counts (category_id)
  INCLUDE (in_stock, tags, artist_ids, n, compacted);
--> statement-breakpoint
ALTER TABLE product_list_counts SET (parallel_workers = 0);
--> statement-breakpoint
-- Narrow list indexes: the list orders with the columns lists filter on, without the search text that the
-- wide ones (0016) carry for searches. A page deep in a list passes every entry before it; these hold about
-- three times as many entries to a page.
CREATE INDEX products_list_latest_narrow ON products (created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids) WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
CREATE INDEX products_list_best_selling_narrow ON products (total_sales_quantity DESC, created_at DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids) WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
-- Search keywords whose matches are kept counted (a common word's count would read every product's search
-- text). `words` are the keyword's lower-cased words, sorted and without repeats; `patterns` their LIKE
-- patterns. A keyword is counted by the trigger below from the moment its row is committed; its counts are
-- read once `ready`, after the search that added it wrote the base count (catalog.repository.ts).
CREATE TABLE search_keywords (
  words text[] PRIMARY KEY,
  patterns text[] NOT NULL,
  ready boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Signed numbers of listed products matching a keyword, per stock state, appended like the list counts:
-- the sum of a keyword's rows is its exact count once ready.
CREATE TABLE search_keyword_counts (
  words text[] NOT NULL,
  in_stock boolean NOT NULL,
  n integer NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX search_keyword_counts_words ON search_keyword_counts (words) INCLUDE (in_stock, n, compacted);
--> statement-breakpoint
ALTER TABLE search_keyword_counts SET (parallel_workers = 0);
--> statement-breakpoint
-- Each statement that adds, changes or removes products appends, per kept keyword and stock state, how many
-- listed products matching it the statement added or took away. An update compares each product's search
-- text, stock state and listing before and after, so a change of anything else (sales figures, prices)
-- matches no keyword. Appending only: writers never wait on each other (lock order, 0010).
CREATE FUNCTION count_keyword_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_keywords) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_keyword_counts (words, in_stock, n)
      SELECT k.words, r.in_stock, count(*) FROM new_rows r JOIN search_keywords k
        ON r.search_text LIKE ALL (k.patterns)
      WHERE r.deleted_at IS NULL AND r.is_published
      GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_keyword_counts (words, in_stock, n)
      SELECT k.words, r.in_stock, -count(*) FROM old_rows r JOIN search_keywords k
        ON r.search_text LIKE ALL (k.patterns)
      WHERE r.deleted_at IS NULL AND r.is_published
      GROUP BY 1, 2;
  ELSE
    INSERT INTO search_keyword_counts (words, in_stock, n)
      SELECT k.words, c.in_stock, sum(c.n) FROM (
        SELECT o.search_text, o.in_stock, -1 AS n FROM old_rows o JOIN new_rows w USING (id)
          WHERE o.deleted_at IS NULL AND o.is_published
            AND (o.search_text, o.in_stock, w.deleted_at IS NULL AND w.is_published)
              IS DISTINCT FROM (w.search_text, w.in_stock, true)
        UNION ALL
        SELECT w.search_text, w.in_stock, 1 FROM old_rows o JOIN new_rows w USING (id)
          WHERE w.deleted_at IS NULL AND w.is_published
            AND (w.search_text, w.in_stock, o.deleted_at IS NULL AND o.is_published)
              IS DISTINCT FROM (o.search_text, o.in_stock, true)) AS c
        JOIN search_keywords k ON c.search_text LIKE ALL (k.patterns)
      GROUP BY 1, 2 HAVING sum(c.n) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_keyword_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_keyword_matches();
--> statement-breakpoint
CREATE TRIGGER products_keyword_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_keyword_matches();
--> statement-breakpoint
CREATE TRIGGER products_keyword_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_keyword_matches();
--> statement-breakpoint
-- A truncated catalogue matches nothing: the kept keywords start again from their next search.
CREATE FUNCTION clear_keyword_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_keyword_counts;
  DELETE FROM search_keywords;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_keyword_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION clear_keyword_counts();
