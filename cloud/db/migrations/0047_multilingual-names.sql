ALTER TABLE "tenants" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "batteries" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "beton_rules" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_contact_groups" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_contacts" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "push_configs" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "linkage_rules" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "ota_packages" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_items" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_plans" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_points" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "robot_tracks" ADD COLUMN "i18n" jsonb;