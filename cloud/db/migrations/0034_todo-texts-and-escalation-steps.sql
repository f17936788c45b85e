ALTER TABLE "todos" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_operations" ADD COLUMN "escalation" jsonb;