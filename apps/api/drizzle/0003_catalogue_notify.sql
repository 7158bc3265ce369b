-- Every committed change to what the catalogue shows (products, their options and stock, artists,
-- categories) notifies 'catalogue_changed', so each instance of the shop drops the catalogue answers it
-- keeps. One notification per statement; PostgreSQL folds repeats within a transaction into one.
CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_options_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_artists_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_artists
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER artists_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artists
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER artist_categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artist_categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
