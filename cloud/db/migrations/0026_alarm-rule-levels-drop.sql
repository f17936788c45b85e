ALTER TABLE "alarm_rules" DROP COLUMN "compare_type";--> statement-breakpoint
ALTER TABLE "alarm_rules" DROP COLUMN "threshold";--> statement-breakpoint
ALTER TABLE "alarm_rules" DROP COLUMN "min_value";--> statement-breakpoint
ALTER TABLE "alarm_rules" DROP COLUMN "max_value";