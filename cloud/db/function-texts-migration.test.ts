import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import type { ThingFunction } from "@/lib/contract/device/thing-model";
import { DEMO_LIBRARY, DEMO_PRODUCTS } from "../seed/product-catalogue";
import { bilingualFunction, ENGLISH_TEXTS, type EnglishTexts } from "../seed/function-names";
import { SETUP_MS } from "../testing";
import { MIGRATIONS, migrationsBefore, openMigrationTarget, type MigrationTarget } from "./migration-testing";
import { functionValues } from "./queries/products";
import { objFunctions, productCopies, productFunctions, products, tenants } from "./schema";

/**
 * Migration 0065 (issue 40): an installation seeded before 0063 has the demo catalogue's functions
 * in Chinese only; 0065 gives each function still bearing its seeded identifier and Chinese name its
 * English name, and its parameters' names and labels theirs, leaving renamed functions and texts a
 * user wrote in English alone. Run on PGlite, and on PostgreSQL with `npm run test:pg`.
 */
const MIGRATION = "0065_seeded-function-texts-english";

/** The dictionaries 0065 carries (its JSON literals: the seeded functions, parameter names, labels). */
function migrationTexts(): EnglishTexts {
  const text = readFileSync(join(MIGRATIONS, `${MIGRATION}.sql`), "utf8");
  const [fns, params, labels] = [...text.matchAll(/^ {2}'(.*)'::jsonb/gm)].map((m) => JSON.parse(m[1].replaceAll("''", "'")));
  return { functions: Object.fromEntries((fns as [string, string, string][]).map(([, zh, en]) => [zh, en])), params, labels };
}

describe("migration 0065: the seeded functions' English texts", () => {
  let t: MigrationTarget;
  let old: string;
  const productIds: number[] = [];
  let renamed: number;
  let userWrote: number;
  beforeAll(async () => {
    old = migrationsBefore(MIGRATION);
    t = await openMigrationTarget();
    await t.run(old);
    // The demo catalogue as installations seeded before 0063 hold it: Chinese only.
    const [tenant] = await t.db.insert(tenants).values({ name: "migration", code: "migration" }).returning();
    for (const p of DEMO_PRODUCTS) {
      const [product] = await t.db.insert(products).values({ tenantId: tenant.id, prodName: p.key, prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret" }).returning({ id: products.id });
      productIds.push(product.id);
      await t.db.insert(productFunctions).values(p.functions.map((fn, sort) => ({ ...functionValues(fn), tenantId: tenant.id, productId: product.id, sort })));
    }
    await t.db.insert(objFunctions).values(DEMO_LIBRARY.map((fn) => ({ ...functionValues(fn), tenantId: tenant.id })));
    await t.db.insert(productCopies).values({ tenantId: tenant.id, copyName: "copy", prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", functions: DEMO_PRODUCTS[0].functions });
    // A user renamed one seeded function, and gave another (and one of its parameters) an English name of their own.
    const [product] = await t.db.insert(products).values({ tenantId: tenant.id, prodName: "user", prodCategory: "sensor", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret" }).returning({ id: products.id });
    const zero = DEMO_LIBRARY.find((f) => f.identifier === "setZero")!;
    const own: ThingFunction = { ...zero, i18n: { funcName: { "zh-cn": "置零", en: "Reset to zero" } }, outputParams: zero.outputParams!.map((p) => ({ ...p, i18n: { name: { en: "Outcome" } } })) };
    const rows = await t.db
      .insert(productFunctions)
      .values([
        { ...functionValues({ ...DEMO_LIBRARY.find((f) => f.identifier === "battery")!, funcName: "剩余电量" }), tenantId: tenant.id, productId: product.id, sort: 0 },
        { ...functionValues(own), tenantId: tenant.id, productId: product.id, sort: 1 },
      ])
      .returning({ id: productFunctions.id });
    [renamed, userWrote] = rows.map((r) => r.id);
    await t.run(MIGRATIONS);
  }, SETUP_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(old, { recursive: true, force: true });
  });

  it("carries the seed's dictionaries of its day", () => {
    expect(migrationTexts()).toEqual(ENGLISH_TEXTS);
  });

  it("gives every seeded function, parameter and label its English text, as a fresh seed has them", async () => {
    const texts = migrationTexts();
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const rows = await t.db.select().from(productFunctions).where(eq(productFunctions.productId, productIds[i])).orderBy(asc(productFunctions.sort));
      const seeded = p.functions.map((fn) => bilingualFunction(fn, texts));
      expect(rows.map((r) => r.definition)).toEqual(seeded);
      expect(rows.map((r) => r.i18n)).toEqual(seeded.map((fn) => fn.i18n ?? null));
    }
    const library = await t.db.select().from(objFunctions).orderBy(asc(objFunctions.id));
    expect(library.map((r) => r.definition)).toEqual(DEMO_LIBRARY.map((fn) => bilingualFunction(fn, texts)));
    const [copy] = await t.db.select().from(productCopies);
    expect(copy.functions).toEqual(DEMO_PRODUCTS[0].functions.map((fn) => bilingualFunction(fn, texts)));
  });

  it("leaves a renamed function alone and never overwrites an English text a user wrote", async () => {
    const [a, b] = await Promise.all([renamed, userWrote].map(async (id) => (await t.db.select().from(productFunctions).where(eq(productFunctions.id, id)))[0]));
    expect(a.i18n).toBeNull();
    expect(a.definition.i18n).toBeUndefined();
    expect(b.i18n).toEqual({ funcName: { "zh-cn": "置零", en: "Reset to zero" } });
    expect(b.definition.i18n).toEqual({ funcName: { "zh-cn": "置零", en: "Reset to zero" } });
    // The parameter's English stays the user's; its bool labels, which had none, get the seed's.
    expect(b.definition.outputParams?.[0]).toMatchObject({ i18n: { name: { en: "Outcome" } }, dataType: { i18n: { trueText: { en: "Succeeded" }, falseText: { en: "Failed" } } } });
  });
});
