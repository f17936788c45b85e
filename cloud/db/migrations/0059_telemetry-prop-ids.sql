-- Hand-written (issue 41, bytes per value): drizzle's diff (add prop_id NOT NULL, drop identifier) cannot run on a
-- table with rows and would leave the columns in their old order. The table is made again in its new column order,
-- partition by partition with the same bounds, each partition's rows copied with the identifier's id.
CREATE TABLE "telemetry_props" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_props_identifier" ON "telemetry_props" USING btree ("identifier");--> statement-breakpoint
INSERT INTO "telemetry_props" ("identifier")
	SELECT "identifier" FROM "telemetry" UNION SELECT "identifier" FROM "telemetry_latest" ORDER BY 1;--> statement-breakpoint
DROP INDEX "telemetry_device_prop_ts";--> statement-breakpoint
ALTER TABLE "telemetry" RENAME TO "telemetry_old";--> statement-breakpoint
ALTER TABLE "telemetry_default" RENAME TO "telemetry_old_default";--> statement-breakpoint
CREATE TABLE "telemetry" (
	"ts" timestamp with time zone NOT NULL,
	"num" double precision,
	"device_id" integer NOT NULL,
	"prop_id" integer NOT NULL,
	"txt" text
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE INDEX "telemetry_device_prop_ts" ON "telemetry" USING btree ("device_id","prop_id","ts" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
	p record;
BEGIN
	FOR p IN
		SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
		FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'telemetry_old'::regclass AND c.relname <> 'telemetry_old_default'
		ORDER BY 1
	LOOP
		EXECUTE format('ALTER TABLE %I RENAME TO %I', p.name, p.name || '_old');
		EXECUTE format('CREATE TABLE %I PARTITION OF telemetry %s', p.name, p.bound);
		EXECUTE format('INSERT INTO %I (ts, num, device_id, prop_id, txt) SELECT o.ts, o.num, o.device_id, pr.id, o.txt FROM %I o JOIN telemetry_props pr ON pr.identifier = o.identifier', p.name, p.name || '_old');
	END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "telemetry" ("ts", "num", "device_id", "prop_id", "txt")
	SELECT o."ts", o."num", o."device_id", pr."id", o."txt" FROM "telemetry_old_default" o JOIN "telemetry_props" pr ON pr."identifier" = o."identifier";--> statement-breakpoint
DROP TABLE "telemetry_old";
