CREATE TABLE "device_rejects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"at" timestamp with time zone NOT NULL,
	"topic" varchar(200) NOT NULL,
	"identifier" varchar(64),
	"reason" varchar(64) NOT NULL,
	"detail" varchar(500),
	"payload" text
);
--> statement-breakpoint
CREATE TABLE "device_status_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_name" varchar(64) NOT NULL,
	"device_sn" varchar(64) NOT NULL,
	"device_model" varchar(64),
	"product_id" integer NOT NULL,
	"project_id" integer,
	"space_id" integer,
	"gateway_sn" varchar(64),
	"channel_no" integer,
	"active_time" timestamp with time zone,
	"longitude" double precision,
	"latitude" double precision,
	"altitude" double precision,
	"drawing_no" varchar(64),
	"battery" double precision,
	"signal" double precision,
	"firmware_version" varchar(64),
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"report_cycle" integer DEFAULT 0 NOT NULL,
	"power_supply" varchar(32),
	"last_report_time" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"space_name" varchar(64) NOT NULL,
	"space_code" varchar(64),
	"space_type" varchar(32),
	"attachment" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"num" double precision,
	"txt" text
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Monthly partitions are created ahead by the cloud (cloud/ingest/partitions.ts); the default one catches anything else.
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;
--> statement-breakpoint
CREATE TABLE "telemetry_latest" (
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"num" double precision,
	"txt" text,
	CONSTRAINT "telemetry_latest_device_id_identifier_pk" PRIMARY KEY("device_id","identifier")
);
--> statement-breakpoint
ALTER TABLE "device_rejects" ADD CONSTRAINT "device_rejects_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status_log" ADD CONSTRAINT "device_status_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_latest" ADD CONSTRAINT "telemetry_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_rejects_device" ON "device_rejects" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_status_log_device" ON "device_status_log" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sn" ON "devices" USING btree ("device_sn");--> statement-breakpoint
CREATE INDEX "devices_tenant_project" ON "devices" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE INDEX "devices_product" ON "devices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "devices_space" ON "devices" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "devices_gateway" ON "devices" USING btree ("gateway_sn");--> statement-breakpoint
CREATE INDEX "devices_online" ON "devices" USING btree ("last_report_time") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "spaces_project" ON "spaces" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "telemetry_device_prop_ts" ON "telemetry" USING btree ("device_id","identifier","ts" DESC NULLS LAST);