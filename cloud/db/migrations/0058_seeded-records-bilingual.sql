ALTER TABLE "build_records" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_records" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "i18n" jsonb;