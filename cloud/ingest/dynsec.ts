import { randomBytes } from "node:crypto";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { MqttClient } from "mqtt";
import { CLOUD_FILTERS, DOWN_CHANNELS, TOPIC_ROOT, UP_CHANNELS, devicePrefix, deviceTopic } from "@/lib/contract/device/topics";
import type { Db } from "../db/client";
import { devices, products } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { demoDeviceSecret } from "../simulator/key";
import { mayConnect, secretFingerprint, type BrokerAccounts } from "./pipeline";

/**
 * Mosquitto 2's dynamic-security plugin kept in step with the devices (`MQTT_DYNSEC=on` beside
 * `MQTT_URL`). Each device is a broker client named by its SN with a role of its own that lets it
 * publish its upward channels and subscribe under its `iot/{productId}/{sn}/` prefix, nothing
 * else; it is enabled while the login rule (`mayConnect`) lets it in. Commands go to
 * `$CONTROL/dynamic-security/v1` over the cloud's own account, which needs the plugin's admin role.
 *
 * The platform stores a secret's hash only, so the broker learns a password when one is issued
 * (a new device, a reset secret): a device has a client exactly while the broker holds its current
 * secret. The client's text description holds a fingerprint of the hash it was given: at start a
 * client whose secret is no longer its device's is removed, and a device the broker has no secret
 * for waits for a new one (except the demo devices, whose secret the cloud derives).
 */

/**
 * Account changes take turns across the cluster (a PostgreSQL advisory lock, held to the end of a
 * transaction): a reconcile listing the broker's clients never sees the client of a device another
 * instance is creating and reads it as left over from a deleted one.
 */
const ACCOUNTS_LOCK = 0x10c0_0004;
const lockAccounts = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`);

const CONTROL = "$CONTROL/dynamic-security/v1";
const RESPONSE = `${CONTROL}/response`;
/** Marks the broker clients the cloud keeps: any other (its own account, an operator's) is never touched. */
export const DEVICE_MARK = `${TOPIC_ROOT}-device`;
export const deviceRole = (sn: string) => `${TOPIC_ROOT}-device-${sn}`;
/** The cloud's own role: its shared subscription to every device's upward channels and the commands down. */
export const CLOUD_ROLE = `${TOPIC_ROOT}-cloud`;
const SHARE_GROUP = "cloud";
const BATCH = 200;
const TIMEOUT_MS = 120_000;
const RETRY_MS = 5_000;
/** Refusals that mean "already so": every command is sent as if the broker might hold anything. */
const ALREADY = new Set(["Client already exists", "Role already exists", "Client not found", "Role not found"]);

type Command = { command: string } & Record<string, unknown>;
type Reply = { command: string; error?: string; data?: Record<string, unknown>; correlationData?: string };
type BrokerClient = { username: string; textname?: string; textdescription?: string; disabled?: boolean; roles?: { rolename: string }[] };
type BrokerRole = { rolename: string; textname?: string };
type DeviceRow = { sn: string; productId: number; enabled: boolean; secretHash: string; productExists: boolean };

/** What a client's description says of the secret it holds: a fingerprint of the secret's stored hash. */
export const secretMark = (secretHash: string) => `secret:${secretFingerprint(secretHash)}`;

const acl = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
/** A device's role: its upward channels to publish, its own prefix to subscribe under. */
const deviceAcls = (productId: number, sn: string) => [...UP_CHANNELS.map((c) => acl("publishClientSend", deviceTopic(productId, sn, c))), acl("subscribePattern", `${devicePrefix(productId, sn)}#`)];
/** Mosquitto 2.0 checks a shared subscription with its `$share/{group}/` prefix, later versions without: both are granted. */
const cloudAcls = () => [
  ...CLOUD_FILTERS.flatMap((f) => [acl("subscribePattern", `$share/${SHARE_GROUP}/${f}`), acl("subscribePattern", f)]),
  ...DOWN_CHANNELS.map((c) => acl("publishClientSend", `${TOPIC_ROOT}/+/+/${c}`)),
];
/**
 * A device's role as it should be, from what the broker holds (its text name records the product).
 * Nothing when it already is: the broker drops every session of a client whose role changes.
 */
function roleCommands(d: { sn: string; productId: number }, held: BrokerRole | null): Command[] {
  const want = { rolename: deviceRole(d.sn), textname: `product:${d.productId}`, acls: deviceAcls(d.productId, d.sn) };
  if (!held) return [{ command: "createRole", ...want }];
  return held.textname === want.textname ? [] : [{ command: "modifyRole", ...want }];
}
const enableCommand = (sn: string, on: boolean): Command => ({ command: on ? "enableClient" : "disableClient", username: sn });
/** Gives a client its device role when it lacks it (a change of roles drops its sessions). */
const ownRole = (sn: string, client: BrokerClient): Command[] => (client.roles?.some((r) => r.rolename === deviceRole(sn)) ? [] : [{ command: "modifyClient", username: sn, roles: [{ rolename: deviceRole(sn) }] }]);

