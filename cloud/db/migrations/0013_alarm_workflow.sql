CREATE TABLE "alarm_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"alarm_id" integer NOT NULL,
	"step" varchar(16) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"user_id" integer,
	"user_name" varchar(64) NOT NULL,
	"remark" varchar(500),
	"close_reason" smallint,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_operations" ADD CONSTRAINT "alarm_operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_operations" ADD CONSTRAINT "alarm_operations_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_operations" ADD CONSTRAINT "alarm_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_operations_alarm" ON "alarm_operations" USING btree ("alarm_id","id");