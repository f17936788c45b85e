CREATE TABLE "stored_files" (
	"path" varchar(80) PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"owner_id" integer,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_tenant" ON "stored_files" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "stored_files_unclaimed" ON "stored_files" USING btree ("created_at") WHERE claimed_at is null;