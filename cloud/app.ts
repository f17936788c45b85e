import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Code } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import type { CloudEnv, Deps } from "./lib/context";
import { AppError, envelope, fail, isDataException } from "./lib/http";
import { t } from "./lib/i18n";
import { catalogueRoutes, type Served } from "./lib/serve";
import { claimSavedFiles } from "./lib/storage";
import { alarmServed } from "./routes/alarm";
import { commServed } from "./routes/comm";
import { deviceServed } from "./routes/device";
import { fileServed } from "./routes/file";
import { msgServed } from "./routes/msg";
import { pushServed } from "./routes/push";
import { statServed } from "./routes/stat";
import { sysServed } from "./routes/sys";
import { clientIp } from "./lib/client-ip";
import { MCP_PATH, mcpHandler } from "./mcp/server";

/** Every call the built-in cloud serves: the declarations of `lib/contract`, each with its handler. */
export const SERVED: readonly Served[] = [...sysServed, ...deviceServed, ...commServed, ...statServed, ...alarmServed, ...msgServed, ...fileServed, ...pushServed];
const JSON_LIMIT = 2 * 1024 * 1024;

export function createCloud(deps: Deps) {
  const app = new Hono<CloudEnv>();
  const inner = { app, base: `/${deps.config.product}Cloud` };

  // Counts the bytes as they arrive: a chunked body has no Content-Length to check up front.
  const jsonLimit = bodyLimit({
    maxSize: JSON_LIMIT,
    onError: () => {
      throw new AppError(Code.PAYLOAD_TOO_LARGE, "cloud.tooLarge");
    },
  });

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("locale", normalizeLocale(c.req.header("language")));
    c.set("ip", clientIp(c, deps.config));
    c.set("inner", inner);
    const streamed = /^(multipart\/|application\/octet-stream)/.test(c.req.header("content-type") ?? "");
    // Uploads (multipart, and the parts of an upload in parts) stream to their own handlers, which set their own limits.
    // A GET or HEAD is read without its body: asking for one would build a whole fetch Request with its abort signal
    // (issue 35: a sixth of the garbage of a 1,000-device rollout, its 16,000 download parts).
    const bodyless = c.req.method === "GET" || c.req.method === "HEAD";
    return streamed || bodyless ? next() : jsonLimit(c, next);
  });

  app.use(claimSavedFiles);
  // Each declared call carries its own checks: where a route sits changes nothing.
  app.route(`/${deps.config.product}Cloud`, catalogueRoutes(SERVED));
  // The MCP server: tools over the same calls, for a personal API key (cloud/mcp/server.ts).
  app.on(["GET", "POST", "DELETE"], `/${deps.config.product}Cloud/${MCP_PATH}`, mcpHandler);

  app.notFound((c) => envelope(c, Code.NOT_FOUND, t(c.var.locale ?? "zh-cn", "cloud.notFound"), null));
  app.onError((err, c) => {
    if (err instanceof AppError) return fail(c, err);
    if (isDataException(err)) {
      // A value no schema caught (out of range, NUL byte, too long): the client's fault, so a 400.
      console.warn("[cloud]", c.req.method, c.req.path, "refused a value the database cannot hold:", (err.cause as Error | undefined)?.message ?? err.message);
      return fail(c, new AppError(Code.BAD_REQUEST, "cloud.badValue"));
    }
    console.error("[cloud]", c.req.method, c.req.path, err);
    return envelope(c, Code.ERROR, t(c.var.locale ?? "zh-cn", "cloud.serverError"), null);
  });
  return app;
}
