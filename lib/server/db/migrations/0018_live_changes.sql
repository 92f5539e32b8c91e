-- Every change of an account's day, settings or foods is announced on the channel
-- diary_changes at its commit (lib/server/live/changes.ts streams it to the account's other
-- open pages, on every instance). A day's row is rewritten by every change of the day, its
-- entries' too, so the day's trigger covers them; its payload carries the day's new version, by
-- which a page that made the change itself knows it has it already. NOTIFY sends each distinct
-- payload of a transaction once, at commit, and nothing for one rolled back.
CREATE OR REPLACE FUNCTION "diary_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  IF TG_TABLE_NAME = 'days' THEN
    PERFORM pg_notify('diary_changes', json_build_object(
      'u', changed.user_id, 'k', 'day', 'd', changed.date,
      'v', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE changed.updated_at END)::text);
  ELSE
    PERFORM pg_notify('diary_changes', json_build_object('u', changed.user_id, 'k', TG_TABLE_NAME)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "days_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "days"
  FOR EACH ROW EXECUTE FUNCTION "diary_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "settings_notify_change" AFTER INSERT OR UPDATE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "diary_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "foods_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "foods"
  FOR EACH ROW EXECUTE FUNCTION "diary_notify_change"();
