CREATE TABLE "robot_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer,
	"device_id" integer NOT NULL,
	"command_id" integer,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"service" varchar(64) NOT NULL,
	"code" varchar(16) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"message" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "robot_drivers" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"holder" varchar(64) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_commands" ADD CONSTRAINT "robot_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_commands" ADD CONSTRAINT "robot_commands_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_commands" ADD CONSTRAINT "robot_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_commands" ADD CONSTRAINT "robot_commands_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_drivers" ADD CONSTRAINT "robot_drivers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_drivers" ADD CONSTRAINT "robot_drivers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_commands_device" ON "robot_commands" USING btree ("device_id","sent_at");--> statement-breakpoint
CREATE INDEX "robot_commands_command" ON "robot_commands" USING btree ("command_id");