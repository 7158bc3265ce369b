-- No change: migrations 0019, 0021 and 0022 made their tables by hand (search_keywords,
-- search_keyword_counts, product_list_spans, product_list_bands); this migration only records in meta/ the
-- schema they make, now declared in schema.ts, so that the next generated migration compares with it.
SELECT 1;
