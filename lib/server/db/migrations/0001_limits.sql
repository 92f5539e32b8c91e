-- Limits of lib/limits.ts, as the database's own guard behind the schemas. NOT VALID: rows an
-- older build stored are not checked again (they still read and export); every write from now on
-- is. tests/integration/constraints.test.ts keeps these numbers equal to the table.
ALTER TABLE "days" ADD CONSTRAINT "days_goal_range" CHECK ("days"."goal" BETWEEN 500 AND 10000) NOT VALID;--> statement-breakpoint
ALTER TABLE "days" ADD CONSTRAINT "days_weight_range" CHECK ("days"."weight" BETWEEN 20 AND 500) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_name_length" CHECK (char_length("entries"."name") BETWEEN 1 AND 120) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_amount_range" CHECK ("entries"."amount" BETWEEN 0 AND 100000) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_grams_range" CHECK ("entries"."grams" BETWEEN 0 AND 100000) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_kcal_range" CHECK ("entries"."kcal" BETWEEN 0 AND 20000) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_protein_range" CHECK ("entries"."protein" BETWEEN 0 AND 5000) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_fat_range" CHECK ("entries"."fat" BETWEEN 0 AND 5000) NOT VALID;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_carbs_range" CHECK ("entries"."carbs" BETWEEN 0 AND 5000) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_name_length" CHECK (char_length("foods"."name") BETWEEN 1 AND 120) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_kcal_range" CHECK ("foods"."kcal" BETWEEN 0 AND 900) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_protein_range" CHECK ("foods"."protein" BETWEEN 0 AND 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_fat_range" CHECK ("foods"."fat" BETWEEN 0 AND 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_carbs_range" CHECK ("foods"."carbs" BETWEEN 0 AND 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_serving_grams_range" CHECK ("foods"."serving_grams" BETWEEN 0.1 AND 5000) NOT VALID;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_goal_range" CHECK ("settings"."current_goal" BETWEEN 500 AND 10000) NOT VALID;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_weight_range" CHECK ("settings"."weight" BETWEEN 20 AND 500) NOT VALID;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_height_range" CHECK ("settings"."height" BETWEEN 50 AND 280) NOT VALID;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_age_range" CHECK ("settings"."age" BETWEEN 10 AND 120) NOT VALID;--> statement-breakpoint
CREATE FUNCTION entries_per_day_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An edit that keeps its entry's day changes no day's count (a day an older build let grow
  -- past the limit stays editable); an entry added to a day, or moved to it, must fit.
  IF TG_OP = 'UPDATE' AND NEW.date = OLD.date THEN
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM entries WHERE user_id = NEW.user_id AND date = NEW.date) > 500 THEN
    RAISE EXCEPTION 'a day holds at most 500 entries' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER entries_per_day AFTER INSERT OR UPDATE OF date ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_per_day_guard();
