ALTER TABLE "entries" ADD COLUMN "nutrients" jsonb;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "nutrients" jsonb;