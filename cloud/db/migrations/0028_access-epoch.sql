CREATE TABLE "access_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "access_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
-- Raised once per statement that can change what a token may do; the cloud's access cache is keyed by it.
CREATE FUNCTION "bump_access_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "access_epoch" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tokens_access" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "tokens" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "users_access" AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "tenants_access" AFTER UPDATE OR DELETE ON "tenants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "roles_access" AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_access" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "menus_access" AFTER INSERT OR UPDATE OR DELETE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "role_menus_access" AFTER INSERT OR UPDATE OR DELETE ON "role_menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "tenant_menus_access" AFTER INSERT OR UPDATE OR DELETE ON "tenant_menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "role_tenants_access" AFTER INSERT OR UPDATE OR DELETE ON "role_tenants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "projects_access" AFTER UPDATE OF "tenant_id" OR DELETE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
--> statement-breakpoint
CREATE TRIGGER "project_members_access" AFTER INSERT OR UPDATE OR DELETE ON "project_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_epoch"();
