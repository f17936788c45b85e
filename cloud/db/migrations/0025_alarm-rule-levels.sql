ALTER TABLE "alarm_rules" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD COLUMN "conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "alarm_rules" SET "point_id" = NULL WHERE "point_id" IS NOT NULL AND "point_id" NOT IN (SELECT "id" FROM "point_groups");--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_point_id_point_groups_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."point_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_point" ON "alarm_rules" USING btree ("point_id") WHERE point_id is not null;;--> statement-breakpoint
-- A single-condition value rule becomes a rule of one level: its operator, threshold or range and level.
UPDATE "alarm_rules" SET "conditions" = jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('levelId', "level_id", 'compareType', "compare_type", 'threshold', "threshold", 'minValue', "min_value", 'maxValue', "max_value"))), "level_id" = NULL WHERE "rule_type" = 1;