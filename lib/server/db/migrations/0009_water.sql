ALTER TABLE "days" ADD COLUMN "water" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "water_glass" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "water_goal" integer DEFAULT 2000;--> statement-breakpoint
ALTER TABLE "days" ADD CONSTRAINT "days_water_range" CHECK ("days"."water" BETWEEN 0 AND 20000);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_water_glass_range" CHECK ("settings"."water_glass" BETWEEN 10 AND 2000);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_water_goal_range" CHECK ("settings"."water_goal" BETWEEN 100 AND 10000);