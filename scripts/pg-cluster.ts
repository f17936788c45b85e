import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` (installed with
 * apt-get when missing), initialised in a temporary folder, listening on a free loopback port,
 * tuned for speed over durability (fsync off), removed on stop.
 */
function binDir(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath.replace(/\/pg_ctl$/, "");
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, "bin")).find((d) => existsSync(join(d, "pg_ctl"))) ?? null;
}

function run(cmd: string, args: string[], asUser?: string) {
  const [c, a] = asUser ? ["runuser", ["-u", asUser, "--", cmd, ...args]] : [cmd, args];
  const r = spawnSync(c, a, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Installs a Debian package with apt-get (through sudo when not root): the test scripts' way to their servers. */
export function aptInstall(pkg: string) {
  const root = process.getuid?.() === 0;
  const apt = (...args: string[]) => (root ? run("apt-get", args) : run("sudo", ["apt-get", ...args]));
  apt("update", "-qq");
  apt("install", "-y", "-qq", "--no-install-recommends", pkg);
}

function install() {
  console.log("[pg] PostgreSQL is missing: installing Debian's postgresql with apt-get");
  aptInstall("postgresql");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `pid`: the postmaster's, whose child processes are the cluster (benches sample their CPU). */
export type PgCluster = { url: string; pid: number; stop: () => void };

export async function startPgCluster(): Promise<PgCluster> {
  let bin = binDir();
  if (!bin) {
    install();
    bin = binDir();
    if (!bin) throw new Error("PostgreSQL binaries not found after installing postgresql");
  }
  // initdb refuses to run as root: the cluster then belongs to the postgres account.
  const user = process.getuid?.() === 0 ? "postgres" : undefined;
  const dir = mkdtempSync(join(tmpdir(), "iot-pg-"));
  if (user) {
    const uid = Number(run("id", ["-u", user]).trim());
    const gid = Number(run("id", ["-g", user]).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"], user);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "60", "start"], user);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop() {
      if (stopped) return;
      stopped = true;
      spawnSync(...((user ? ["runuser", ["-u", user, "--", join(bin!, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]] : [join(bin!, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]]) as [string, string[]]));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
