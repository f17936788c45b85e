CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"connect_name" varchar(64) NOT NULL,
	"connect_code" varchar(32) NOT NULL,
	"connect_type" varchar(16) NOT NULL,
	"method_type" varchar(16) NOT NULL,
	"net_type" varchar(16),
	"address" varchar(200),
	"port" integer,
	"function_identifier" varchar(32),
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obj_functions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"func_name" varchar(64) NOT NULL,
	"identifier" varchar(32) NOT NULL,
	"func_type" smallint NOT NULL,
	"data_type" varchar(16),
	"access_mode" varchar(2),
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obj_model_connections" (
	"model_id" integer NOT NULL,
	"connect_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obj_model_connections_model_id_connect_id_pk" PRIMARY KEY("model_id","connect_id")
);
--> statement-breakpoint
CREATE TABLE "obj_model_functions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"func_name" varchar(64) NOT NULL,
	"identifier" varchar(32) NOT NULL,
	"func_type" smallint NOT NULL,
	"data_type" varchar(16),
	"access_mode" varchar(2),
	"definition" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obj_model_products" (
	"model_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obj_model_products_model_id_product_id_pk" PRIMARY KEY("model_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "obj_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_name" varchar(64) NOT NULL,
	"model_type" smallint DEFAULT 1 NOT NULL,
	"description" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_connections" (
	"product_id" integer NOT NULL,
	"connect_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_connections_product_id_connect_id_pk" PRIMARY KEY("product_id","connect_id")
);
--> statement-breakpoint
CREATE TABLE "product_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"copy_name" varchar(64) NOT NULL,
	"prod_model" varchar(64),
	"prod_category" varchar(32) NOT NULL,
	"prod_type" varchar(16) NOT NULL,
	"net_type" varchar(16) NOT NULL,
	"data_format" varchar(16) NOT NULL,
	"gateway_type" varchar(16),
	"verify_type" varchar(16) NOT NULL,
	"active_cycle" integer DEFAULT 60 NOT NULL,
	"monitor_type" varchar(32),
	"description" varchar(200),
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_copy_subscriptions" (
	"copy_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_copy_subscriptions_copy_id_tenant_id_pk" PRIMARY KEY("copy_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "product_functions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"func_name" varchar(64) NOT NULL,
	"identifier" varchar(32) NOT NULL,
	"func_type" smallint NOT NULL,
	"data_type" varchar(16),
	"access_mode" varchar(2),
	"definition" jsonb NOT NULL,
	"source_function_id" integer,
	"source_model_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_subs" (
	"gateway_id" integer NOT NULL,
	"sub_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_subs_gateway_id_sub_id_pk" PRIMARY KEY("gateway_id","sub_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"prod_name" varchar(64) NOT NULL,
	"prod_model" varchar(64),
	"prod_category" varchar(32) NOT NULL,
	"prod_type" varchar(16) NOT NULL,
	"net_type" varchar(16) NOT NULL,
	"data_format" varchar(16) NOT NULL,
	"gateway_type" varchar(16),
	"verify_type" varchar(16) NOT NULL,
	"active_cycle" integer DEFAULT 60 NOT NULL,
	"monitor_type" varchar(32),
	"description" varchar(200),
	"copy_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_functions" ADD CONSTRAINT "obj_functions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_connections" ADD CONSTRAINT "obj_model_connections_model_id_obj_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."obj_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_connections" ADD CONSTRAINT "obj_model_connections_connect_id_connections_id_fk" FOREIGN KEY ("connect_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_connections" ADD CONSTRAINT "obj_model_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_functions" ADD CONSTRAINT "obj_model_functions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_functions" ADD CONSTRAINT "obj_model_functions_model_id_obj_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."obj_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_products" ADD CONSTRAINT "obj_model_products_model_id_obj_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."obj_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_products" ADD CONSTRAINT "obj_model_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_model_products" ADD CONSTRAINT "obj_model_products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obj_models" ADD CONSTRAINT "obj_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_connections" ADD CONSTRAINT "product_connections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_connections" ADD CONSTRAINT "product_connections_connect_id_connections_id_fk" FOREIGN KEY ("connect_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_connections" ADD CONSTRAINT "product_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_copies" ADD CONSTRAINT "product_copies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_copy_subscriptions" ADD CONSTRAINT "product_copy_subscriptions_copy_id_product_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."product_copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_copy_subscriptions" ADD CONSTRAINT "product_copy_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_copy_subscriptions" ADD CONSTRAINT "product_copy_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_functions" ADD CONSTRAINT "product_functions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_functions" ADD CONSTRAINT "product_functions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subs" ADD CONSTRAINT "product_subs_gateway_id_products_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subs" ADD CONSTRAINT "product_subs_sub_id_products_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subs" ADD CONSTRAINT "product_subs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_code" ON "connections" USING btree ("tenant_id","connect_code");--> statement-breakpoint
CREATE UNIQUE INDEX "obj_functions_identifier" ON "obj_functions" USING btree ("tenant_id","identifier");--> statement-breakpoint
CREATE INDEX "obj_model_connections_connect" ON "obj_model_connections" USING btree ("connect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "obj_model_functions_identifier" ON "obj_model_functions" USING btree ("model_id","identifier");--> statement-breakpoint
CREATE INDEX "obj_model_products_product" ON "obj_model_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "obj_models_tenant" ON "obj_models" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_connections_connect" ON "product_connections" USING btree ("connect_id");--> statement-breakpoint
CREATE INDEX "product_copies_tenant" ON "product_copies" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_functions_identifier" ON "product_functions" USING btree ("product_id","identifier");--> statement-breakpoint
CREATE INDEX "product_functions_tenant" ON "product_functions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "product_subs_sub" ON "product_subs" USING btree ("sub_id");--> statement-breakpoint
CREATE INDEX "products_tenant" ON "products" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "products_monitor" ON "products" USING btree ("monitor_type");