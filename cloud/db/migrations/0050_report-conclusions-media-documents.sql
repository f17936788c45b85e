ALTER TABLE "media_items" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conclusions_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;