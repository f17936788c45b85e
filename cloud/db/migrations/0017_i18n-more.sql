ALTER TABLE "notification_templates" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "obj_models" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "i18n" jsonb;