import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there, builds the console, starts it with
 * the built-in cloud on a fresh database, runs Playwright, stops the server.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.E2E_PORT ?? 3310);
const OUT = "tests/e2e/.out";

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status}`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("[e2e] installing Debian chromium with apt-get");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (...args: string[]) => (sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args));
  apt("update", "-qq");
  apt("install", "-y", "-qq", "chromium");
}

/** The video suite measures latency from the simulated cameras' live pictures, which Debian's ffmpeg encodes. */
function ensureFfmpeg() {
  if (spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0) return;
  console.log("[e2e] installing Debian ffmpeg with apt-get");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (...args: string[]) => (sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args));
  apt("update", "-qq");
  apt("install", "-y", "-qq", "--no-install-recommends", "ffmpeg");
}

async function waitUntilUp(url: string, server: ChildProcess) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/login`);
      if (res.ok) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not come up within 300 s");
}

async function main() {
  // No network at build or run time: Next would otherwise try to send telemetry.
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  ensureChromium();
  ensureFfmpeg();
  if (process.env.E2E_SKIP_BUILD !== "1") run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { ...process.env, NODE_ENV: "production" });
  // One data folder per port, so engineers running suites side by side do not share a database.
  const dataDir = join(OUT, `data-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
    // The data-push suite's receiver listens on loopback beside the browser.
    PUSH_ALLOW_PRIVATE: "1",
    // The device-ops suite's command that must time out goes to this demo device.
    SIMULATOR_IGNORE: "SIM01003",
  } as NodeJS.ProcessEnv;
  delete env.UPSTREAM_URL;
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: ["ignore", "inherit", "inherit"], env });
  const base = `http://127.0.0.1:${PORT}`;
  let code = 1;
  try {
    await waitUntilUp(base, server);
    const r = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: base, CHROMIUM_PATH: CHROMIUM },
    });
    code = r.status ?? 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  process.exit(code);
}

main().catch((err) => {
  console.error("[e2e]", err);
  process.exit(1);
});
