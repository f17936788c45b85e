import type { MiddlewareHandler } from "hono";
import { menusOf, type AnyCall } from "@/lib/contract/call";
import { Code } from "@/lib/contract/envelope";
import { loginApi } from "@/lib/contract/auth";
import { apiKey } from "@/lib/contract/system/api-key";
import { SECURITY_SCREEN } from "@/lib/contract/system/safety";
import { userApi } from "@/lib/contract/system/user";
import type { CloudEnv } from "./context";
import { AppError } from "./http";

/** Whether a call only reads: a GET, or an export (a file of rows). Everything else — a write, a stream — may change something. */
export function readsOnly(call: AnyCall): boolean {
  return call.kind === "get" || call.kind === "export";
}

/** What an API key may never do: the caller's own security (password, phone, e-mail), any key's management (one's own or, for an administrator, the tenant's) and signing out. */
export function personal(call: AnyCall): boolean {
  if (call.path === userApi.updPwd.path || call.path === loginApi.logout.path || call.entity === apiKey.ns) return true;
  return menusOf(call).includes(SECURITY_SCREEN);
}

/**
 * What a key may do of what its user may: reads with a read-only key, the user's writes too with
 * a read-write key, but never the user's own security (a key cannot make a key or change a
 * password). The user's own permission and scope checks follow as for a session; a key for
 * chosen projects is narrowed in `visibleProjects`.
 */
export function keyMay(call: AnyCall, key: { writable: boolean }): "ok" | "readOnly" | "personal" {
  if (personal(call)) return "personal";
  if (readsOnly(call) || key.writable) return "ok";
  return "readOnly";
}

export function keyGuard(call: AnyCall): MiddlewareHandler<CloudEnv> {
  return async (c, next) => {
    const key = c.var.auth.apiKey;
    if (key) {
      const may = keyMay(call, key);
      if (may !== "ok") throw new AppError(Code.FORBIDDEN, may === "readOnly" ? "cloud.apiKeyReadOnly" : "cloud.apiKeyPersonal");
    }
    await next();
  };
}
