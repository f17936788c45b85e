ALTER TABLE "users" ADD COLUMN "language" varchar(8);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "i18n" jsonb;