CREATE TABLE "products" (
	"barcode" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"product" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_barcode_digits" CHECK ("products"."barcode" ~ '^[0-9]{8,14}$'),
	CONSTRAINT "products_found_has_product" CHECK ("products"."found" = ("products"."product" IS NOT NULL))
);
