import { spawnSync } from "node:child_process";
import { ensureMosquitto } from "./mosquitto";

/**
 * `npm run test:broker`: the tests that need a real Mosquitto 2 (devices on its dynamic security,
 * the cloud's shared subscription). Installs Debian's mosquitto when missing; each test file starts
 * its own on a free loopback port with a throwaway configuration. Extra arguments name other files.
 */
ensureMosquitto();
const files = process.argv.slice(2);
const r = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...(files.length ? files : ["cloud/ingest/dynsec.test.ts"])], {
  stdio: "inherit",
  // Required here: a missing broker fails the run instead of skipping the file.
  env: { ...process.env, TEST_MOSQUITTO: "1" },
});
process.exit(r.status ?? 1);
