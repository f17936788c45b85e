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

/** A production console of this build on a fresh database, serving at `base` until `stop()`. */
export type RunningConsole = { base: string; pid: number; stop: () => Promise<void> };

export type ConsoleOptions = {
  /** Added to the server's environment (e.g. a model for the assistant). */
  env?: Record<string, string>;
  /** Gets the fresh data directory before the console starts (to load a bench's data into its embedded database, which only one process may open). */
  prepare?: (dataDir: string) => Promise<void>;
};

/** Serves the production build on a fresh database at `port` (loopback); `stop()` ends it and removes its data. */
export async function startConsole(name: string, port: number, { env = {}, prepare }: ConsoleOptions = {}): Promise<RunningConsole> {
  if (!existsSync(join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const dataDir = mkdtempSync(join(tmpdir(), `console-${name}-`));
  if (prepare)
    await prepare(dataDir).catch((err) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  };
  delete serverEnv.UPSTREAM_URL;
  delete serverEnv.DATABASE_URL;
  // Its own broker: the caller's MQTT_PORT belongs to the caller's console (pass one in `env` to choose).
  delete serverEnv.MQTT_PORT;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: ["ignore", "ignore", "inherit"], env: { ...serverEnv, ...env } });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUp(`${base}/login`, server);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, pid: server.pid!, stop };
}

/**
 * The benches' console: `BASE_URL` when given, else `startConsole` for the time of `measure`.
 * `measure` gets the server's pid (null with `BASE_URL`).
 */
export async function withConsole<T>(name: string, port: number, measure: (base: string, pid: number | null) => Promise<T>, options: ConsoleOptions = {}): Promise<T> {
  if (process.env.BASE_URL) return measure(process.env.BASE_URL.replace(/\/+$/, ""), null);
  const server = await startConsole(name, port, options);
  try {
    return await measure(server.base, server.pid);
  } finally {
    await server.stop();
  }
}

/** The demo tenant's administrator, as the seed makes them. */
export const DEMO = { tId: 2, username: "demoadmin", password: process.env.DEMOADMIN_PASSWORD ?? "Demo@2026" };

/** Signs `DEMO` in through the console; answers the session cookies for a browser context or `cookieHeader`. */
export async function signIn(base: string): Promise<{ name: string; value: string }[]> {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ mode: "username", ...DEMO }) });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`demoadmin could not sign in: ${body.msg}`);
  return cookiesOf(res);
}

/** The cookies an answer sets (`Set-Cookie`), as name and value. */
export function cookiesOf(res: Response): { name: string; value: string }[] {
  return res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** The cookies as one `Cookie` header, for `fetch`. */
export const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** A `Cookie` header's cookies, as name and value (a browser context's `addCookies`). */
export const cookiesOfHeader = (header: string) => header.split("; ").map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1) }));
