import type { PasswordChangeRequired } from "@/lib/contract/auth";
import { Code } from "@/lib/contract/envelope";
import { checkPassword } from "@/lib/contract/password-check";
import type { PwdPolicy } from "@/lib/contract/pwd-policy";
import type { users } from "../db/schema";
import type { Db } from "../db/client";
import { claimTicket, insertTicket, loadPolicy, passwordEverChanged, recentPasswordHashes, releaseTicket, storePassword } from "../db/queries/passwords";
import type { Deps } from "./context";
import { revokeUserTokens } from "./auth";
import { AppError } from "./http";
import { hashPassword, randomToken, sha256, verifyPassword } from "./crypto";

export const TICKET_TTL_MS = 15 * 60_000;

type User = typeof users.$inferSelect;

/** The password has passed its validity period (regular change, core §9). */
export function passwordExpired(policy: PwdPolicy, user: Pick<User, "pwdChangedAt">, now: Date) {
  return policy.regular.enabled && now.getTime() - user.pwdChangedAt.getTime() > policy.regular.validDays * 86_400_000;
}

/** Days until the password expires when the login should remind of it (within `remindDays`);
 *  null when regular change is off or expiry is further away. */
export function passwordReminder(policy: PwdPolicy, user: Pick<User, "pwdChangedAt">, now: Date): number | null {
  if (!policy.regular.enabled) return null;
  const left = Math.ceil((user.pwdChangedAt.getTime() + policy.regular.validDays * 86_400_000 - now.getTime()) / 86_400_000);
  return left <= policy.regular.remindDays ? Math.max(left, 0) : null;
}

/**
 * Welcome reminder (regular change, core §9): while an account is younger than the policy's
 * welcome period (7/30/90 days) and still has the password it was created with, each login
 * reminds the user to set one of their own. Part of regular change, so off when that is off.
 */
export async function welcomeReminder(db: Db, policy: PwdPolicy, user: Pick<User, "id" | "createdAt">, now: Date): Promise<boolean> {
  if (!policy.regular.enabled || now.getTime() - user.createdAt.getTime() >= policy.welcome.days * 86_400_000) return false;
  return !(await passwordEverChanged(db, user.id));
}

/**
 * Why the login must stop for a new password, or null. A forced change is `reset` when an
 * administrator set the password (`setPassword` with `mustChange`, the only way the flag comes
 * back after a change), `first` while the account still has the password it was created with.
 */
export async function forcedChangeReason(
  db: Db,
  policy: PwdPolicy,
  user: Pick<User, "id" | "mustChangePwd" | "pwdChangedAt">,
  now: Date,
): Promise<PasswordChangeRequired["reason"] | null> {
  if (user.mustChangePwd) return (await passwordEverChanged(db, user.id)) ? "reset" : "first";
  return passwordExpired(policy, user, now) ? "expired" : null;
}

/**
 * Sets a user's password after checking the tenant's policy and history; the reason for a refusal
 * names every rule that failed. Revokes the user's tokens unless told to keep one session.
 */
export async function setPassword(
  deps: Deps,
  user: User,
  password: string,
  opts: { mustChange?: boolean; keepTokens?: boolean } = {},
) {
  const policy = await loadPolicy(deps.db, user.tenantId);
  const violations = checkPassword(password, policy.complexity, user);
  if (violations.length) {
    throw new AppError(Code.BAD_REQUEST, "cloud.passwordPolicy", {
      reasons: violations.map((v) => `@${v.key}`).join("|"),
      ...violations.reduce((acc, v) => ({ ...acc, ...v.values }), {}),
    });
  }
  if (policy.history.enabled) {
    const recent = await recentPasswordHashes(deps.db, user.id, policy.history.count);
    for (const h of [user.passwordHash, ...recent].slice(0, policy.history.count)) {
      if (await verifyPassword(password, h)) {
        throw new AppError(Code.BAD_REQUEST, "cloud.passwordReused", { count: policy.history.count });
      }
    }
  }
  const now = deps.now();
  await storePassword(deps.db, user, await hashPassword(password), opts.mustChange ?? false, now);
  if (!opts.keepTokens) await revokeUserTokens(deps.db, user.id, now);
}

/** A one-time ticket (`dataCode`) for the login-flow password change. */
export async function issueTicket(deps: Deps, userId: number): Promise<string> {
  const ticket = randomToken();
  await insertTicket(deps.db, sha256(ticket), userId, new Date(deps.now().getTime() + TICKET_TTL_MS));
  return ticket;
}

/**
 * Spends a ticket on a password change. The ticket is claimed atomically, so two parallel
 * requests cannot both use it; a refused password gives it back for another try.
 */
export async function changeWithTicket(deps: Deps, ticket: string, password: string) {
  const hash = sha256(ticket);
  const user = await claimTicket(deps.db, hash, deps.now());
  if (!user) throw new AppError(Code.BAD_REQUEST, "cloud.ticketExpired");
  try {
    await setPassword(deps, user, password);
  } catch (err) {
    await releaseTicket(deps.db, hash);
    throw err;
  }
}
