ALTER TABLE "roles" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "dicts" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_levels" ADD COLUMN "i18n" jsonb;