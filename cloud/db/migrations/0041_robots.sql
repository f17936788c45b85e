CREATE TABLE "robot_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"item_name" varchar(64) NOT NULL,
	"item_type" smallint DEFAULT 2 NOT NULL,
	"unit" varchar(32),
	"min_value" double precision,
	"max_value" double precision,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"scheme_name" varchar(64) NOT NULL,
	"scheme_no" varchar(32),
	"track_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"repetition" smallint DEFAULT 1 NOT NULL,
	"start_time" varchar(40) NOT NULL,
	"end_time" varchar(40),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"duration" integer DEFAULT 2 NOT NULL,
	"cycle" varchar(90),
	"work_mode" smallint DEFAULT 0 NOT NULL,
	"publish_status" smallint DEFAULT 0 NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"slot_from" timestamp with time zone,
	"last_slot_at" timestamp with time zone,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"point_name" varchar(64) NOT NULL,
	"point_type" smallint DEFAULT 1 NOT NULL,
	"mark_position" varchar(100) NOT NULL,
	"position" double precision NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"dwell_sec" integer DEFAULT 10 NOT NULL,
	"camera_preset" integer,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer,
	"track_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"task_name" varchar(100) NOT NULL,
	"track_name" varchar(64) NOT NULL,
	"point_name" varchar(64) NOT NULL,
	"item_name" varchar(64) NOT NULL,
	"item_type" smallint NOT NULL,
	"device_name" varchar(64) NOT NULL,
	"value" double precision,
	"unit" varchar(32),
	"inspect_status" smallint DEFAULT 0 NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alarm_id" integer,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"scheme_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"task_name" varchar(100) NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"patrol_status" smallint DEFAULT 0 NOT NULL,
	"run_status" smallint DEFAULT 1 NOT NULL,
	"point_total" integer DEFAULT 0 NOT NULL,
	"point_done" integer DEFAULT 0 NOT NULL,
	"abnormal_count" integer DEFAULT 0 NOT NULL,
	"timeout" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"track_name" varchar(64) NOT NULL,
	"track_map" varchar(500) NOT NULL,
	"track_length" double precision NOT NULL,
	"map_scale" double precision NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_items" ADD CONSTRAINT "robot_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_items" ADD CONSTRAINT "robot_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_items" ADD CONSTRAINT "robot_items_point_id_robot_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."robot_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_plans" ADD CONSTRAINT "robot_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_plans" ADD CONSTRAINT "robot_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_plans" ADD CONSTRAINT "robot_plans_track_id_robot_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."robot_tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_plans" ADD CONSTRAINT "robot_plans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_points" ADD CONSTRAINT "robot_points_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_points" ADD CONSTRAINT "robot_points_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_points" ADD CONSTRAINT "robot_points_track_id_robot_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."robot_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_records" ADD CONSTRAINT "robot_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_records" ADD CONSTRAINT "robot_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_records" ADD CONSTRAINT "robot_records_task_id_robot_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."robot_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_records" ADD CONSTRAINT "robot_records_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_scheme_id_robot_plans_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."robot_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_track_id_robot_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."robot_tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD CONSTRAINT "robot_tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tracks" ADD CONSTRAINT "robot_tracks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tracks" ADD CONSTRAINT "robot_tracks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_items_point" ON "robot_items" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "robot_plans_project" ON "robot_plans" USING btree ("tenant_id","project_id","id");--> statement-breakpoint
CREATE INDEX "robot_plans_due" ON "robot_plans" USING btree ("publish_status","enable_status");--> statement-breakpoint
CREATE INDEX "robot_points_track" ON "robot_points" USING btree ("track_id","sort");--> statement-breakpoint
CREATE INDEX "robot_records_project" ON "robot_records" USING btree ("tenant_id","project_id","recorded_at");--> statement-breakpoint
CREATE INDEX "robot_records_task" ON "robot_records" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "robot_records_point" ON "robot_records" USING btree ("project_id","point_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "robot_tasks_slot" ON "robot_tasks" USING btree ("scheme_id","slot_at");--> statement-breakpoint
CREATE INDEX "robot_tasks_project" ON "robot_tasks" USING btree ("tenant_id","project_id","slot_at");--> statement-breakpoint
CREATE INDEX "robot_tasks_device" ON "robot_tasks" USING btree ("device_id","patrol_status");--> statement-breakpoint
CREATE INDEX "robot_tracks_project" ON "robot_tracks" USING btree ("tenant_id","project_id","id");