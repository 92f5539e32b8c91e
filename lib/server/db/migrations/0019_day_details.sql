ALTER TABLE "days" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "days" ADD CONSTRAINT "days_details_size" CHECK (length("days"."details"::text) <= 80000);