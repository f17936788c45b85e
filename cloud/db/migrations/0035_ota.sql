CREATE TABLE "ota_device_versions" (
	"device_id" integer NOT NULL,
	"module" varchar(32) NOT NULL,
	"version" varchar(32) NOT NULL,
	"informed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ota_device_versions_device_id_module_pk" PRIMARY KEY("device_id","module")
);
--> statement-breakpoint
CREATE TABLE "ota_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_device_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8) NOT NULL,
	"status" smallint NOT NULL,
	"phase" varchar(16) NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"text" varchar(300) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"package_name" varchar(64) NOT NULL,
	"product_id" integer NOT NULL,
	"version" varchar(32) NOT NULL,
	"version_order" double precision DEFAULT 0 NOT NULL,
	"module" varchar(32) DEFAULT 'default' NOT NULL,
	"upgrade_type" smallint DEFAULT 1 NOT NULL,
	"from_version" varchar(32),
	"file_path" varchar(80) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"md5" varchar(32) NOT NULL,
	"tenant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_master_version" varchar(32),
	"description" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_task_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"batch" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"phase" varchar(16) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"bytes_served" bigint DEFAULT 0 NOT NULL,
	"attempt" smallint DEFAULT 0 NOT NULL,
	"from_version" varchar(32),
	"error_code" varchar(32),
	"error_text" varchar(200),
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retry_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"first_progress_at" timestamp with time zone,
	"last_progress_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ota_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"task_name" varchar(64) NOT NULL,
	"package_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hold" smallint DEFAULT 0 NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"target" smallint DEFAULT 1 NOT NULL,
	"project_id" integer,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"task_type" smallint DEFAULT 1 NOT NULL,
	"schedule_time" varchar(40),
	"schedule_at" timestamp with time zone,
	"rate" integer DEFAULT 100 NOT NULL,
	"batch_percent" smallint,
	"batch_count" integer,
	"gate_success_pct" smallint,
	"gate_fail_pct" smallint,
	"gate_min_done" integer,
	"abort_fail_pct" smallint,
	"timeout_min" integer DEFAULT 30 NOT NULL,
	"retries" smallint DEFAULT 1 NOT NULL,
	"retry_interval_min" integer DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"gate_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"description" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_device_versions" ADD CONSTRAINT "ota_device_versions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_events" ADD CONSTRAINT "ota_events_task_device_id_ota_task_devices_id_fk" FOREIGN KEY ("task_device_id") REFERENCES "public"."ota_task_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_packages" ADD CONSTRAINT "ota_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_packages" ADD CONSTRAINT "ota_packages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_packages" ADD CONSTRAINT "ota_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_task_devices" ADD CONSTRAINT "ota_task_devices_task_id_ota_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ota_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_task_devices" ADD CONSTRAINT "ota_task_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_package_id_ota_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ota_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_events_device" ON "ota_events" USING btree ("task_device_id","id");--> statement-breakpoint
CREATE INDEX "ota_packages_product" ON "ota_packages" USING btree ("tenant_id","product_id","version_order");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_task_devices_task_device" ON "ota_task_devices" USING btree ("task_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_task_devices_one_active" ON "ota_task_devices" USING btree ("device_id") WHERE status in (1, 2);--> statement-breakpoint
CREATE INDEX "ota_task_devices_task_status" ON "ota_task_devices" USING btree ("task_id","status","id");--> statement-breakpoint
CREATE INDEX "ota_tasks_tenant" ON "ota_tasks" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "ota_tasks_active" ON "ota_tasks" USING btree ("status") WHERE status in (1, 2);