-- Hand-written (drizzle does not diff storage parameters; issue 41). Every ingest batch rewrites its series'
-- latest values and their 10-minute and hourly buckets. At fill factor 100 a rewritten row finds no room on its
-- page and moves (a new index entry, a dead row only VACUUM clears: 4–6 % of the roll-ups' rewrites stayed on their
-- page); room kept on each page lets the rewrite stay there (HOT), and the next visit to the page prunes the old version.
-- The latest values are one row per series (small): half of each page. The roll-ups keep growing: 30 %, on the pages
-- written from now on.
ALTER TABLE "telemetry_latest" SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "telemetry_10min" SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "telemetry_hourly" SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02);
--> statement-breakpoint
-- On PostgreSQL, vacuumed once 2 % of the rows are dead rather than 20 % (the goal is under 10 %), as `devices` (0061).
ALTER TABLE "device_heard" SET (autovacuum_vacuum_scale_factor = 0.02);
