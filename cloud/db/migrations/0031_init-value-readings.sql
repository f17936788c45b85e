ALTER TABLE "device_init_values" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_init_values" ADD COLUMN "txt" text;