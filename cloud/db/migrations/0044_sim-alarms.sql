CREATE TABLE "sim_alarm_marks" (
	"tenant_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"line" varchar(8) NOT NULL,
	"period" varchar(10) NOT NULL,
	"alarm_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_alarm_marks_tenant_id_kind_ref_id_line_period_pk" PRIMARY KEY("tenant_id","kind","ref_id","line","period")
);
--> statement-breakpoint
CREATE TABLE "sim_alarm_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"project_id" integer,
	"warn_level_id" integer,
	"severe_level_id" integer,
	"daily_mb" double precision DEFAULT 1024 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "i18n" jsonb;--> statement-breakpoint
ALTER TABLE "sim_pools" ADD COLUMN "threshold_mb" double precision;--> statement-breakpoint
ALTER TABLE "sim_alarm_marks" ADD CONSTRAINT "sim_alarm_marks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_alarm_settings" ADD CONSTRAINT "sim_alarm_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_alarm_settings" ADD CONSTRAINT "sim_alarm_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_alarm_settings" ADD CONSTRAINT "sim_alarm_settings_warn_level_id_alarm_levels_id_fk" FOREIGN KEY ("warn_level_id") REFERENCES "public"."alarm_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_alarm_settings" ADD CONSTRAINT "sim_alarm_settings_severe_level_id_alarm_levels_id_fk" FOREIGN KEY ("severe_level_id") REFERENCES "public"."alarm_levels"("id") ON DELETE set null ON UPDATE no action;