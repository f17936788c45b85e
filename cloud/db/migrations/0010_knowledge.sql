CREATE TABLE "ai_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"reasoning" text,
	"status" varchar(16) DEFAULT 'done' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"path" text NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"auth_type" smallint NOT NULL,
	"user_id" integer,
	"department_id" integer,
	"group_id" integer
);
--> statement-breakpoint
CREATE TABLE "knowledge_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"node_id" integer,
	"file_name" varchar(64) NOT NULL,
	"header_name" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"realname" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"header_id" integer,
	"parent_id" integer,
	"file_type" smallint NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"file_desc" varchar(500),
	"file_path" text,
	"file_size" bigint,
	"content" text,
	"search_text" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"purpose" varchar(32),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_session_id_ai_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ai_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_grants" ADD CONSTRAINT "knowledge_grants_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_logs" ADD CONSTRAINT "knowledge_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_messages_session" ON "ai_messages" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "ai_sessions_user" ON "ai_sessions" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "knowledge_grants_node" ON "knowledge_grants" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "knowledge_logs_tenant_time" ON "knowledge_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_nodes_tenant_header" ON "knowledge_nodes" USING btree ("tenant_id","header_id");--> statement-breakpoint
CREATE INDEX "knowledge_nodes_parent" ON "knowledge_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "knowledge_nodes_deleted" ON "knowledge_nodes" USING btree ("deleted_at");