CREATE TABLE "telemetry_daily" (
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"min_ts" timestamp with time zone NOT NULL,
	"max" double precision NOT NULL,
	"max_ts" timestamp with time zone NOT NULL,
	"first" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_daily_device_id_identifier_day_pk" PRIMARY KEY("device_id","identifier","day")
);
--> statement-breakpoint
CREATE INDEX "telemetry_hourly_hour_brin" ON "telemetry_hourly" USING brin ("hour");