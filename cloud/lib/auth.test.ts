import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { tenants, tokens, users } from "../db/schema";
import { createTestCloud, type TestCloud } from "../testing";
import { authenticate, issueToken, permissionCodes, revokeToken, revokeUserTokens, tokenFromHeader } from "./auth";
import { sha256 } from "./crypto";
import { AppError } from "./http";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

async function unauthorized(header: string | undefined) {
  const err = await authenticate(cloud.deps, header).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(Code.UNAUTHORIZED);
}

describe("tokens", () => {
  it("reads a bearer or a bare token", () => {
    expect(tokenFromHeader("Bearer abc")).toBe("abc");
    expect(tokenFromHeader("abc")).toBe("abc");
    expect(tokenFromHeader("Bearer   ")).toBeNull();
    expect(tokenFromHeader("")).toBeNull();
    expect(tokenFromHeader(undefined)).toBeNull();
  });

  it("is opaque and stored only as its hash", async () => {
    const id = await cloud.userId("operator01", 2);
    const token = await issueToken(cloud.deps, { id, tenantId: 2 }, "10.9.0.1");
    expect(token).toMatch(/^[\w-]{40,}$/);
    const rows = await cloud.db.select().from(tokens).where(eq(tokens.userId, id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
  });

  it("refuses missing and garbage tokens", async () => {
    await unauthorized(undefined);
    await unauthorized("Bearer ");
    await unauthorized("Bearer not-a-token");
    await unauthorized("x".repeat(10_000));
  });

  it("expires after its lifetime", async () => {
    const id = await cloud.userId("operator01", 2);
    const token = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    cloud.advance(cloud.deps.config.tokenTtlMs - 1000);
    await authenticate(cloud.deps, token);
    cloud.advance(1000);
    await unauthorized(token);
  });

  it("records when it was last used", async () => {
    const id = await cloud.userId("operator01", 2);
    const token = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    cloud.advance(5 * 60_000);
    await authenticate(cloud.deps, token);
    const [row] = await cloud.db.select().from(tokens).where(eq(tokens.tokenHash, sha256(token)));
    expect(row.lastUsedAt.getTime()).toBe(cloud.now().getTime());
  });

  it("stops working once revoked, alone or with every token of the user", async () => {
    const id = await cloud.userId("operator01", 2);
    const a = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    const b = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    const c = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    await revokeToken(cloud.db, sha256(a), cloud.now());
    await unauthorized(a);
    await authenticate(cloud.deps, b);
    await revokeUserTokens(cloud.db, id, cloud.now());
    await unauthorized(b);
    await unauthorized(c);
  });

  it("stops working at once when the user or the tenant is disabled", async () => {
    const id = await cloud.userId("demoadmin", 2);
    const token = await issueToken(cloud.deps, { id, tenantId: 2 }, "local");
    await cloud.db.update(users).set({ enabled: 0 }).where(eq(users.id, id));
    await unauthorized(token);
    await cloud.db.update(users).set({ enabled: 1 }).where(eq(users.id, id));
    await authenticate(cloud.deps, token);
    await cloud.db.update(tenants).set({ enabled: 0 }).where(eq(tenants.id, 2));
    await unauthorized(token);
    await cloud.db.update(tenants).set({ enabled: 1 }).where(eq(tenants.id, 2));
    await authenticate(cloud.deps, token);
  });
});

describe("permissions", () => {
  it("gives each seeded role its permission codes and none to nobody", async () => {
    const admin = await authenticate(cloud.deps, await issueToken(cloud.deps, { id: await cloud.userId("demoadmin", 2), tenantId: 2 }, "local"));
    const operator = await authenticate(cloud.deps, await issueToken(cloud.deps, { id: await cloud.userId("operator01", 2), tenantId: 2 }, "local"));
    const adminPerms = await permissionCodes(cloud.db, admin.roleIds);
    const operatorPerms = await permissionCodes(cloud.db, operator.roleIds);
    expect(adminPerms.size).toBeGreaterThan(0);
    expect(operatorPerms.size).toBeLessThan(adminPerms.size);
    for (const p of operatorPerms) expect(adminPerms.has(p)).toBe(true);
    expect((await permissionCodes(cloud.db, [])).size).toBe(0);
  });
});
