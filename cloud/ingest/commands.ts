import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { COMMAND_STATUS, COMMAND_TIMEOUT, MAINTENANCE_SERVICES, type CommandType } from "@/lib/contract/device/command";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import type { DownChannel } from "@/lib/contract/device/topics";
import type { Db } from "../db/client";
import { deviceCommands } from "../db/schema";
import { commandNames, type OpsDevice } from "../db/queries/device-ops";
import type { I18nName } from "@/lib/contract/i18n-text";
import type { Point } from "./writer";
import type { Ingest, IngestEvents } from "./pipeline";

export type CommandRow = typeof deviceCommands.$inferSelect;

export type SendCommand = {
  device: OpsDevice;
  cmdType: CommandType;
  /** Service identifier (service calls). */
  identifier?: string | null;
  /** Property values (property), input parameters (service), `{ cycle }` (cycle). */
  params?: Record<string, unknown>;
  timeoutS?: number | null;
  /** Who sends it: a user, with `names` in each language when the sender is not the user themself (a linkage rule). */
  by?: { userId: number; name: string; names?: I18nName };
  /**
   * A repeat of the same command within this many ms of its last sending (a held pad key, every
   * 100 ms) is sent to the device again but counted on the first one's row, not logged anew.
   */
  foldMs?: number;
  /**
   * An idempotent command the caller waits on (a camera pad's stop): published again under the
   * same id every this many ms until it settles, so a lost copy (QoS 0, a busy radio) costs one gap
   * instead of the whole time-out. A later command of the same service to the device ends it, so a
   * stop sent again never lands after the next move.
   */
  resendMs?: number;
};

/** Why a command was not sent: a `deviceOps.refused.*` message key. */
export class CommandRefused extends Error {
  constructor(readonly reason: "disabled" | "offline" | "noChannel") {
    super(reason);
  }
}

/** Starts a timer and returns its cancel; tests pass their own to fire time-outs at will. */
export type Schedule = (run: () => void, ms: number) => () => void;
const realSchedule: Schedule = (run, ms) => {
  const t = setTimeout(run, ms);
  t.unref();
  return () => clearTimeout(t);
};

const SETTLED_SIGNAL = "command-settled";

