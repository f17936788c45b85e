CREATE TABLE "telemetry_hourly" (
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "telemetry_hourly_device_id_identifier_hour_pk" PRIMARY KEY("device_id","identifier","hour")
);
--> statement-breakpoint
-- The roll-up of the history already stored (the same aggregates as cloud/db/queries/telemetry-hourly.ts).
INSERT INTO "telemetry_hourly" ("device_id", "identifier", "hour", "n", "sum", "min", "min_ts", "max", "max_ts", "first", "first_ts", "last", "last_ts")
SELECT device_id, identifier, hour, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts
FROM (
	SELECT device_id, identifier, date_trunc('hour', ts, 'UTC') AS hour, count(*)::int AS n, sum(num) AS sum,
		min(array[num, extract(epoch FROM ts)::float8]) AS lo, max(array[num, -extract(epoch FROM ts)::float8]) AS hi,
		min(array[extract(epoch FROM ts)::float8, num]) AS fa, min(ts) AS first_ts,
		max(array[extract(epoch FROM ts)::float8, num]) AS la, max(ts) AS last_ts
	FROM "telemetry" WHERE num IS NOT NULL
	GROUP BY 1, 2, 3
) a;
