import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** `npm start`: builds once when there is no production build, then serves. */
// No network at run time: Next would otherwise try to send telemetry.
Object.assign(process.env, { NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" });
if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) {
  console.log("[console] no production build yet: running next build (a few minutes on first start)");
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import("../server");
