import type { IncomingMessage } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { PROXY_SECRET_HEADER } from "@/lib/contract/console-proxy";
import type { CloudConfig, Ctx } from "./context";

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The caller's address, which login throttling counts by. X-Real-IP is believed only from the
 * console (its secret header matches `CLOUD_PROXY_SECRET`) or from a proxy in `TRUSTED_PROXIES`;
 * anyone else calling directly is known by the socket's address, so cannot spread its guesses
 * over made-up addresses. The columns keyed by it hold 64 characters.
 */
export function clientIp(c: Ctx, config: Pick<CloudConfig, "proxySecret" | "trustedProxies">): string {
  const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? "local";
  const claimed = c.req.header("x-real-ip");
  const secret = c.req.header(PROXY_SECRET_HEADER);
  const trusted = !!claimed && ((!!config.proxySecret && !!secret && same(secret, config.proxySecret)) || (config.trustedProxies ?? []).includes(peer));
  return (trusted ? claimed : peer).slice(0, 64);
}
