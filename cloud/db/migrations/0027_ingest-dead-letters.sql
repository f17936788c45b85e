CREATE TABLE "ingest_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" varchar(200) NOT NULL,
	"device_id" integer,
	"values" integer NOT NULL,
	"points" jsonb NOT NULL,
	"rejects" jsonb NOT NULL,
	"error" varchar(500) NOT NULL,
	"attempts" smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ingest_dead_letters_device" ON "ingest_dead_letters" USING btree ("device_id","at");