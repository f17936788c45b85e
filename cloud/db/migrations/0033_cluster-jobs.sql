CREATE TABLE "cluster_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"holder" text,
	"leased_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
