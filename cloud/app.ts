import { Hono } from "hono";
import { Code } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import type { CloudEnv, Deps } from "./lib/context";
import { AppError, envelope, fail } from "./lib/http";
import { t } from "./lib/i18n";
import { sysRoutes } from "./routes/sys";

/** Services of the upstream contract (core §7); each mounts at `/{product}Cloud/{service}`. */
export const SERVICES = ["sys", "device", "comm", "stat", "alarm", "msg", "file", "push"] as const;
const JSON_LIMIT = 2 * 1024 * 1024;

export function createCloud(deps: Deps) {
  const app = new Hono<CloudEnv>();

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("locale", normalizeLocale(c.req.header("language")));
    // The console sets X-Real-IP from its socket after dropping whatever the client sent.
    c.set("ip", c.req.header("x-real-ip") ?? "local");
    const length = Number(c.req.header("content-length") ?? 0);
    const multipart = c.req.header("content-type")?.startsWith("multipart/") ?? false;
    if (!multipart && length > JSON_LIMIT) throw new AppError(Code.PAYLOAD_TOO_LARGE, "cloud.tooLarge");
    await next();
  });

  const base = `/${deps.config.product}Cloud`;
  app.route(`${base}/sys`, sysRoutes);

  app.notFound((c) => envelope(c, Code.NOT_FOUND, t(c.var.locale ?? "zh-cn", "cloud.notFound"), null));
  app.onError((err, c) => {
    if (err instanceof AppError) return fail(c, err);
    console.error("[cloud]", c.req.method, c.req.path, err);
    return envelope(c, Code.ERROR, t(c.var.locale ?? "zh-cn", "cloud.serverError"), null);
  });
  return app;
}
export type CloudApp = ReturnType<typeof createCloud>;
