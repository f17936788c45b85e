import { sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { PASSWORD_MIN_SIZE, alternatives, type Complexity } from "@/lib/contract/password";
import { checkPassword, randomPassword } from "@/lib/contract/password-check";
import { pwdPolicySchema, type PwdPolicy } from "@/lib/contract/pwd-policy";
import { permsOf } from "@/lib/contract/call";
import { pwdModeApi } from "@/lib/contract/system/pwd-mode";
import { userApi } from "@/lib/contract/system/user";
import { pwdPolicies } from "../../db/schema";
import type { Db } from "../../db/client";
import { permissionCodes } from "../../lib/auth";
import type { Ctx } from "../../lib/context";
import { AppError, ok, parse } from "../../lib/http";
import { serve } from "../../lib/serve";
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

export const pwdModeServed = [
  /** A password meeting the caller's tenant policy (reset dialogs, new users). */
  serve(pwdModeApi.random, async (c, { tId }) => randomPassword((await loadPolicy(c.var.deps.db, tId ?? c.var.auth.tenantId)).complexity)),
  /**
   * The tenant's policy: every signed-in user needs its rules for the password hint; the initial
   * password itself only goes to those who set it or create users with it.
   */
  serve(pwdModeApi.info, async (c) => {
    const { db } = c.var.deps;
    const policy = await loadPolicy(db, c.var.auth.tenantId);
    const perms = await permissionCodes(db, c.var.auth.roleIds);
    const mayReadInit = perms.has(permsOf(pwdModeApi.saveInit)[0]) || perms.has(permsOf(userApi.add)[0]);
    return mayReadInit ? policy : { ...policy, init: { ...policy.init, password: "" } };
  }),
  serve(pwdModeApi.saveComplexity, (c, input) => savePart(c, (p) => ({ ...p, complexity: complexityOf(input) }))),
  serve(pwdModeApi.saveInit, (c, input) => savePart(c, (p) => ({ ...p, init: input }))),
  serve(pwdModeApi.saveRegular, (c, input) => savePart(c, (p) => ({ ...p, regular: input.regular, welcome: input.welcome }))),
  serve(pwdModeApi.saveHis, (c, input) => savePart(c, (p) => ({ ...p, history: input }))),
  serve(pwdModeApi.saveForget, (c, input) => savePart(c, (p) => ({ ...p, forget: { methods: [...new Set(input.methods)] } }))),
];
