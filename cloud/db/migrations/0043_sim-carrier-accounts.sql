CREATE TABLE "sim_carrier_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"account_name" varchar(64) NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"adapter" varchar(16) NOT NULL,
	"endpoint" varchar(200),
	"app_id" varchar(64),
	"secret_sealed" text,
	"rate" smallint DEFAULT 5 NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_carrier_accounts" ADD CONSTRAINT "sim_carrier_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_carrier_accounts_carrier" ON "sim_carrier_accounts" USING btree ("tenant_id","carrier");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_carrier_accounts_name" ON "sim_carrier_accounts" USING btree ("tenant_id","account_name");