/** The secret the cloud can work out itself: a demo device's, derived from the simulator's key. */
function knownSecret(d: DeviceRow): string | null {
  const secret = demoDeviceSecret(d.sn);
  return sha256(secret) === d.secretHash ? secret : null;
}

/**
 * A device's client as first made, when the cloud knows its secret; null otherwise: a client the
 * broker cannot check a password for would let nobody in, so the device waits for a new secret.
 */
function newClient(d: DeviceRow): Command | null {
  const known = knownSecret(d);
  return known ? { command: "createClient", username: d.sn, password: known, textname: DEVICE_MARK, textdescription: secretMark(d.secretHash), roles: [{ rolename: deviceRole(d.sn) }] } : null;
}

export class DynsecAccounts implements BrokerAccounts {
  private seq = 0;
  private readonly waiting = new Map<string, { resolve: (r: Reply[]) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  /** Devices whose change the broker has not taken yet: tried again every few seconds. */
  private readonly pending = new Set<string>();
  private readonly retry: NodeJS.Timeout;
  /** This instance's reconciles and syncs, one after another. */
  private turn: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Db,
    private readonly client: MqttClient,
    /** The cloud's own username: never managed as a device. */
    private readonly self: string,
    /** Other instances share the database (PostgreSQL): their account changes are waited for too. */
    private readonly shared: boolean,
  ) {
    client.on("message", (topic, payload) => {
      if (topic !== RESPONSE) return;
      let replies: Reply[];
      try {
        replies = (JSON.parse(payload.toString("utf8")) as { responses: Reply[] }).responses;
      } catch {
        return;
      }
      const id = replies[0]?.correlationData?.split(":")[0];
      const w = id ? this.waiting.get(id) : undefined;
      if (!w) return;
      this.waiting.delete(id!);
      clearTimeout(w.timer);
      w.resolve(replies);
    });
    // The broker drops this session when the account's roles change: what was waiting is answered no more.
    client.on("close", () => {
      for (const w of this.waiting.values()) {
        clearTimeout(w.timer);
        w.reject(new Error("the connection to the broker closed"));
      }
      this.waiting.clear();
    });
    this.retry = setInterval(() => void this.retryPending(), RETRY_MS);
    this.retry.unref();
  }

  /** Connects with the cloud's broker account (`url`), gives that account its role and reconciles every device. */
  static async start(db: Db, url: string, shared = false): Promise<DynsecAccounts> {
    const mqtt = await import("mqtt");
    const self = decodeURIComponent(new URL(url).username);
    if (!self) throw new Error("MQTT_DYNSEC needs the cloud's broker account in MQTT_URL (mqtt://user:password@host:port)");
    const client = await mqtt.connectAsync(url, { clientId: `cloud-dynsec-${randomBytes(6).toString("hex")}`, clean: true, reconnectPeriod: 1000 });
    client.on("error", (err) => console.error("[dynsec]", err.message));
    const granted = await client.subscribeAsync(RESPONSE, { qos: 1 }).catch(() => [{ qos: 128 }]);
    if (granted.some((g) => g.qos === 128)) {
      await client.endAsync();
      throw new Error(`the broker refused ${RESPONSE} to "${self}": give that account the dynamic-security admin role (docs/deploy.md)`);
    }
    const accounts = new DynsecAccounts(db, client, self, shared);
    await accounts.ensureCloudRole();
    const done = await accounts.reconcile();
    console.log(`[dynsec] ${done.devices} device accounts in step${done.withoutSecret ? `, ${done.withoutSecret} waiting for a new secret` : ""}`);
    // After a lost connection what changed meanwhile is applied again.
    client.on("connect", () => void accounts.reconcile().catch((err) => console.error("[dynsec] reconcile:", (err as Error).message)));
    return accounts;
  }

  /** Sends commands (in batches) and answers their replies; a refusal other than "already so" throws. */
  async run(commands: Command[]): Promise<Reply[]> {
    const out: Reply[] = [];
    for (let i = 0; i < commands.length; i += BATCH) out.push(...(await this.send(commands.slice(i, i + BATCH))));
    const failed = out.find((r) => r.error && !ALREADY.has(r.error));
    if (failed) throw new Error(`dynamic security refused ${failed.command}: ${failed.error}`);
    return out;
  }

