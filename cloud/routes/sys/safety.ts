import { and, eq, gt, isNull } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { safetyApi, type SafetyType } from "@/lib/contract/system/safety";
import { pwdTickets, users } from "../../db/schema";
import { revokeUserTokens } from "../../lib/auth";
import { consumeCode, sendCode } from "../../lib/codes";
import type { Auth, Ctx } from "../../lib/context";
import { sha256, verifyPassword } from "../../lib/crypto";
import { AppError, badRequest, ok } from "../../lib/http";
import { serve } from "../../lib/serve";
import { assertUnique } from "../../db/queries/org";
import { issueTicket, setPassword } from "../../lib/passwords";
import { LIMITS, clearFailures, isLocked, recordFailure } from "../../lib/throttle";

/**
 * securitySet: the signed-in user's own phone, e-mail and password. A change of phone or e-mail
 * needs proof of who you are (a code to the current channel, or the password), which yields a
 * one-time `verifyKey` (a ticket, as in the login flow), then a code sent to the new address.
 */
type User = typeof users.$inferSelect;
const channelOf = (type: SafetyType) => (type === "phone" ? "sms" : "email") as "sms" | "email";

async function me(c: Ctx): Promise<User> {
  const [u] = await c.var.deps.db.select().from(users).where(eq(users.id, c.var.auth.userId));
  return u;
}

function current(user: User, type: SafetyType): string {
  const value = type === "phone" ? user.phone : user.email;
  if (!value) throw badRequest(type === "phone" ? "cloud.noPhone" : "cloud.noEmail");
  return value;
}

/** Password guesses from a signed-in session are counted like login failures: locked after 5. */
async function checkOwnPassword(c: Ctx, user: User, password: string) {
  const deps = c.var.deps;
  const key = `safety:${user.id}`;
  if (await isLocked(deps.db, key, deps.now())) throw new AppError(Code.TOO_FREQUENT, "cloud.tooFrequent");
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(deps.db, key, LIMITS.perUser, deps.now());
    throw badRequest("cloud.wrongPassword");
  }
  await clearFailures(deps.db, key);
}

/** Spends the caller's verifyKey; gives it back through `release` if the step then fails. */
async function claimVerifyKey(c: Ctx, auth: Auth, verifyKey: string) {
  const deps = c.var.deps;
  const hash = sha256(verifyKey);
  const [claimed] = await deps.db
    .update(pwdTickets)
    .set({ usedAt: deps.now() })
    .where(and(eq(pwdTickets.tokenHash, hash), eq(pwdTickets.userId, auth.userId), isNull(pwdTickets.usedAt), gt(pwdTickets.expiresAt, deps.now())))
    .returning({ userId: pwdTickets.userId });
  if (!claimed) throw badRequest("cloud.ticketExpired");
  return { release: () => deps.db.update(pwdTickets).set({ usedAt: null }).where(eq(pwdTickets.tokenHash, hash)) };
}

const proof = (c: Ctx, type: SafetyType, target: string) => ({ tenantId: c.var.auth.tenantId, purpose: "bind" as const, channel: channelOf(type), target });

export const safetyServed = [
  serve(safetyApi.sendCode, async (c, { type }) => {
    await sendCode(c.var.deps, proof(c, type, current(await me(c), type)), c.var.locale);
    return ok(c, null, "cloud.codeSent");
  }),
  serve(safetyApi.checkCode, async (c, input) => {
    await consumeCode(c.var.deps, proof(c, input.type, current(await me(c), input.type)), input.code);
    return { verifyKey: await issueTicket(c.var.deps, c.var.auth.userId) };
  }),
  serve(safetyApi.checkPassword, async (c, input) => {
    await checkOwnPassword(c, await me(c), input.password);
    return { verifyKey: await issueTicket(c.var.deps, c.var.auth.userId) };
  }),
  serve(safetyApi.sendCodeSet, async (c, input) => {
    await assertUnique(c.var.deps.db, c.var.auth.tenantId, { [input.type]: input.value }, c.var.auth.userId);
    await sendCode(c.var.deps, proof(c, input.type, input.value), c.var.locale);
    return ok(c, null, "cloud.codeSent");
  }),
  serve(safetyApi.setInfo, async (c, input) => {
    const deps = c.var.deps;
    const auth = c.var.auth;
    const key = await claimVerifyKey(c, auth, input.verifyKey);
    try {
      await assertUnique(deps.db, auth.tenantId, { [input.type]: input.value }, auth.userId);
      await consumeCode(deps, proof(c, input.type, input.value), input.code);
    } catch (err) {
      await key.release();
      throw err;
    }
    await deps.db
      .update(users)
      .set({ [input.type]: input.value, updatedAt: deps.now() })
      .where(eq(users.id, auth.userId));
    return ok(c, { [input.type]: input.value }, "cloud.infoBound");
  }),
  serve(safetyApi.updPwd, async (c, input) => {
    const deps = c.var.deps;
    const user = await me(c);
    await checkOwnPassword(c, user, input.oldPassword);
    await setPassword(deps, user, input.password, { keepTokens: true });
    // Other sessions end; the one the change was made from goes on.
    await revokeUserTokens(deps.db, user.id, deps.now(), c.var.auth.tokenHash);
    return ok(c, null, "cloud.saved");
  }),
];
