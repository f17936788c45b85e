import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

async function waitUp(url: string, server: ChildProcess) {
  for (let i = 0; i < 360; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The benches' console: `BASE_URL` when given, else the production build served on a fresh
 * database at `port` (loopback) for the time of `measure`, then stopped and its data removed.
 */
export async function withConsole<T>(name: string, port: number, measure: (base: string) => Promise<T>): Promise<T> {
  if (process.env.BASE_URL) return measure(process.env.BASE_URL.replace(/\/+$/, ""));
  if (!existsSync(join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  };
  delete env.UPSTREAM_URL;
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: ["ignore", "ignore", "inherit"], env });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/login`, server);
    return await measure(base);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
