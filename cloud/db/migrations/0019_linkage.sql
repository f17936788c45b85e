CREATE TABLE "linkage_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rule_id" integer,
	"rule_name" varchar(64) NOT NULL,
	"source" smallint NOT NULL,
	"trigger_text" text DEFAULT '' NOT NULL,
	"log_status" smallint NOT NULL,
	"action_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fire_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkage_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"trigger_mode" smallint DEFAULT 1 NOT NULL,
	"triggers" jsonb NOT NULL,
	"active_time" smallint DEFAULT 1 NOT NULL,
	"active_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validity_sec" integer,
	"actions" jsonb NOT NULL,
	"tactic" smallint DEFAULT 1 NOT NULL,
	"suppress_minutes" integer,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"description" varchar(200),
	"fire_count" integer DEFAULT 0 NOT NULL,
	"last_fire_time" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkage_logs" ADD CONSTRAINT "linkage_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_logs" ADD CONSTRAINT "linkage_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_logs" ADD CONSTRAINT "linkage_logs_rule_id_linkage_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."linkage_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_rules" ADD CONSTRAINT "linkage_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_rules" ADD CONSTRAINT "linkage_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkage_rules" ADD CONSTRAINT "linkage_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "linkage_logs_project" ON "linkage_logs" USING btree ("project_id","fire_time");--> statement-breakpoint
CREATE INDEX "linkage_logs_rule" ON "linkage_logs" USING btree ("rule_id","fire_time");--> statement-breakpoint
CREATE INDEX "linkage_rules_project" ON "linkage_rules" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "linkage_rules_enabled" ON "linkage_rules" USING btree ("enable_status");