CREATE TABLE "camera_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"locale" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"file" text NOT NULL,
	"holder" text NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stop_asked" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" varchar(16),
	"error" varchar(32),
	"media_item_id" integer
);
--> statement-breakpoint
ALTER TABLE "camera_recordings" ADD CONSTRAINT "camera_recordings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_recordings" ADD CONSTRAINT "camera_recordings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_recordings" ADD CONSTRAINT "camera_recordings_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camera_recordings_running" ON "camera_recordings" USING btree ("device_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "camera_recordings_lease" ON "camera_recordings" USING btree ("leased_until") WHERE ended_at is null;