import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { Code } from "@/lib/contract/envelope";
import { PASSWORD_MIN_SIZE, alternatives, type Complexity } from "@/lib/contract/password";
import { checkPassword, randomPassword } from "@/lib/contract/password-check";
import { pwdPolicySchema, type PwdPolicy } from "@/lib/contract/pwd-policy";
import { randomQuery, saveComplexity, saveForget, saveHis, saveInit, saveRegular } from "@/lib/contract/system/pwd-mode";
import { pwdPolicies } from "../../db/schema";
import type { Db } from "../../db/client";
import { permissionCodes, requireAuth, requirePerm } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { AppError, body, ok, parse, query } from "../../lib/http";
import { loadPolicy } from "../../db/queries/passwords";

/** The initial password must itself meet the complexity rules it will be checked against. */
function assertInitFits(password: string, complexity: Complexity) {
  if (!password) return;
  const violations = checkPassword(password, complexity);
  if (violations.length) {
    throw new AppError(Code.BAD_REQUEST, "cloud.initPasswordPolicy", {
      reasons: violations.map((v) => `@${v.key}`).join("|"),
      ...violations.reduce((acc, v) => ({ ...acc, ...v.values }), {}),
    });
  }
}

/** Replaces one part of the caller's tenant policy; the whole document is checked again. */
async function savePart(c: Ctx, change: (p: PwdPolicy) => PwdPolicy) {
  const { db, now } = c.var.deps;
  const tenantId = c.var.auth.tenantId;
  const next = parse(pwdPolicySchema, change(await loadPolicy(db, tenantId)));
  assertInitFits(next.init.password, next.complexity);
  await upsert(db, tenantId, next, now());
  return ok(c, next, "cloud.saved");
}

async function upsert(db: Db, tenantId: number, data: PwdPolicy, now: Date) {
  await db
    .insert(pwdPolicies)
    .values({ tenantId, data, updatedAt: now })
    .onConflictDoUpdate({ target: pwdPolicies.tenantId, set: { data: sql`excluded.data`, updatedAt: now } });
}

/** A template carries its own length and rules (its first alternative), so the stored
 *  `pwdSize`/`pwdModes` always describe what the password hint shows. */
function complexityOf(input: Complexity): Complexity {
  if (input.template === "custom") return { ...input, pwdModes: [...input.pwdModes].sort() };
  const first = alternatives(input)[0];
  return { template: input.template, pwdSize: Math.max(PASSWORD_MIN_SIZE, first.size), pwdModes: first.modes };
}

export const pwdModeRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  /** A password meeting the caller's tenant policy (reset dialogs, new users). */
  .get("/random", async (c) => {
    const { tId } = query(c, randomQuery);
    const policy = await loadPolicy(c.var.deps.db, tId ?? c.var.auth.tenantId);
    return ok(c, randomPassword(policy.complexity));
  })
  /**
   * The tenant's policy: every signed-in user needs its rules for the password hint; the initial
   * password itself only goes to those who set it or create users with it.
   */
  .get("/info", async (c) => {
    const { db } = c.var.deps;
    const policy = await loadPolicy(db, c.var.auth.tenantId);
    const perms = await permissionCodes(db, c.var.auth.roleIds);
    const mayReadInit = perms.has("sys:pwdMode:save") || perms.has("sys:user:add");
    return ok(c, mayReadInit ? policy : { ...policy, init: { ...policy.init, password: "" } });
  })
  .post("/saveComplexity", requirePerm("sys:pwdMode:save"), async (c) => {
    const input = complexityOf(await body(c, saveComplexity));
    return savePart(c, (p) => ({ ...p, complexity: input }));
  })
  .post("/saveInit", requirePerm("sys:pwdMode:save"), async (c) => {
    const input = await body(c, saveInit);
    return savePart(c, (p) => ({ ...p, init: input }));
  })
  .post("/saveRegular", requirePerm("sys:pwdMode:save"), async (c) => {
    const input = await body(c, saveRegular);
    return savePart(c, (p) => ({ ...p, regular: input.regular, welcome: input.welcome }));
  })
  .post("/saveHis", requirePerm("sys:pwdMode:save"), async (c) => {
    const input = await body(c, saveHis);
    return savePart(c, (p) => ({ ...p, history: input }));
  })
  .post("/saveForget", requirePerm("sys:pwdMode:save"), async (c) => {
    const input = await body(c, saveForget);
    return savePart(c, (p) => ({ ...p, forget: { methods: [...new Set(input.methods)] } }));
  });
