import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { roles, tenants, tokens, users } from "../db/schema";
import { createTestCloud, type TestCloud } from "../testing";
import { authenticate } from "./auth";
import { tenantScope } from "./scope";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

describe("tenant scope", () => {
  it("reads only the caller's tenant, with the tenant taken from the token", async () => {
    const token = await cloud.login("demoadmin", "Demo@2026", 2);
    const auth = await authenticate(cloud.deps, `Bearer ${token}`);
    expect(auth).toMatchObject({ tenantId: 2, username: "demoadmin", isPlatform: false, roles: "tenantAdmin" });
    const scope = tenantScope(auth);
    const rows = await cloud.db.select().from(users).where(scope.where(users));
    expect(rows.map((u) => u.username).sort()).toEqual(["demoadmin", "operator01"]);
    expect(rows.every((u) => u.tenantId === 2)).toBe(true);
    const roleRows = await cloud.db.select().from(roles).where(scope.where(roles));
    expect(roleRows.map((r) => r.code).sort()).toEqual(["projectUser", "tenantAdmin"]);
  });

  it("cannot be widened by a further condition naming another tenant", async () => {
    const scope = tenantScope({ tenantId: 2 });
    const rows = await cloud.db.select().from(users).where(scope.where(users, eq(users.username, "superadmin")));
    expect(rows).toEqual([]);
    const forged = await cloud.db.select().from(users).where(scope.where(users, eq(users.tenantId, 1)));
    expect(forged).toEqual([]);
  });

  it("finds the tenant's own row, and only it", async () => {
    const rows = await cloud.db.select({ id: tenants.id }).from(tenants).where(tenantScope({ tenantId: 2 }).self());
    expect(rows).toEqual([{ id: 2 }]);
  });

  it("stamps the caller's tenant on new rows, whatever the body said", () => {
    const scope = tenantScope({ tenantId: 2 });
    expect(scope.owned({ name: "x", tenantId: 1 })).toEqual({ name: "x", tenantId: 2 });
    expect(scope.tenantId).toBe(2);
  });

  it("resolves the platform administrator to tenant 1", async () => {
    const token = await cloud.login("superadmin", "Super@2026", 1);
    const auth = await authenticate(cloud.deps, token);
    expect(auth).toMatchObject({ tenantId: 1, isPlatform: true, roles: "admin" });
    const rows = await cloud.db.select().from(users).where(tenantScope(auth).where(users));
    expect(rows.map((u) => u.username)).toEqual(["superadmin"]);
  });

  it("keeps a token's tenant even if the token row were forged to another tenant", async () => {
    // The tenant comes from the user row, not from anything stored beside the token.
    const token = await cloud.login("operator01", "Operator@2026", 2);
    await cloud.db.update(tokens).set({ tenantId: 1 });
    const auth = await authenticate(cloud.deps, token);
    expect(auth.tenantId).toBe(2);
  });

  it("has one platform tenant and one demo tenant in the seed", async () => {
    const rows = await cloud.db.select({ id: tenants.id, code: tenants.code }).from(tenants).orderBy(tenants.id);
    expect(rows).toEqual([
      { id: 1, code: "platform" },
      { id: 2, code: "demo" },
    ]);
  });
});
