import { spawn, spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall, freePort } from "./pg-cluster";

/**
 * A throwaway Mosquitto 2 for tests: Debian's `mosquitto` (installed with apt-get by
 * `ensureMosquitto` when missing), on a free loopback port, with the dynamic-security plugin and a
 * fresh plugin file holding one account — the cloud's, with the plugin's admin role, as
 * `mosquitto_ctrl dynsec init` writes it — removed on stop.
 */

const SBIN = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/sbin/mosquitto"];

function binary(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v mosquitto"], { encoding: "utf8" }).stdout.trim();
  return onPath || SBIN.find((p) => existsSync(p)) || null;
}

function plugin(): string | null {
  const dirs = ["/usr/lib", "/usr/local/lib", ...(existsSync("/usr/lib") ? readdirSync("/usr/lib").filter((d) => d.endsWith("-linux-gnu")).map((d) => join("/usr/lib", d)) : [])];
  return dirs.map((d) => join(d, "mosquitto_dynamic_security.so")).find((p) => existsSync(p)) ?? null;
}

export const mosquittoInstalled = () => !!binary() && !!plugin();

/** Installs Debian's mosquitto when it is missing. */
export function ensureMosquitto() {
  if (mosquittoInstalled()) return;
  console.log("[mosquitto] missing: installing Debian's mosquitto with apt-get");
  aptInstall("mosquitto");
  if (!mosquittoInstalled()) throw new Error("mosquitto or its dynamic-security plugin not found after installing mosquitto");
}

/** A password as the plugin stores it: PBKDF2-SHA512 over a random salt (its file format). */
function storedPassword(password: string) {
  const salt = randomBytes(12);
  const iterations = 101;
  return { password: pbkdf2Sync(password, salt, iterations, 64, "sha512").toString("base64"), salt: salt.toString("base64"), iterations };
}

const ADMIN_ACLS = [
  ["publishClientSend", "$CONTROL/dynamic-security/#"],
  ["publishClientReceive", "$CONTROL/dynamic-security/#"],
  ["subscribePattern", "$CONTROL/dynamic-security/#"],
].map(([acltype, topic]) => ({ acltype, topic, allow: true }));

function waitForPort(port: number, child: ReturnType<typeof spawn>, log: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`mosquitto exited (${child.exitCode}): ${readFileSync(log, "utf8").slice(-2000)}`));
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve()));
      s.once("error", () => {
        s.destroy();
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}: ${readFileSync(log, "utf8").slice(-2000)}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export type Mosquitto = {
  /** `mqtt://cloud:<password>@127.0.0.1:<port>`: the cloud's account, for `MQTT_URL`. */
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
};

export async function startMosquitto(opts: { user?: string } = {}): Promise<Mosquitto> {
  const bin = binary();
  const so = plugin();
  if (!bin || !so) throw new Error("mosquitto is not installed (npm run test:broker installs it)");
  const user = opts.user ?? "cloud";
  const password = randomBytes(18).toString("base64url");
  const dir = mkdtempSync(join(tmpdir(), "iot-mosquitto-"));
  const dynsec = join(dir, "dynamic-security.json");
  writeFileSync(
    dynsec,
    JSON.stringify({
      clients: [{ username: user, textname: "the cloud", ...storedPassword(password), roles: [{ rolename: "admin" }] }],
      roles: [{ rolename: "admin", acls: ADMIN_ACLS }],
      defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
    }),
  );
  const port = await freePort();
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      "allow_anonymous false",
      `plugin ${so}`,
      `plugin_opt_config_file ${dynsec}`,
      "persistence false",
      // As root it would switch to the mosquitto account, which cannot write the plugin's file here.
      ...(process.getuid?.() === 0 ? ["user root"] : []),
      "log_dest stdout",
      "log_type error",
      "log_type warning",
    ].join("\n"),
  );
  const log = join(dir, "log");
  const out = createWriteStream(log);
  const child = spawn(bin, ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  await waitForPort(port, child, log);
  return {
    url: `mqtt://${user}:${password}@127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Mosquitto without accounts (anonymous, no dynamic security) on a free loopback port, its
 * configuration in `dir`: for the cluster test and the ingest bench, where devices are rows, not
 * broker accounts. No limit on messages in flight or queued to a session: the broker must not drop
 * a QoS 1 message. Answers the URL and the process; killing it is the caller's.
 */
export async function startOpenMosquitto(dir: string): Promise<{ url: string; child: ReturnType<typeof spawn> }> {
  const bin = binary() ?? (ensureMosquitto(), binary());
  if (!bin) throw new Error("mosquitto not found");
  const port = await freePort();
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_inflight_messages 0\nmax_queued_messages 0\n`);
  const log = join(dir, "mosquitto.log");
  const out = createWriteStream(log);
  const child = spawn(bin, ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  await waitForPort(port, child, log);
  return { url: `mqtt://127.0.0.1:${port}`, child };
}
