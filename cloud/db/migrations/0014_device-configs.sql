CREATE TABLE "device_configs" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"config_kind" varchar(16) NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" integer,
	"updated_by_name" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;