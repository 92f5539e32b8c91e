ALTER TABLE "settings" ADD COLUMN "macro_targets" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "weekday_goals" jsonb DEFAULT '{}'::jsonb NOT NULL;