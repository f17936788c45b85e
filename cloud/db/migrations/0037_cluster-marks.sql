CREATE TABLE "alarm_eval_marks" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkage_trigger_states" (
	"rule_id" integer NOT NULL,
	"trigger_index" smallint NOT NULL,
	"value" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"held_since" timestamp with time zone,
	CONSTRAINT "linkage_trigger_states_rule_id_trigger_index_pk" PRIMARY KEY("rule_id","trigger_index")
);
--> statement-breakpoint
CREATE TABLE "cluster_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_eval_marks" ADD CONSTRAINT "alarm_eval_marks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_trigger_states" ADD CONSTRAINT "linkage_trigger_states_rule_id_linkage_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."linkage_rules"("id") ON DELETE cascade ON UPDATE no action;