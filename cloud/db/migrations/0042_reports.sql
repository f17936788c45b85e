CREATE TABLE "report_files" (
	"report_id" integer NOT NULL,
	"format" varchar(8) NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "report_files_report_id_format_pk" PRIMARY KEY("report_id","format")
);
--> statement-breakpoint
CREATE TABLE "report_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"plan_name" varchar(64) NOT NULL,
	"template_id" integer NOT NULL,
	"report_type" smallint DEFAULT 0 NOT NULL,
	"report_day" smallint DEFAULT 1 NOT NULL,
	"date_type" smallint DEFAULT 0 NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"run_time" varchar(5) DEFAULT '08:00' NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"language" varchar(8) DEFAULT 'zh-cn' NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"template_name" varchar(64) NOT NULL,
	"report_type" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"plan_id" integer,
	"template_id" integer,
	"report_name" varchar(100) NOT NULL,
	"report_no" varchar(32) NOT NULL,
	"report_type" smallint DEFAULT 0 NOT NULL,
	"period_start" varchar(10) NOT NULL,
	"period_end" varchar(10) NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"content" text NOT NULL,
	"language" varchar(8) DEFAULT 'zh-cn' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"pdf_size" integer,
	"docx_size" integer,
	"duration_ms" integer,
	"review" smallint DEFAULT 0 NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" varchar(64),
	"reviewed_at" timestamp with time zone,
	"review_note" varchar(500),
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_by_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_plans" ADD CONSTRAINT "report_plans_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_plan_id_report_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."report_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_plans_project" ON "report_plans" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE INDEX "report_templates_project" ON "report_templates" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE INDEX "reports_project" ON "reports" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_plan_period" ON "reports" USING btree ("plan_id","period_start") WHERE plan_id is not null;--> statement-breakpoint
CREATE INDEX "reports_generating" ON "reports" USING btree ("status") WHERE status = 0;