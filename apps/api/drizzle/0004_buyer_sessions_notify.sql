-- A buyer's sessions ended or account changed (status, deletion): every instance drops what it keeps about
-- that buyer's sessions. The payload is the buyer's id; repeats within a transaction fold into one.
CREATE FUNCTION notify_buyer_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('buyer_sessions_changed', OLD.buyer_id::text);
  ELSE
    PERFORM pg_notify('buyer_sessions_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER buyer_sessions_ended AFTER DELETE ON buyer_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_buyer_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER buyers_account_changed AFTER UPDATE ON buyers
  FOR EACH ROW EXECUTE FUNCTION notify_buyer_sessions_changed();
