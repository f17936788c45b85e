CREATE TABLE "sim_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"iccid" varchar(20) NOT NULL,
	"imsi" varchar(15),
	"msisdn" varchar(20),
	"imei" varchar(20),
	"imei_status" varchar(8) DEFAULT 'NOT_SET' NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"card_type" varchar(8) DEFAULT 'SINGLE' NOT NULL,
	"pool_code" varchar(64),
	"product_id" integer,
	"customer_id" integer,
	"device_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'testing' NOT NULL,
	"carrier_status" varchar(64),
	"stop_reason" varchar(200),
	"activated_at" date,
	"expire_at" date,
	"renewal" smallint DEFAULT 0 NOT NULL,
	"quota_mb" double precision DEFAULT 0 NOT NULL,
	"used_mb" double precision DEFAULT 0 NOT NULL,
	"usage_as_of" date,
	"synced_at" timestamp with time zone,
	"sync_result" varchar(200),
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"cust_name" varchar(64) NOT NULL,
	"contact" varchar(64),
	"phone" varchar(20),
	"remark" varchar(500),
	"i18n" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_expire_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"days_before" smallint NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"i18n" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_expire_sent" (
	"rule_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"expire_at" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_expire_sent_rule_id_card_id_expire_at_pk" PRIMARY KEY("rule_id","card_id","expire_at")
);
--> statement-breakpoint
CREATE TABLE "sim_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"order_type" smallint NOT NULL,
	"product_id" integer,
	"customer_id" integer,
	"card_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_count" integer NOT NULL,
	"periods" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"order_status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(500),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"pool_code" varchar(64) NOT NULL,
	"quota_mb" double precision DEFAULT 0 NOT NULL,
	"used_mb" double precision DEFAULT 0 NOT NULL,
	"threshold_pct" smallint DEFAULT 80 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"prod_name" varchar(64) NOT NULL,
	"carrier" varchar(16) NOT NULL,
	"price_cents" bigint NOT NULL,
	"quota_mb" double precision NOT NULL,
	"period" varchar(8) NOT NULL,
	"remark" varchar(500),
	"i18n" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"card_id" integer,
	"iccid" varchar(20) NOT NULL,
	"action" varchar(16) NOT NULL,
	"detail" text,
	"result" smallint DEFAULT 1 NOT NULL,
	"operator" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"state" varchar(8) DEFAULT 'running' NOT NULL,
	"message" text,
	"requested_by" integer
);
--> statement-breakpoint
CREATE TABLE "sim_usage" (
	"card_id" integer NOT NULL,
	"day" date NOT NULL,
	"used_mb" double precision NOT NULL,
	CONSTRAINT "sim_usage_card_id_day_pk" PRIMARY KEY("card_id","day")
);
--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_product_id_sim_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sim_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_customer_id_sim_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sim_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_customers" ADD CONSTRAINT "sim_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_expire_rules" ADD CONSTRAINT "sim_expire_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_expire_sent" ADD CONSTRAINT "sim_expire_sent_rule_id_sim_expire_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sim_expire_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_expire_sent" ADD CONSTRAINT "sim_expire_sent_card_id_sim_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sim_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_orders" ADD CONSTRAINT "sim_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_orders" ADD CONSTRAINT "sim_orders_product_id_sim_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sim_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_orders" ADD CONSTRAINT "sim_orders_customer_id_sim_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sim_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_pools" ADD CONSTRAINT "sim_pools_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_products" ADD CONSTRAINT "sim_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_records" ADD CONSTRAINT "sim_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_records" ADD CONSTRAINT "sim_records_card_id_sim_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sim_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_sync_runs" ADD CONSTRAINT "sim_sync_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_sync_runs" ADD CONSTRAINT "sim_sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_usage" ADD CONSTRAINT "sim_usage_card_id_sim_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sim_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_cards_iccid" ON "sim_cards" USING btree ("tenant_id","iccid");--> statement-breakpoint
CREATE INDEX "sim_cards_list" ON "sim_cards" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sim_cards_expire" ON "sim_cards" USING btree ("tenant_id","expire_at");--> statement-breakpoint
CREATE INDEX "sim_cards_device" ON "sim_cards" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_customers_name" ON "sim_customers" USING btree ("tenant_id","cust_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_orders_no" ON "sim_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "sim_orders_list" ON "sim_orders" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_pools_code" ON "sim_pools" USING btree ("tenant_id","carrier","pool_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_products_name" ON "sim_products" USING btree ("tenant_id","prod_name");--> statement-breakpoint
CREATE INDEX "sim_records_card" ON "sim_records" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "sim_records_tenant" ON "sim_records" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sim_sync_runs_tenant" ON "sim_sync_runs" USING btree ("tenant_id","id");