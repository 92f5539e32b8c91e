ALTER TABLE "settings" ADD COLUMN "unit_system" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "energy_unit" text;