ALTER TABLE "device_commands" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_operations" ADD COLUMN "i18n" jsonb;