CREATE TABLE "robot_record_days" (
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"track_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"total" integer NOT NULL,
	"abnormal" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"track_name" varchar(64) NOT NULL,
	"point_name" varchar(64) NOT NULL,
	"device_name" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_record_days" ADD CONSTRAINT "robot_record_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_record_days" ADD CONSTRAINT "robot_record_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "robot_record_days_key" ON "robot_record_days" USING btree ("tenant_id","project_id","day","track_id","point_id","device_id");--> statement-breakpoint
CREATE INDEX "robot_tasks_timeouts" ON "robot_tasks" USING btree ("tenant_id","project_id","slot_at") WHERE "robot_tasks"."timeout" = 1;