  private send(commands: Command[]): Promise<Reply[]> {
    // Queued for a broker that is away, a change would wait unseen: it is retried instead.
    if (!this.client.connected) return Promise.reject(new Error("not connected to the broker"));
    const id = String(++this.seq);
    return new Promise<Reply[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error("the broker did not answer the dynamic-security command"));
      }, TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      const body = JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` })) });
      this.client.publishAsync(CONTROL, body, { qos: 1 }).catch((err: Error) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        reject(err);
      });
    });
  }

  /** The broker's client of that name and the device role of that name, each null when missing. */
  private async held(sn: string): Promise<{ client: BrokerClient | null; role: BrokerRole | null }> {
    const [c, r] = await this.run([
      { command: "getClient", username: sn },
      { command: "getRole", rolename: deviceRole(sn) },
    ]);
    return { client: (c.data?.client as BrokerClient | undefined) ?? null, role: (r.data?.role as BrokerRole | undefined) ?? null };
  }

  /**
   * The cloud's own account gets its role. The broker drops the sessions of an account whose roles
   * change, this one's included: the answer may be lost with it, so the outcome is read again.
   */
  private async ensureCloudRole() {
    const [role, me] = await this.run([
      { command: "getRole", rolename: CLOUD_ROLE },
      { command: "getClient", username: this.self },
    ]);
    const acls = cloudAcls();
    const held = role.data?.role as { acls?: { acltype: string; topic: string }[] } | undefined;
    const same = held?.acls?.length === acls.length && acls.every((a) => held.acls!.some((h) => h.acltype === a.acltype && h.topic === a.topic));
    if (!held) await this.run([{ command: "createRole", rolename: CLOUD_ROLE, acls }]);
    else if (!same) await this.run([{ command: "modifyRole", rolename: CLOUD_ROLE, acls }]);
    const client = me.data?.client as BrokerClient | undefined;
    if (!client || client.roles?.some((r) => r.rolename === CLOUD_ROLE)) return;
    await this.run([{ command: "addClientRole", username: this.self, rolename: CLOUD_ROLE, priority: 10 }]).catch(() => undefined);
    if (!this.client.connected) await new Promise((resolve) => this.client.once("connect", resolve));
    const [again] = await this.run([{ command: "getClient", username: this.self }]);
    if (!(again.data?.client as BrokerClient).roles?.some((r) => r.rolename === CLOUD_ROLE)) throw new Error(`could not give "${this.self}" the role ${CLOUD_ROLE}`);
  }

  /** A broker client named `sn` that is not a device's: touching it would take over someone's account. */
  private foreign(sn: string, client: BrokerClient | null) {
    return sn === this.self || (client !== null && client.textname !== DEVICE_MARK);
  }

  async issue(device: { sn: string; productId: number; enabled: boolean }, secret: string, tx: Db) {
    // Not in this instance's turn: a reconcile waiting (on PGlite) for this transaction would wait for it in turn.
    await lockAccounts(tx);
    const { client, role } = await this.held(device.sn);
    if (this.foreign(device.sn, client)) throw new Error(`the broker account "${device.sn}" is not a device's`);
    // Made anew: deleting the client drops the sessions that logged in with the old secret, and
    // Mosquitto 2.0 rewrites its whole file after every command, so fewer commands cost less.
    await this.run([
      ...roleCommands(device, role),
      ...(client ? [{ command: "deleteClient", username: device.sn }] : []),
      { command: "createClient", username: device.sn, password: secret, textname: DEVICE_MARK, textdescription: secretMark(sha256(secret)), roles: [{ rolename: deviceRole(device.sn) }] },
      ...(device.enabled ? [] : [enableCommand(device.sn, false)]),
    ]);
  }

  /** Reads the device again and brings its broker client in line; a broker that fails is tried again later. */
  async sync(sn: string) {
    try {
      await this.syncNow(sn);
      this.pending.delete(sn);
    } catch (err) {
      this.pending.add(sn);
      console.error(`[dynsec] device ${sn} not in step yet (tried again every ${RETRY_MS / 1000} s):`, (err as Error).message);
    }
  }

  /** One at a time here and, on a shared database, across the cluster (in a transaction holding the lock). */
  private locked<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const run = () => (this.shared ? this.db.transaction(async (tx) => (await lockAccounts(tx), work(tx))) : work(this.db));
    const next = this.turn.then(run, run);
    this.turn = next.catch(() => {});
    return next;
  }

  private syncNow(sn: string) {
    return this.locked((db) => this.syncIn(db, sn));
  }

  private async syncIn(db: Db, sn: string) {
    const [row] = await this.rows(db, eq(devices.deviceSn, sn));
    const { client, role } = await this.held(sn);
    if (this.foreign(sn, client)) {
      if (row) console.warn(`[dynsec] device ${sn}: the broker account of that name is not a device's; left alone`);
      return;
    }
    if (!row) {
      if (client || role) await this.run([{ command: "deleteClient", username: sn }, { command: "deleteRole", rolename: deviceRole(sn) }]);
      return;
    }
    const on = mayConnect(row, row.productExists);
    const created = client ? null : newClient(row);
    // Without a secret the broker holds, there is nothing to keep in step until one is issued.
    if (!client && !created) return;
    await this.run([...roleCommands(row, role), ...(client ? ownRole(sn, client) : [created!]), ...(client && !client.disabled === on ? [] : [enableCommand(sn, on)])]);
  }

  private async retryPending() {
    for (const sn of [...this.pending]) await this.sync(sn);
  }

  private async rows(db: Db, where?: SQL): Promise<DeviceRow[]> {
    const rows = await db
      .select({ sn: devices.deviceSn, productId: devices.productId, enableStatus: devices.enableStatus, secretHash: devices.secretHash, product: products.id })
      .from(devices)
      .leftJoin(products, eq(products.id, devices.productId))
      .where(where);
    return rows.map((r) => ({ sn: r.sn, productId: r.productId, enabled: r.enableStatus === 1, secretHash: r.secretHash, productExists: r.product !== null }));
  }

  /**
   * Every device against the broker's clients: missing clients and roles created, enable states
   * set, clients of deleted devices removed, and a client holding a secret that is no longer the
   * device's stripped of it (its device needs a new secret, unless the cloud knows it).
   */
  reconcile(): Promise<{ devices: number; withoutSecret: number }> {
    return this.locked((db) => this.reconcileIn(db));
  }

  private async reconcileIn(db: Db): Promise<{ devices: number; withoutSecret: number }> {
    const [listed, roleList] = await this.run([
      { command: "listClients", verbose: true, count: -1, offset: 0 },
      { command: "listRoles", verbose: true, count: -1, offset: 0 },
    ]);
    const all = (listed.data?.clients ?? []) as BrokerClient[];
    const clients = new Map(all.map((c) => [c.username, c]));
    const roles = new Map(((roleList.data?.roles ?? []) as BrokerRole[]).map((r) => [r.rolename, r]));
    const rows = await this.rows(db);
    const commands: Command[] = [];
    const stale: DeviceRow[] = [];
    let withoutSecret = 0;
    for (const row of rows) {
      const c = clients.get(row.sn) ?? null;
      clients.delete(row.sn);
      if (this.foreign(row.sn, c)) continue;
      const created = c ? null : newClient(row);
      if (!c && !created) {
        withoutSecret++;
        continue;
      }
      commands.push(...roleCommands(row, roles.get(deviceRole(row.sn)) ?? null));
      roles.delete(deviceRole(row.sn));
      if (created) commands.push(created);
      else {
        commands.push(...ownRole(row.sn, c!));
        if (c!.textdescription !== secretMark(row.secretHash)) stale.push(row);
      }
      const on = mayConnect(row, row.productExists);
      if (!c || !c.disabled !== on) commands.push(enableCommand(row.sn, on));
    }
    // What is left belongs to no device: deleted while the cloud was away.
    for (const c of clients.values()) if (!this.foreign(c.username, c)) commands.push({ command: "deleteClient", username: c.username });
    for (const name of roles.keys()) if (name.startsWith(deviceRole(""))) commands.push({ command: "deleteRole", rolename: name });
    await this.run(commands);
    withoutSecret += await this.settleStale(db, stale);
    return { devices: rows.length, withoutSecret };
  }

  /**
   * Clients whose secret is not their device's, read again from both sides first: a secret issued
   * by another instance meanwhile is not a stale one.
   */
  private async settleStale(db: Db, stale: DeviceRow[]): Promise<number> {
    if (!stale.length) return 0;
    const fresh = new Map((await this.rows(db, inArray(devices.deviceSn, stale.map((s) => s.sn)))).map((r) => [r.sn, r]));
    const replies = await this.run(stale.map((s) => ({ command: "getClient", username: s.sn })));
    const commands: Command[] = [];
    let withoutSecret = 0;
    replies.forEach((r, i) => {
      const row = fresh.get(stale[i].sn);
      const c = r.data?.client as BrokerClient | undefined;
      if (!row || !c || c.textdescription === secretMark(row.secretHash)) return;
      const known = knownSecret(row);
      if (!known) {
        // The old secret must stop working, and the broker cannot have the new one: the client goes until one is issued.
        withoutSecret++;
        commands.push({ command: "deleteClient", username: row.sn }, { command: "deleteRole", rolename: deviceRole(row.sn) });
        return;
      }
      commands.push(
        enableCommand(row.sn, false),
        { command: "setClientPassword", username: row.sn, password: known },
        { command: "modifyClient", username: row.sn, textdescription: secretMark(row.secretHash) },
        enableCommand(row.sn, mayConnect(row, row.productExists)),
      );
    });
    await this.run(commands);
    return withoutSecret;
  }

  async close() {
    clearInterval(this.retry);
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new Error("closed"));
    }
    this.waiting.clear();
    await this.client.endAsync();
  }
}
