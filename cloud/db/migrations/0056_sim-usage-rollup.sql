CREATE TABLE "sim_usage_month" (
	"card_id" integer NOT NULL,
	"month" date NOT NULL,
	"tenant_id" integer NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"used_mb" numeric NOT NULL,
	CONSTRAINT "sim_usage_month_card_id_month_pk" PRIMARY KEY("card_id","month")
);
--> statement-breakpoint
CREATE TABLE "sim_usage_tenant" (
	"tenant_id" integer NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"used_mb" numeric NOT NULL,
	CONSTRAINT "sim_usage_tenant_tenant_id_carrier_day_pk" PRIMARY KEY("tenant_id","carrier","day")
);
--> statement-breakpoint
ALTER TABLE "sim_usage_month" ADD CONSTRAINT "sim_usage_month_card_id_sim_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sim_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_usage_tenant" ADD CONSTRAINT "sim_usage_tenant_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_usage_month_top" ON "sim_usage_month" USING btree ("tenant_id","month","used_mb" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sim_usage_month_carrier_top" ON "sim_usage_month" USING btree ("tenant_id","carrier","month","used_mb" DESC NULLS LAST);