/** A command waiting for its answer: `cancel` ends its time-out and its resending, `quiet` only the resending. */
type Pending = { key: string; id: number; deviceId: number; cmdType: CommandType; params: Record<string, unknown>; cancel: () => void; quiet: () => void };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** The same values whatever the order of their keys: a double click's two bodies compare equal. */
const canonical = (v: unknown): string => (isObject(v) ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}` : JSON.stringify(v) ?? "null");

/** What a device is sent: the topic's channel and the message body. */
function wireOf(cmd: { cmdType: CommandType; identifier?: string | null; params: Record<string, unknown> }, msgId: string): { channel: DownChannel; body: Record<string, unknown> } {
  switch (cmd.cmdType) {
    case "property":
      return { channel: "property/set", body: { id: msgId, params: cmd.params } };
    case "cycle":
      return { channel: "cycle/set", body: { id: msgId, cycle: cmd.params.cycle } };
    case "service":
      return { channel: "service/call", body: { id: msgId, identifier: cmd.identifier, params: cmd.params } };
    default:
      return { channel: "service/call", body: { id: msgId, identifier: MAINTENANCE_SERVICES[cmd.cmdType], params: cmd.params } };
  }
}

/** Whether a stored point carries the value a property-set asked for. */
function reports(p: Point, wanted: unknown): boolean {
  if (typeof wanted === "number") return p.num === wanted;
  if (typeof wanted === "boolean") return p.num === (wanted ? 1 : 0);
  if (typeof wanted === "string") return p.txt === wanted;
  return p.txt === JSON.stringify(wanted);
}

/**
 * Commands to devices, end to end: each is stored as waiting, published on the device's down
 * channel with a fresh id, and settles once: success or failed on the device's reply (a
 * service/reply's `code`, a cycle/reply's cycle), success when a property-set's values come back
 * in the device's report, timeout when nothing came within its time-out. A disabled or offline
 * device's command is refused, not queued: a queued restart arriving hours later would surprise
 * whoever stands at the device. The same command to the same device while one is still waiting
 * (a double click) answers the waiting one instead of sending it twice.
 */
export class Commands {
  private readonly pending = new Map<string, Pending>();
  /** Commands being sent, by device and content: the second of two simultaneous clicks joins the first. */
  private readonly sending = new Map<string, Promise<CommandRow>>();
  private readonly waiters = new Map<number, ((row: CommandRow) => void)[]>();
  /** The row and last sending of commands sent with `foldMs`, by device and content. */
  private readonly held = new Map<string, { id: number; at: number }>();
  private readonly now: () => Date;
  private readonly schedule: Schedule;
  private readonly onReply = (e: IngestEvents["reply"][0]) => void this.replied(e).catch((err) => console.error("[commands] reply:", (err as Error).message));
  private readonly onTelemetry = (points: Point[]) => void this.reported(points).catch((err) => console.error("[commands] report:", (err as Error).message));

  constructor(
    private readonly db: Db,
    private readonly ingest: Ingest,
    opts: { now?: () => Date; schedule?: Schedule } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.schedule = opts.schedule ?? realSchedule;
    ingest.on("reply", this.onReply);
    ingest.on("telemetry", this.onTelemetry);
    // A device's reply may reach another instance of the cluster, which settles the command there.
    this.unsignal = ingest.cluster?.on(SETTLED_SIGNAL, (m) => void this.settledElsewhere(m as { id: number; msgId: string } | null));
  }

  private readonly unsignal?: () => void;

  private async settledElsewhere(m: { id: number; msgId: string } | null) {
    const ids = m ? [m.id] : [...this.waiters.keys()];
    if (m) {
      this.pending.get(m.msgId)?.cancel();
      this.pending.delete(m.msgId);
    }
    for (const id of ids) {
      if (!this.waiters.has(id)) continue;
      const [row] = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
      if (!row || row.status === COMMAND_STATUS.waiting) continue;
      for (const w of this.waiters.get(id) ?? []) w(row);
      this.waiters.delete(id);
    }
  }

  /** Sends a command; the answer is its stored row, still waiting (or the waiting twin). */
  send(cmd: SendCommand): Promise<CommandRow> {
    const params = cmd.params ?? {};
    const service = `${cmd.device.id}|${cmd.cmdType}|${cmd.identifier ?? ""}|`;
    const key = service + canonical(params);
    // Another command of the same service to the device (the key's release) ends its hold, and the resending of one still waiting.
    for (const k of this.held.keys()) if (k !== key && k.startsWith(service)) this.held.delete(k);
    for (const p of this.pending.values()) if (p.key !== key && p.key.startsWith(service)) p.quiet();
    const held = cmd.foldMs ? this.held.get(key) : undefined;
    if (held && this.now().getTime() - held.at <= cmd.foldMs!) return this.repeat(cmd, params, held);
    const running = this.sending.get(key);
    if (running) return running;
    const p = this.dispatch(cmd, params, key)
      .then((row) => {
        if (cmd.foldMs) this.held.set(key, { id: row.id, at: this.now().getTime() });
        return row;
      })
      .finally(() => this.sending.delete(key));
    this.sending.set(key, p);
    return p;
  }

  private async dispatch(cmd: SendCommand, params: Record<string, unknown>, key: string): Promise<CommandRow> {
    const { device } = cmd;
    if (device.enableStatus !== 1) throw new CommandRefused("disabled");
    if (device.status !== DEVICE_STATUS.online) throw new CommandRefused("offline");
    const twin = [...this.pending.values()].find((p) => p.key === key);
    if (twin) {
      const [row] = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, twin.id));
      if (row?.status === COMMAND_STATUS.waiting) return row;
    }
    const msgId = randomBytes(12).toString("hex");
    const timeoutS = cmd.timeoutS ?? COMMAND_TIMEOUT.default;
    const i18n = await commandNames(this.db, device.id, cmd.by?.userId ?? null, cmd.by?.names);
    const [row] = await this.db
      .insert(deviceCommands)
      .values({
        tenantId: device.tenantId,
        projectId: device.projectId,
        deviceId: device.id,
        deviceSn: device.sn,
        deviceName: device.name,
        msgId,
        cmdType: cmd.cmdType,
        identifier: cmd.cmdType === "service" ? cmd.identifier : cmd.cmdType in MAINTENANCE_SERVICES ? MAINTENANCE_SERVICES[cmd.cmdType as keyof typeof MAINTENANCE_SERVICES] : null,
        params: JSON.stringify(params),
        status: COMMAND_STATUS.waiting,
        timeoutS,
        sentBy: cmd.by?.userId,
        sentByName: cmd.by?.name,
        i18n,
        sentAt: this.now(),
      })
      .returning();
    const expire = this.schedule(() => void this.settle(msgId, COMMAND_STATUS.timeout, null, null).catch(() => {}), timeoutS * 1000);
    let resending = !!cmd.resendMs;
    let stopResending = () => {};
    const quiet = () => {
      resending = false;
      stopResending();
    };
    const pending: Pending = {
      key,
      id: row.id,
      deviceId: device.id,
      cmdType: cmd.cmdType,
      params,
      cancel: () => {
        expire();
        quiet();
      },
      quiet,
    };
    this.pending.set(msgId, pending);
    const wire = wireOf({ ...cmd, params }, msgId);
    const publish = () => this.ingest.command({ productId: device.productId, sn: device.sn }, wire.channel, wire.body);
    let sent = false;
    try {
      sent = await publish();
    } catch (err) {
      console.error("[commands] publish:", (err as Error).message);
    }
    if (!sent) {
      await this.settle(msgId, COMMAND_STATUS.failed, null, JSON.stringify({ error: "noChannel" }));
      throw new CommandRefused("noChannel");
    }
    // The same id again until an answer, the time-out or the service's next command ends it (counted on the row).
    const resend = () => {
      if (!resending) return;
      stopResending = this.schedule(() => {
        if (!resending) return;
        resend();
        void publish()
          .then((ok) => ok && this.db.update(deviceCommands).set({ repeats: sql`${deviceCommands.repeats} + 1` }).where(eq(deviceCommands.id, row.id)))
          .catch((err: unknown) => console.error("[commands] resend:", (err as Error).message));
      }, cmd.resendMs!);
    };
    resend();
    return row;
  }

  /** A held command's repeat: sent with a fresh id (its reply settles nothing), counted on the row. */
  private async repeat(cmd: SendCommand, params: Record<string, unknown>, held: { id: number; at: number }): Promise<CommandRow> {
    const { device } = cmd;
    if (device.enableStatus !== 1) throw new CommandRefused("disabled");
    if (device.status !== DEVICE_STATUS.online) throw new CommandRefused("offline");
    held.at = this.now().getTime();
    const wire = wireOf({ ...cmd, params }, randomBytes(12).toString("hex"));
    if (!(await this.ingest.command({ productId: device.productId, sn: device.sn }, wire.channel, wire.body).catch(() => false))) throw new CommandRefused("noChannel");
    const [row] = await this.db
      .update(deviceCommands)
      .set({ repeats: sql`${deviceCommands.repeats} + 1` })
      .where(eq(deviceCommands.id, held.id))
      .returning();
    return row;
  }

  /** The command once it has settled (or as it is, if it already has). */
  async wait(id: number): Promise<CommandRow> {
    const settled = new Promise<CommandRow>((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
    const [row] = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
    if (!row || row.status !== COMMAND_STATUS.waiting) {
      this.waiters.delete(id);
      return row;
    }
    return settled;
  }

  /** Settles a waiting command once: a late reply after a time-out changes nothing. */
  private async settle(msgId: string, status: number, replyCode: number | null, reply: string | null) {
    const p = this.pending.get(msgId);
    if (p) {
      p.cancel();
      this.pending.delete(msgId);
    }
    const [row] = await this.db
      .update(deviceCommands)
      .set({ status, replyCode, reply, answeredAt: status === COMMAND_STATUS.timeout ? null : this.now() })
      .where(and(eq(deviceCommands.msgId, msgId), eq(deviceCommands.status, COMMAND_STATUS.waiting)))
      .returning();
    if (row) {
      for (const w of this.waiters.get(row.id) ?? []) w(row);
      this.waiters.delete(row.id);
      await this.ingest.cluster?.signal(SETTLED_SIGNAL, { id: row.id, msgId }).catch((err) => console.error("[commands] signalling:", (err as Error).message));
    }
    return row;
  }

  private async replied({ deviceId, channel, message }: IngestEvents["reply"][0]) {
    const msgId = message.id;
    const p = msgId ? this.pending.get(msgId) : undefined;
    // A reply to another device's command, or one nobody waits for any more, settles nothing.
    if (!msgId || (p && p.deviceId !== deviceId)) return;
    const reply = JSON.stringify(channel === "cycle/reply" ? { cycle: message.cycle } : { code: message.code, identifier: message.identifier, params: message.params });
    if (channel === "cycle/reply") {
      const asked = p?.params.cycle;
      await this.settle(msgId, asked === undefined || asked === message.cycle ? COMMAND_STATUS.success : COMMAND_STATUS.failed, null, reply);
    } else {
      const code = message.code ?? null;
      await this.settle(msgId, code === 200 ? COMMAND_STATUS.success : COMMAND_STATUS.failed, code, reply);
    }
  }

  /** A property-set succeeds when the device reports every value it was sent. */
  private async reported(points: Point[]) {
    for (const [msgId, p] of this.pending) {
      if (p.cmdType !== "property") continue;
      const mine = points.filter((x) => x.deviceId === p.deviceId);
      if (!mine.length) continue;
      const seen = Object.entries(p.params).filter(([k, v]) => mine.some((x) => x.identifier === k && reports(x, v)));
      if (seen.length === Object.keys(p.params).length) await this.settle(msgId, COMMAND_STATUS.success, null, JSON.stringify({ params: Object.fromEntries(seen) }));
    }
  }

  /** Commands left waiting by a previous run whose time is up: they can no longer be answered. */
  async expireStale() {
    const now = this.now();
    await this.db
      .update(deviceCommands)
      .set({ status: COMMAND_STATUS.timeout })
      .where(and(eq(deviceCommands.status, COMMAND_STATUS.waiting), sql`${deviceCommands.sentAt} + ${deviceCommands.timeoutS} * interval '1 second' < ${now.toISOString()}::timestamptz`));
  }

  close() {
    for (const p of this.pending.values()) p.cancel();
    this.pending.clear();
    this.ingest.off("reply", this.onReply);
    this.ingest.off("telemetry", this.onTelemetry);
    this.unsignal?.();
  }
}

const services = new WeakMap<Ingest, Commands>();

/** The one command service of a device channel. */
export function commandsOf(ingest: Ingest, opts: { now?: () => Date; schedule?: Schedule } = {}): Commands {
  let c = services.get(ingest);
  if (!c) {
    c = new Commands(ingest.db, ingest, opts);
    services.set(ingest, c);
    void c.expireStale().catch((err) => console.error("[commands] expire:", (err as Error).message));
  }
  return c;
}
