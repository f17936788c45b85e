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
 * `prepare` gets the fresh data directory before the console starts (to load a bench's data into
 * its embedded database, which only one process may open).
 */
export async function withConsole<T>(name: string, port: number, measure: (base: string) => Promise<T>, prepare?: (dataDir: string) => Promise<void>): Promise<T> {
  if (process.env.BASE_URL) return measure(process.env.BASE_URL.replace(/\/+$/, ""));
  if (!existsSync(join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  if (prepare)
    await prepare(dataDir).catch((err) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
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

/** The demo administrator the benches sign in as. */
export const DEMO = { tId: 2, username: "demoadmin", password: process.env.DEMOADMIN_PASSWORD ?? "Demo@2026" };

/** Signs the demo administrator in; answers the session cookies for a browser context or `fetch`. */
export async function signIn(base: string): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ mode: "username", ...DEMO }) });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`demoadmin could not sign in: ${body.msg}`);
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}
