ALTER TABLE "media_items" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions_at" timestamp with time zone;