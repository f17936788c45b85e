-- Hand-written (drizzle-kit generate --custom): the SIM roll-ups (sim_usage_tenant per tenant, carrier and day;
-- sim_usage_month per card and month) kept in the transaction that writes sim_usage, and filled from it once.
-- Statement-level with transition tables: the sync's batch upsert (and a bulk insert) is one grouped write.
CREATE FUNCTION "sim_usage_roll"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS "sim_usage_delta" ("card_id" integer, "day" date, "mb" numeric) ON COMMIT DROP;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "sim_usage_delta" SELECT "card_id", "day", "used_mb"::numeric FROM "sim_usage_new";
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "sim_usage_delta" SELECT "card_id", "day", -"used_mb"::numeric FROM "sim_usage_old";
  END IF;
  -- A deleted card's days were taken off by "sim_card_roll" before its rows went (the join finds no card).
  INSERT INTO "sim_usage_tenant" ("tenant_id", "carrier", "day", "used_mb")
    SELECT c."tenant_id", c."carrier", d."day", sum(d."mb") FROM "sim_usage_delta" d JOIN "sim_cards" c ON c."id" = d."card_id"
    GROUP BY 1, 2, 3 HAVING sum(d."mb") <> 0
    ON CONFLICT ("tenant_id", "carrier", "day") DO UPDATE SET "used_mb" = "sim_usage_tenant"."used_mb" + excluded."used_mb";
  INSERT INTO "sim_usage_month" ("card_id", "month", "tenant_id", "carrier", "used_mb")
    SELECT d."card_id", date_trunc('month', d."day")::date, c."tenant_id", c."carrier", sum(d."mb") FROM "sim_usage_delta" d JOIN "sim_cards" c ON c."id" = d."card_id"
    GROUP BY 1, 2, 3, 4 HAVING sum(d."mb") <> 0
    ON CONFLICT ("card_id", "month") DO UPDATE SET "used_mb" = "sim_usage_month"."used_mb" + excluded."used_mb";
  DELETE FROM "sim_usage_delta";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sim_usage_roll_ins" AFTER INSERT ON "sim_usage" REFERENCING NEW TABLE AS "sim_usage_new" FOR EACH STATEMENT EXECUTE FUNCTION "sim_usage_roll"();
--> statement-breakpoint
CREATE TRIGGER "sim_usage_roll_upd" AFTER UPDATE ON "sim_usage" REFERENCING OLD TABLE AS "sim_usage_old" NEW TABLE AS "sim_usage_new" FOR EACH STATEMENT EXECUTE FUNCTION "sim_usage_roll"();
--> statement-breakpoint
CREATE TRIGGER "sim_usage_roll_del" AFTER DELETE ON "sim_usage" REFERENCING OLD TABLE AS "sim_usage_old" FOR EACH STATEMENT EXECUTE FUNCTION "sim_usage_roll"();
--> statement-breakpoint
-- A card deleted: its days leave its tenant's roll-up (its month rows go by the foreign key). A card moved to
-- another carrier (or tenant): its days move with it.
CREATE FUNCTION "sim_card_roll"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sim_usage_tenant" r SET "used_mb" = r."used_mb" - u."mb"
    FROM (SELECT "day", sum("used_mb"::numeric) AS "mb" FROM "sim_usage" WHERE "card_id" = OLD."id" GROUP BY 1) u
    WHERE r."tenant_id" = OLD."tenant_id" AND r."carrier" = OLD."carrier" AND r."day" = u."day";
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  INSERT INTO "sim_usage_tenant" ("tenant_id", "carrier", "day", "used_mb")
    SELECT NEW."tenant_id", NEW."carrier", "day", sum("used_mb"::numeric) FROM "sim_usage" WHERE "card_id" = NEW."id" GROUP BY 3
    ON CONFLICT ("tenant_id", "carrier", "day") DO UPDATE SET "used_mb" = "sim_usage_tenant"."used_mb" + excluded."used_mb";
  UPDATE "sim_usage_month" SET "tenant_id" = NEW."tenant_id", "carrier" = NEW."carrier" WHERE "card_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sim_card_roll_del" BEFORE DELETE ON "sim_cards" FOR EACH ROW EXECUTE FUNCTION "sim_card_roll"();
--> statement-breakpoint
CREATE TRIGGER "sim_card_roll_move" AFTER UPDATE OF "tenant_id", "carrier" ON "sim_cards" FOR EACH ROW
  WHEN (OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id" OR OLD."carrier" IS DISTINCT FROM NEW."carrier") EXECUTE FUNCTION "sim_card_roll"();
--> statement-breakpoint
INSERT INTO "sim_usage_tenant" ("tenant_id", "carrier", "day", "used_mb")
  SELECT c."tenant_id", c."carrier", u."day", sum(u."used_mb"::numeric) FROM "sim_usage" u JOIN "sim_cards" c ON c."id" = u."card_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "sim_usage_month" ("card_id", "month", "tenant_id", "carrier", "used_mb")
  SELECT u."card_id", date_trunc('month', u."day")::date, c."tenant_id", c."carrier", sum(u."used_mb"::numeric) FROM "sim_usage" u JOIN "sim_cards" c ON c."id" = u."card_id" GROUP BY 1, 2, 3, 4;
