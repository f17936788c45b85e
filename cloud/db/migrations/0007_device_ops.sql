CREATE TABLE "batteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"battery_name" varchar(64) NOT NULL,
	"battery_model" varchar(64),
	"battery_type" smallint NOT NULL,
	"full_voltage" double precision NOT NULL,
	"end_voltage" double precision NOT NULL,
	"capacity" double precision,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer,
	"build_type" smallint NOT NULL,
	"personnel" varchar(100) NOT NULL,
	"summary" varchar(500),
	"build_date" date NOT NULL,
	"outbound_date" date,
	"warranty_date" date,
	"remarks" varchar(500),
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer,
	"device_id" integer NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"device_name" varchar(64) NOT NULL,
	"msg_id" varchar(32) NOT NULL,
	"cmd_type" varchar(16) NOT NULL,
	"identifier" varchar(64),
	"params" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply_code" integer,
	"reply" text,
	"timeout_s" integer NOT NULL,
	"sent_by" integer,
	"sent_by_name" varchar(64),
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batteries" ADD CONSTRAINT "batteries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_records" ADD CONSTRAINT "build_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_records" ADD CONSTRAINT "build_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_records" ADD CONSTRAINT "build_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batteries_tenant" ON "batteries" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "build_records_project" ON "build_records" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_msg" ON "device_commands" USING btree ("msg_id");--> statement-breakpoint
CREATE INDEX "device_commands_tenant" ON "device_commands" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE INDEX "device_commands_device" ON "device_commands" USING btree ("device_id","sent_at");