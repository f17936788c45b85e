CREATE TABLE "telemetry_10min" (
	"device_id" integer NOT NULL,
	"identifier" varchar(64) NOT NULL,
	"at" timestamp with time zone NOT NULL,
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
	CONSTRAINT "telemetry_10min_device_id_identifier_at_pk" PRIMARY KEY("device_id","identifier","at")
);
--> statement-breakpoint
CREATE INDEX "telemetry_10min_at_brin" ON "telemetry_10min" USING brin ("at");--> statement-breakpoint
-- The 10-minute roll-up of the history already stored (the same aggregates as cloud/db/queries/telemetry-hourly.ts).
INSERT INTO "telemetry_10min" ("device_id", "identifier", "at", "n", "sum", "min", "min_ts", "max", "max_ts", "first", "first_ts", "last", "last_ts")
SELECT device_id, identifier, at, n, sum, lo[1], to_timestamp(lo[2]), hi[1], to_timestamp(-hi[2]), fa[2], first_ts, la[2], last_ts
FROM (
	SELECT device_id, identifier, date_bin('10 minutes', ts, '2000-01-01 00:00:00+00') AS at, count(*)::int AS n, sum(num) AS sum,
		min(array[num, extract(epoch FROM ts)::float8]) AS lo, max(array[num, -extract(epoch FROM ts)::float8]) AS hi,
		min(array[extract(epoch FROM ts)::float8, num]) AS fa, min(ts) AS first_ts,
		max(array[extract(epoch FROM ts)::float8, num]) AS la, max(ts) AS last_ts
	FROM "telemetry" WHERE num IS NOT NULL
	GROUP BY 1, 2, 3
) a;
