CREATE TABLE "camera_sources" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"whep_url" varchar(1024),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_sources" ADD CONSTRAINT "camera_sources_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_sources" ADD CONSTRAINT "camera_sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;