-- The release-date order of the catalogue lists and searches (sort=releaseDate): products released from today
-- on (the day in Korea) first, soonest first; then those already released, newest first; then those without a
-- release date; ties by id. Where that order turns depends on the day, so no index can hold it whole: a page
-- is chosen by walking each of its three parts in its own order (modules/catalog/catalog.repository.ts,
-- SORT_DEFINITIONS), and these two indexes give those walks as index-only scans, like the other orders' list
-- indexes (migrations 0005, 0016):
-- - products_list_release_date: release date ascending, then id (nulls last): the coming releases forward,
--   and the products without a date, by id; backward for the mirrored order of a page read from the end;
-- - products_list_release_date_desc: release date descending, then id: the past releases, newest first.
-- They carry the filtered columns (category, stock state, tags, artists, search text), so a category's, an
-- artist's, a tag's list and a search walk them without reading the table. This order keeps no spans or
-- facet rows: its deep pages walk these indexes from the nearer end.
CREATE INDEX products_list_release_date ON products (release_date, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL AND is_published;
--> statement-breakpoint
CREATE INDEX products_list_release_date_desc ON products (release_date DESC, id)
  INCLUDE (category_id, in_stock, tags, artist_ids, search_text) WHERE deleted_at IS NULL AND is_published;
