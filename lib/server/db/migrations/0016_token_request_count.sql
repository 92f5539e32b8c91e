ALTER TABLE "api_tokens" ADD COLUMN "request_minute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "requests_in_minute" integer DEFAULT 0 NOT NULL;