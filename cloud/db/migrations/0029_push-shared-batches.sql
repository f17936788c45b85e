CREATE TABLE "push_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_outbox" DROP CONSTRAINT "push_outbox_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "item_count" integer;--> statement-breakpoint
-- What is still queued keeps its items: each row becomes its own batch, under the row's id.
INSERT INTO "push_batches" ("id", "device_id", "items", "created_at") SELECT "id", "device_id", "items", "created_at" FROM "push_outbox";--> statement-breakpoint
UPDATE "push_outbox" SET "batch_id" = "id", "item_count" = jsonb_array_length("items");--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('push_batches', 'id'), coalesce(max("id"), 0) + 1, false) FROM "push_batches";--> statement-breakpoint
ALTER TABLE "push_outbox" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ALTER COLUMN "item_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "push_batches" ADD CONSTRAINT "push_batches_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_batch_id_push_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."push_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_batch" ON "push_outbox" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "push_outbox" DROP COLUMN "device_id";--> statement-breakpoint
ALTER TABLE "push_outbox" DROP COLUMN "items";
