CREATE TABLE "device_init_values" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"value" double precision NOT NULL,
	"data_time" timestamp with time zone NOT NULL,
	"set_by" integer,
	"set_by_name" varchar(64),
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"monitor_kind" varchar(32) NOT NULL,
	"zero_type" smallint DEFAULT 1 NOT NULL,
	"device_ids" integer[] NOT NULL,
	"hole_position" smallint,
	"hole_depth" double precision,
	"unit_length" double precision,
	"laser_distance" double precision,
	"ref_angle_x" double precision,
	"ref_angle_y" double precision,
	"alarm_min" double precision,
	"alarm_max" double precision,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_init_values" ADD CONSTRAINT "device_init_values_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_groups" ADD CONSTRAINT "point_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_groups" ADD CONSTRAINT "point_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_init_values_device" ON "device_init_values" USING btree ("device_id","identifier","set_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "point_groups_project_kind" ON "point_groups" USING btree ("project_id","monitor_kind","sort");