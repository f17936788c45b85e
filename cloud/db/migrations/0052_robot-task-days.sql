CREATE TABLE "robot_task_days" (
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"track_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"tasks" integer NOT NULL,
	"done" integer NOT NULL,
	"expired" integer NOT NULL,
	"abnormal" integer NOT NULL,
	"timeouts" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_task_days" ADD CONSTRAINT "robot_task_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_task_days" ADD CONSTRAINT "robot_task_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "robot_task_days_key" ON "robot_task_days" USING btree ("tenant_id","project_id","day","track_id","device_id");