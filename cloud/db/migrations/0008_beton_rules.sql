CREATE TABLE "beton_rule_devices" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beton_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"mix_desc" varchar(200),
	"air_type" smallint DEFAULT 0 NOT NULL,
	"air_content" double precision,
	"harden_type" smallint DEFAULT 1 NOT NULL,
	"coef_type" smallint DEFAULT 0 NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coef_a" double precision,
	"coef_b" double precision,
	"aggregate" smallint DEFAULT 0 NOT NULL,
	"datum_temp" double precision DEFAULT -10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beton_rule_devices" ADD CONSTRAINT "beton_rule_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beton_rule_devices" ADD CONSTRAINT "beton_rule_devices_rule_id_beton_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."beton_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beton_rules" ADD CONSTRAINT "beton_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beton_rules" ADD CONSTRAINT "beton_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beton_rules_project" ON "beton_rules" USING btree ("tenant_id","project_id","id");