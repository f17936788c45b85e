CREATE TABLE "alarm_contact_group_members" (
	"group_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"leader" boolean DEFAULT false NOT NULL,
	CONSTRAINT "alarm_contact_group_members_group_id_contact_id_pk" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_contact_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"group_name" varchar(32) NOT NULL,
	"description" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"link_name" varchar(32) NOT NULL,
	"phone" varchar(11),
	"email" varchar(64),
	"description" varchar(200),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"level_num" smallint NOT NULL,
	"level_name" varchar(32) NOT NULL,
	"color" varchar(7) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"target" varchar(100) NOT NULL,
	"notice_status" smallint NOT NULL,
	"error" varchar(500),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_rule_recipients" (
	"rule_id" integer NOT NULL,
	"link_type" smallint NOT NULL,
	"link_id" integer NOT NULL,
	CONSTRAINT "alarm_rule_recipients_rule_id_link_type_link_id_pk" PRIMARY KEY("rule_id","link_type","link_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"rule_type" smallint DEFAULT 1 NOT NULL,
	"product_id" integer NOT NULL,
	"device_id" integer,
	"point_id" integer,
	"identifier" varchar(32),
	"stat_type" varchar(8) DEFAULT 'not' NOT NULL,
	"compare_type" smallint DEFAULT 1 NOT NULL,
	"threshold" double precision,
	"min_value" double precision,
	"max_value" double precision,
	"deadband" double precision DEFAULT 0 NOT NULL,
	"stale_cycles" integer,
	"level_id" integer,
	"converge_minutes" integer DEFAULT 0 NOT NULL,
	"escalate_minutes" integer,
	"channels" jsonb DEFAULT '[1]'::jsonb NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"description" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer,
	"device_id" integer,
	"rule_id" integer,
	"point_id" integer,
	"level_id" integer,
	"level_num" smallint,
	"level_name" varchar(32),
	"level_color" varchar(7),
	"alarm_name" varchar(100) NOT NULL,
	"identifier" varchar(32),
	"value" double precision,
	"latest_value" double precision,
	"condition" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"alarm_type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"close_reason" smallint,
	"triggered_at" timestamp with time zone NOT NULL,
	"last_triggered_at" timestamp with time zone NOT NULL,
	"recovered_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_contact_group_members" ADD CONSTRAINT "alarm_contact_group_members_group_id_alarm_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."alarm_contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_contact_group_members" ADD CONSTRAINT "alarm_contact_group_members_contact_id_alarm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."alarm_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_contact_groups" ADD CONSTRAINT "alarm_contact_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_contacts" ADD CONSTRAINT "alarm_contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_contacts" ADD CONSTRAINT "alarm_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_levels" ADD CONSTRAINT "alarm_levels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notices" ADD CONSTRAINT "alarm_notices_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_recipients" ADD CONSTRAINT "alarm_rule_recipients_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_level_id_alarm_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."alarm_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_level_id_alarm_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."alarm_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_contact_group_members_contact" ON "alarm_contact_group_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "alarm_contact_groups_tenant" ON "alarm_contact_groups" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "alarm_contacts_tenant" ON "alarm_contacts" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_levels_num" ON "alarm_levels" USING btree ("tenant_id","level_num");--> statement-breakpoint
CREATE INDEX "alarm_notices_alarm" ON "alarm_notices" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "alarm_rules_project" ON "alarm_rules" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "alarm_rules_product" ON "alarm_rules" USING btree ("product_id") WHERE enable_status = 1;--> statement-breakpoint
CREATE INDEX "alarm_rules_tenant" ON "alarm_rules" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "alarms_project_status" ON "alarms" USING btree ("tenant_id","project_id","status","id");--> statement-breakpoint
CREATE INDEX "alarms_device_time" ON "alarms" USING btree ("device_id","triggered_at");--> statement-breakpoint
CREATE INDEX "alarms_open" ON "alarms" USING btree ("rule_id","device_id") WHERE recovered_at is null;