-- A statement that sets kshop.catalogue_quiet to 'on' for its transaction (an order's statement) changes
-- the catalogue without notifying: every committed NOTIFY takes one database-wide lock at commit, so a
-- notification per order made orders commit one at a time. The shop announces such changes itself after
-- the commit, at most one NOTIFY per short window (plugins/notifications.ts).
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kshop.catalogue_quiet', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
