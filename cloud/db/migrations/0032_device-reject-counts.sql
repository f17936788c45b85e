CREATE TABLE "device_reject_counts" (
	"device_id" integer,
	"reason" varchar(64) NOT NULL,
	"count" bigint NOT NULL,
	"unsampled" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_reject_counts_key" UNIQUE NULLS NOT DISTINCT("device_id","reason")
);
--> statement-breakpoint
ALTER TABLE "device_reject_counts" ADD CONSTRAINT "device_reject_counts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;