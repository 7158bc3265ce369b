-- When a kept keyword was last read by a search (decision 0040): once as many keywords are kept as may be
-- (MAX_KEPT_KEYWORDS), a keyword nobody searched for a day gives its place to a new one a buyer searches now.
-- Existing keywords start from the migration's time.
ALTER TABLE "search_keywords" ADD COLUMN "last_searched_at" timestamp with time zone DEFAULT now() NOT NULL;
