import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The demo devices' secret keys are derived from one key (`SIMULATOR_KEY`, or generated once into
 * `DATA_DIR/simulator-key`), so the seed can store their hashes and the simulator — in the cloud or
 * run alone with `npm run simulate` — can log in as them without any secret being written down.
 */
function simulatorKey(): string {
  if (process.env.SIMULATOR_KEY) return process.env.SIMULATOR_KEY;
  const dir = process.env.DATA_DIR || ".data";
  const file = join(dir, "simulator-key");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

export const demoDeviceSecret = (sn: string) => createHmac("sha256", simulatorKey()).update(sn).digest("base64url").slice(0, 24);
