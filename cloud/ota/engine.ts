import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { OTA_DEVICE_STATUS as DS, OTA_HOLD, OTA_TASK_STATUS as TS, type OtaPhase, type OtaSource } from "@/lib/contract/ota/enums";
import { otaInform, otaProgress, otaRequest, OTA_STEP_ERRORS, type OtaUpgradeMessage } from "@/lib/contract/ota/protocol";
import { isOldDevice, MASTER_MODULE, sameVersion } from "@/lib/contract/ota/version";
import { DEFAULT_MODULE } from "@/lib/contract/ota/package";
import type { Db } from "../db/client";
import { devices, otaDeviceVersions, otaEvents, otaPackages, otaTaskDevices, otaTasks } from "../db/schema";
import type { Coordinator } from "../lib/coordination";
import { signature } from "../lib/crypto";
import type { FirmwareMessage, Ingest } from "../ingest/pipeline";
import type { StatusChange } from "../ingest/writer";
import { otaChanged } from "../live/bus";
import { rowsOf } from "../ingest/writer";
import { GroupCommit } from "../lib/group-commit";

/** The cluster job that starts, paces, gates, times out and finishes rollouts. */
export const OTA_JOB = "ota-rollout";
const STEP_MS = 1000;
/** The window a task's rate is spread over (a twelfth of its minute). */
const PACE_MS = 5000;
/**
 * A download holds one of its task's `maxDownloads` places from the offer until the device reports verifying. An offer no
 * part was asked for within this long (an old device waiting to ask, one that is offline) and a download without a report
 * for as long (a device gone mid-download) no longer hold theirs: a place is not lost to a device until its timeout.
 */
const PLACE_MS = 60_000;
const STALE_MS = 120_000;
/** What a device refused a first part for want of a place is told: ask again after this many seconds, and a spread so those told together do not come back together. */
export const RETRY_AFTER_S = 5;
export const RETRY_SPREAD_S = 10;
/** How long a download URL stays valid. */
export const URL_TTL_S = 3600;
export const DOWNLOAD_PURPOSE = "ota-download";
export const DOWNLOAD_PATH = "device/ota/download";

type Task = typeof otaTasks.$inferSelect;
type Pkg = typeof otaPackages.$inferSelect;
type TaskDevice = typeof otaTaskDevices.$inferSelect;
type Sender = Pick<Ingest, "command">;
/** A device's progress report (`ota/progress` with a step from 0 to 100). */
type Report = { taskId: number; deviceId: number; step: number; desc: string | null; at: Date };
/** What a download part needs of its task device: whose it is, whether it still upgrades, and the image. */
export type Download = { id: number; deviceId: number; taskId: number; status: number; filePath: string; fileSize: number; sha256: string };

/** The phase a progress step means: downloading below 80 %, verifying below 90 %, installing below 100 %, then rebooting into it. */
export function phaseOf(step: number): OtaPhase {
  if (step < 80) return "downloading";
  if (step < 90) return "verifying";
  if (step < 100) return "installing";
  return "rebooting";
}
const STEP_ERROR: Record<number, string> = { [OTA_STEP_ERRORS.failed]: "failed", [OTA_STEP_ERRORS.download]: "download", [OTA_STEP_ERRORS.verify]: "verify", [OTA_STEP_ERRORS.flash]: "flash" };
/** Past these phases the device has installed: informing the old version then means it rolled back. */
const INSTALLED: readonly string[] = ["installing", "rebooting"];

/**
 * Whether a task device holds one of its task's download places now (`ago(ms)`: the instant `ms` before now): offered
 * within `PLACE_MS`, or downloading with a report within `STALE_MS`.
 */
const holdsPlace = (ago: (ms: number) => SQL) =>
  sql`${otaTaskDevices.status} = ${DS.upgrading} and ((${otaTaskDevices.phase} = 'notified' and ${otaTaskDevices.notifiedAt} > ${ago(PLACE_MS)})
    or (${otaTaskDevices.phase} = 'downloading' and coalesce(${otaTaskDevices.lastProgressAt}, ${otaTaskDevices.notifiedAt}) > ${ago(STALE_MS)}))`;

/** The master version a device informed (`ota/inform` for the master module), for the 5.5.0 boundary. */
export const masterVersionOf = (deviceId: AnyColumn) =>
  sql<string | null>`(select m.version from ${otaDeviceVersions} m where m.device_id = ${deviceId} and m.module = ${MASTER_MODULE})`;

/** The signed query of a task device's download: `d` the task device, `e` the expiry (epoch s), `s` the HMAC over both. */
export function signDownload(taskDeviceId: number, expires: number) {
  return { d: taskDeviceId, e: expires, s: signature(DOWNLOAD_PURPOSE, `${DOWNLOAD_PATH}|${taskDeviceId}|${expires}`) };
}

/**
 * Firmware rollouts. Device messages (`ota/progress`, `ota/inform`, `ota/request`) and a device
 * coming online are handled where they arrive; the periodic work (starting due tasks, notifying at
 * the task's rate, timeouts, retries, the gate, the abort threshold, finishing) is one cluster job,
 * so N instances run it once. Every change of a task or a task device is a conditional update on
 * the state it leaves, so a device message and the job, or two instances, never both apply.
 */
export class OtaEngine {
  private sender: Sender | null = null;
  private cluster: Coordinator | null = null;
  private readonly now: () => Date;
  /** Where devices download from: `OTA_DOWNLOAD_URL` (the console's `/api` as devices reach it), else the cloud's own address. */
  baseUrl: string;
  /** Device messages being handled now (a benchmark's view of the work in hand). */
  inFlight = 0;
  private detach: (() => void) | null = null;
  private readonly onOta = async (m: FirmwareMessage) => {
    this.inFlight++;
    try {
      await this.message(m);
    } catch (err) {
      // Not acknowledged: the device sends it again.
      console.error("[ota] message:", (err as Error).message);
      throw err;
    } finally {
      this.inFlight--;
    }
  };
  /** Progress reports, written in groups (one statement for the reports that arrived together). */
  readonly reports = new GroupCommit<Report, number | null>((rs) => this.writeReports(rs), { key: (r) => r.deviceId, max: 500 });
  /** A download part's task device and image, read in groups (the parts asked for together, one statement). */
  readonly downloads = new GroupCommit<number, Download | null>((ids) => this.readDownloads(ids), { max: 500 });
  /**
   * Bytes served by download parts, counted in groups; each answers its task when it may be served, `"full"` when it is a
   * download's first part and its task has `maxDownloads` downloading already, null when its task device no longer upgrades.
   */
  readonly served = new GroupCommit<{ id: number; bytes: number }, number | "full" | null>((parts) => this.countServed(parts), { key: (p) => p.id, max: 500 });
  private readonly onStatus = (changes: StatusChange[]) => void this.online(changes).catch((err) => console.error("[ota] online:", (err as Error).message));

  constructor(
    private readonly db: Db,
    opts: { now?: () => Date; baseUrl?: string } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.baseUrl = opts.baseUrl ?? process.env.OTA_DOWNLOAD_URL ?? "";
  }

  attach(ingest: Ingest) {
    this.sender = ingest;
    this.detach = ingest.handleFirmware(this.onOta);
    ingest.on("status", this.onStatus);
    return this;
  }

  schedule(cluster: Coordinator) {
    this.cluster = cluster;
    return cluster.every(OTA_JOB, STEP_MS, () => this.step(), { atStart: true });
  }

  /** New work (a task added, started, resumed, retried): the job runs now rather than at its next period. */
  kick() {
    void this.cluster?.soon(OTA_JOB).catch(() => {});
  }

  /** One pass over the tasks: what the cluster job runs. */
  async step() {
    const now = this.now();
    const started = await this.db
      .update(otaTasks)
      .set({ status: TS.upgrading, startedAt: now, updatedAt: now })
      .where(and(eq(otaTasks.status, TS.toUpgrade), eq(otaTasks.hold, OTA_HOLD.none), sql`(${otaTasks.taskType} = 1 or ${otaTasks.scheduleAt} <= ${now.toISOString()}::timestamptz)`))
      .returning({ id: otaTasks.id });
    for (const t of started) otaChanged(t.id);
    const running = await this.db.select().from(otaTasks).where(eq(otaTasks.status, TS.upgrading));
    for (const t of running) await this.advance(t, now);
  }

  private async advance(t: Task, now: Date) {
    await this.timeouts(t, now);
    if (t.hold === OTA_HOLD.none) {
      t = (await this.gate(t, now)) ?? t;
      if (t.hold === OTA_HOLD.none && !(await this.abort(t, now))) await this.notify(t, now);
    }
    await this.tally(t.id, now, true);
  }

  private async timeouts(t: Task, now: Date) {
    const late = await this.db
      .select({ id: otaTaskDevices.id, progress: otaTaskDevices.progress })
      .from(otaTaskDevices)
      .where(
        and(
          eq(otaTaskDevices.taskId, t.id),
          eq(otaTaskDevices.status, DS.upgrading),
          sql`coalesce(${otaTaskDevices.firstProgressAt}, ${otaTaskDevices.notifiedAt}) < ${new Date(now.getTime() - t.timeoutMin * 60_000).toISOString()}::timestamptz`,
        ),
      );
    for (const d of late) await this.fail(t, d.id, d.progress >= 100 ? "noInform" : "timeout", "timer", now);
  }

  /** The first batch's gate: the rest goes on when it passed, the task pauses for a person when it did not. Answers the task as changed. */
  private async gate(t: Task, now: Date): Promise<Task | null> {
    if (t.stage !== 1) return null;
    const [s] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        done: sql<number>`count(*) filter (where ${otaTaskDevices.status} in (3, 4, 5))::int`,
        success: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 4)::int`,
        failed: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 5)::int`,
      })
      .from(otaTaskDevices)
      .where(and(eq(otaTaskDevices.taskId, t.id), eq(otaTaskDevices.batch, 1)));
    const next = (set: Partial<Task>) =>
      this.db
        .update(otaTasks)
        .set({ ...set, gateAt: now, updatedAt: now })
        .where(and(eq(otaTasks.id, t.id), eq(otaTasks.stage, 1), eq(otaTasks.hold, OTA_HOLD.none)))
        .returning();
    const verdict = s.total ? gateVerdict(t, s) : "pass";
    if (verdict === "wait") return null;
    const [moved] = await next(verdict === "pass" ? { stage: 2 } : { hold: OTA_HOLD.gate });
    if (moved) otaChanged(t.id);
    return moved ?? null;
  }

  /** Failures over the abort threshold stop the task: devices not yet notified are cancelled, running ones finish. */
  private async abort(t: Task, now: Date): Promise<boolean> {
    if (!t.abortFailPct) return false;
    const [s] = await this.db
      .select({ done: sql<number>`count(*) filter (where ${otaTaskDevices.status} in (4, 5))::int`, failed: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 5)::int` })
      .from(otaTaskDevices)
      .where(eq(otaTaskDevices.taskId, t.id));
    if (s.done < Math.max(1, t.gateMinDone ?? 1) || (s.failed / s.done) * 100 <= t.abortFailPct) return false;
    const [stopped] = await this.db
      .update(otaTasks)
      .set({ status: TS.cancelled, hold: OTA_HOLD.aborted, finishedAt: now, updatedAt: now })
      .where(and(eq(otaTasks.id, t.id), eq(otaTasks.status, TS.upgrading)))
      .returning({ id: otaTasks.id });
    if (stopped) {
      otaChanged(t.id);
      await this.cancelDevices(t.id, [DS.toUpgrade], "aborted", "timer", now);
    }
    return true;
  }

  /** Cancels a task's devices in the given statuses, each with its event. */
  async cancelDevices(taskId: number, statuses: number[], code: string, source: OtaSource, now: Date, only?: number) {
    const gone = await this.db
      .update(otaTaskDevices)
      .set({ status: DS.cancelled, errorCode: code, doneAt: now })
      .where(and(eq(otaTaskDevices.taskId, taskId), inArray(otaTaskDevices.status, statuses), only ? eq(otaTaskDevices.id, only) : undefined))
      .returning();
    await this.log(gone, source, `cancelled:${code}`, now);
    return gone.length;
  }

  /**
   * Notifies the devices the task's rate allows now (a sliding minute), the first batch's only until
   * its gate passed. One statement claims them with what each runs (its from-version) and what it
   * needs to be reached; then each is offered its upgrade: success at once when it already runs the
   * target, failed when a differential package does not apply to what it runs, a wait for its
   * request when it is an old device (below the 5.5.0 master boundary: pull only), else the
   * `ota/upgrade` message. Their events go in one insert.
   */
  private async notify(t: Task, now: Date) {
    const ago = (ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;
    const [{ minute, moment, places }] = await this.db
      .select({
        minute: sql<number>`count(*) filter (where ${otaTaskDevices.notifiedAt} > ${ago(60_000)})::int`,
        moment: sql<number>`count(*) filter (where ${otaTaskDevices.notifiedAt} > ${ago(PACE_MS)})::int`,
        places: sql<number>`count(*) filter (where ${holdsPlace(ago)})::int`,
      })
      .from(otaTaskDevices)
      .where(and(eq(otaTaskDevices.taskId, t.id), sql`(${otaTaskDevices.notifiedAt} > ${ago(60_000)} or ${otaTaskDevices.status} = ${DS.upgrading})`));
    // The rate, and no more offers than the task's downloads have places for.
    const allowed = Math.min(notifyAllowance(t.rate, now.getTime() - (t.startedAt ?? now).getTime(), minute, moment), t.maxDownloads - places);
    if (allowed <= 0) return;
    const [pkg] = await this.db.select().from(otaPackages).where(eq(otaPackages.id, t.packageId));
    if (!pkg) return;
    const at = sql`${now.toISOString()}::timestamptz`;
    const batchCond = t.stage === 1 ? sql`and batch = 1` : sql``;
    // The default module's version is the device's own firmware version; another module's is what it informed for it.
    // The devices are picked once, in a materialised CTE. As an `IN (… LIMIT n FOR UPDATE SKIP LOCKED)` subquery of the
    // update, the planner chose a nested-loop semi join that ran the subquery again for every row of the task; each run
    // skipped the rows the statement had just updated and took the next n, so every queued device was notified in one
    // pass, whatever the rate (the 1,000-device bench's first batch at once, then the 900 others).
    const claimed = rowsOf(
      await this.db.execute(sql`
        with picked as materialized (
          select id from ota_task_devices
          where task_id = ${t.id} and status = 1 and (retry_at is null or retry_at <= ${at}) ${batchCond}
          order by batch, id limit ${allowed} for update skip locked)
        update ota_task_devices td set status = 2, phase = 'notified', attempt = td.attempt + 1, notified_at = ${at}, progress = 0,
          first_progress_at = null, last_progress_at = null, retry_at = null,
          from_version = coalesce(v.version, case when ${pkg.module} = ${DEFAULT_MODULE} then d.firmware_version end)
        from picked, devices d left join ota_device_versions v on v.device_id = d.id and v.module = ${pkg.module}
        where td.id = picked.id and d.id = td.device_id and td.status = 1
        returning td.id, td.task_id, td.attempt, td.from_version, d.device_sn, d.product_id,
          (select m.version from ota_device_versions m where m.device_id = d.id and m.module = ${MASTER_MODULE}) as master_version`),
    );
    if (!claimed.length) return;
    const offered: { id: number; text: string }[] = [];
    const sends: Promise<unknown>[] = [];
    for (const r of claimed) {
      const id = Number(r.id);
      const running = (r.from_version as string | null) ?? null;
      if (sameVersion(running, pkg.version)) await this.succeed(id, "alreadyOn", "timer", now);
      else if (pkg.upgradeType === 2 && pkg.fromVersion && !sameVersion(running, pkg.fromVersion)) await this.fail(t, id, "notFromVersion", "timer", now, false);
      else if (isOldDevice(r.master_version as string | null)) offered.push({ id, text: "pullOnly" });
      else {
        sends.push(this.send(pkg, { productId: Number(r.product_id), sn: String(r.device_sn) }, t.id, id, Number(r.attempt), now));
        offered.push({ id, text: "notified" });
      }
    }
    await Promise.all(sends);
    if (offered.length) {
      otaChanged(t.id);
      await this.db.insert(otaEvents).values(offered.map((o) => ({ taskDeviceId: o.id, at: now, source: "timer" as const, status: DS.upgrading, phase: "notified", progress: 0, text: o.text })));
    }
  }

  /** The `ota/upgrade` message for one task device, with its signed URL. */
  upgradeMessage(pkg: Pkg, taskId: number, taskDeviceId: number, attempt: number, now: Date): OtaUpgradeMessage {
    const expires = Math.floor(now.getTime() / 1000) + URL_TTL_S;
    const q = signDownload(taskDeviceId, expires);
    return {
      id: `${taskDeviceId}-${attempt}`,
      taskId,
      module: pkg.module,
      version: pkg.version,
      size: pkg.fileSize,
      sha256: pkg.sha256,
      md5: pkg.md5,
      url: `${this.baseUrl.replace(/\/+$/, "")}/${DOWNLOAD_PATH}?d=${q.d}&e=${q.e}&s=${q.s}`,
      urlExpires: expires * 1000,
      isDiff: pkg.upgradeType === 2,
      fromVersion: pkg.fromVersion,
    };
  }

  private async send(pkg: Pkg, d: { productId: number; sn: string }, taskId: number, taskDeviceId: number, attempt: number, now: Date) {
    return this.sender?.command(d, "ota/upgrade", this.upgradeMessage(pkg, taskId, taskDeviceId, attempt, now));
  }

  /** Sends a running device its upgrade again (it asked, it came online, it restarted before installing). */
  private async resend(td: TaskDevice, now: Date, why: string, source: OtaSource) {
    const [row] = await this.db
      .select({ pkg: otaPackages, sn: devices.deviceSn, productId: devices.productId })
      .from(otaTasks)
      .innerJoin(otaPackages, eq(otaPackages.id, otaTasks.packageId))
      .innerJoin(devices, eq(devices.id, td.deviceId))
      .where(eq(otaTasks.id, td.taskId));
    if (!row) return;
    await this.send(row.pkg, row, td.taskId, td.id, td.attempt, now);
    await this.log([td], source, why, now);
  }

  /** A device's message: progress, the version it runs, or its request for a pending upgrade. */
  async message({ device, channel, body, at }: FirmwareMessage) {
    if (channel === "ota/progress") {
      const p = otaProgress.safeParse(body);
      if (!p.success) return;
      const mine = sql`task_id = ${p.data.taskId} and device_id = ${device.id} and status = ${DS.upgrading}`;
      if (p.data.step < 0) {
        const [td] = rowsOf(await this.db.execute(sql`select id, task_id from ota_task_devices where ${mine}`));
        if (!td) return;
        const [t] = await this.db.select().from(otaTasks).where(eq(otaTasks.id, Number(td.task_id)));
        return this.fail(t, Number(td.id), STEP_ERROR[p.data.step], "device", at, true, p.data.desc);
      }
      // Devices report every fraction of a second while they download: the reports that arrive together are written together.
      const taskId = await this.reports.push({ taskId: p.data.taskId, deviceId: device.id, step: p.data.step, desc: p.data.desc ?? null, at });
      if (taskId !== null) otaChanged(taskId);
      return;
    }
    if (channel === "ota/inform") {
      const p = otaInform.safeParse(body);
      if (!p.success) return;
      const { module, version } = p.data;
      // The default module is the device's own firmware version (the device list's column); other modules (and the master controller's) are kept beside it.
      if (module === DEFAULT_MODULE) await this.db.update(devices).set({ firmwareVersion: version }).where(eq(devices.id, device.id));
      else
        await this.db
          .insert(otaDeviceVersions)
          .values({ deviceId: device.id, module, version, informedAt: at })
          .onConflictDoUpdate({ target: [otaDeviceVersions.deviceId, otaDeviceVersions.module], set: { version, informedAt: at } });
      for (const { td, pkg, task } of await this.active(device.id, module)) {
        if (sameVersion(version, pkg.version)) await this.succeed(td.id, `informed:${version}`, "device", at);
        else if (INSTALLED.includes(td.phase)) await this.fail(task, td.id, "oldVersion", "device", at, true, version);
        // Started again before installing (power lost mid-download): it gets the upgrade again and resumes.
        else await this.resend(td, at, `restarted:${version}`, "device");
      }
      return;
    }
    if (channel === "ota/request") {
      const p = otaRequest.safeParse(body);
      if (!p.success) return;
      for (const { td } of await this.active(device.id, p.data.module)) await this.resend(td, at, "requested", "device");
    }
  }

  /**
   * Progress reports in one statement: each moves its device's upgrading row (progress, phase, first and last report),
   * and a report that changes the phase, or reaches a quarter, is logged as an event (from the phase it left, read
   * under the row's lock). Answers each report's task, or null when it moved nothing (the device is not upgrading in it).
   */
  private async writeReports(rs: Report[]): Promise<(number | null)[]> {
    const values = sql.join(
      rs.map((r) => sql`(${r.taskId}::int, ${r.deviceId}::int, ${r.step}::int, ${phaseOf(r.step)}::text, ${r.at.toISOString()}::timestamptz, ${r.desc ? `progress:${r.step} ${r.desc.slice(0, 100)}` : null}::text)`),
      sql`, `,
    );
    const moved = rowsOf(
      await this.db.execute(sql`
        with r(task_id, device_id, step, phase, at, text) as (values ${values}),
        old as (
          select td.id, td.phase old_phase, r.* from ota_task_devices td join r on td.task_id = r.task_id and td.device_id = r.device_id
          where td.status = ${DS.upgrading} for update of td),
        moved as (
          update ota_task_devices td set progress = old.step, phase = old.phase, first_progress_at = coalesce(td.first_progress_at, old.at), last_progress_at = old.at
          from old where td.id = old.id
          returning td.id, td.task_id, td.device_id),
        logged as (
          insert into ota_events (task_device_id, at, source, status, phase, progress, text)
          select old.id, old.at, 'device', ${DS.upgrading}, old.phase, old.step, coalesce(old.text, 'progress:' || old.step) from old
          where old.old_phase <> old.phase or old.step % 25 = 0)
        select task_id, device_id from moved`),
    );
    const taskOf = new Map(moved.map((m) => [Number(m.device_id), Number(m.task_id)]));
    return rs.map((r) => (taskOf.get(r.deviceId) === r.taskId ? r.taskId : null));
  }

  private async readDownloads(ids: number[]): Promise<(Download | null)[]> {
    const rows = await this.db
      .select({ id: otaTaskDevices.id, deviceId: otaTaskDevices.deviceId, taskId: otaTaskDevices.taskId, status: otaTaskDevices.status, filePath: otaPackages.filePath, fileSize: otaPackages.fileSize, sha256: otaPackages.sha256 })
      .from(otaTaskDevices)
      .innerJoin(otaTasks, eq(otaTasks.id, otaTaskDevices.taskId))
      .innerJoin(otaPackages, eq(otaPackages.id, otaTasks.packageId))
      .where(inArray(otaTaskDevices.id, [...new Set(ids)]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /**
   * Adds each part's bytes to its task device's, moving a notified one to downloading; only while it upgrades. A download's
   * first part (its task device still `notified`) starts it only while its task has fewer than `maxDownloads` downloading
   * (those of the group in the order of their task devices); the others are answered `"full"` and counted nothing.
   */
  private async countServed(parts: { id: number; bytes: number }[]): Promise<(number | "full" | null)[]> {
    const values = sql.join(
      parts.map((p) => sql`(${p.id}::int, ${p.bytes}::bigint)`),
      sql`, `,
    );
    const now = this.now().getTime();
    const stale = sql`${new Date(now - STALE_MS).toISOString()}::timestamptz`;
    const rows = rowsOf(
      await this.db.execute(sql`
        with v(id, bytes) as (values ${values}),
        cur as (
          select td.id, td.task_id, td.phase = 'notified' starting,
            row_number() over (partition by td.task_id, td.phase = 'notified' order by td.id) n
          from ota_task_devices td join v on v.id = td.id where td.status = ${DS.upgrading}),
        room as (
          select t.id task_id, t.max_downloads - (select count(*) from ota_task_devices d where d.task_id = t.id and d.status = ${DS.upgrading}
            and d.phase = 'downloading' and coalesce(d.last_progress_at, d.notified_at) > ${stale})::int free
          from ota_tasks t where t.id in (select task_id from cur where starting)),
        counted as (
          update ota_task_devices td set bytes_served = td.bytes_served + v.bytes, phase = case when td.phase = 'notified' then 'downloading' else td.phase end
          from v, cur left join room on room.task_id = cur.task_id
          where td.id = v.id and cur.id = td.id and td.status = ${DS.upgrading} and (not cur.starting or cur.n <= room.free)
          returning td.id)
        select cur.id, cur.task_id, exists (select 1 from counted k where k.id = cur.id) ok from cur`),
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r.ok === true || r.ok === "t" ? Number(r.task_id) : ("full" as const)]));
    return parts.map((p) => byId.get(p.id) ?? null);
  }

  /** The device's upgrading task devices for a module. */
  private active(deviceId: number, module: string) {
    return this.db
      .select({ td: otaTaskDevices, pkg: otaPackages, task: otaTasks })
      .from(otaTaskDevices)
      .innerJoin(otaTasks, eq(otaTasks.id, otaTaskDevices.taskId))
      .innerJoin(otaPackages, eq(otaPackages.id, otaTasks.packageId))
      .where(and(eq(otaTaskDevices.deviceId, deviceId), eq(otaTaskDevices.status, DS.upgrading), eq(otaPackages.module, module)));
  }

  /** A device back online with an upgrade under way before it installed gets the upgrade again. */
  private async online(changes: StatusChange[]) {
    const up = changes.filter((c) => c.status === 2).map((c) => c.deviceId);
    if (!up.length) return;
    const pending = await this.db
      .select()
      .from(otaTaskDevices)
      .where(and(inArray(otaTaskDevices.deviceId, up), eq(otaTaskDevices.status, DS.upgrading), inArray(otaTaskDevices.phase, ["notified", "downloading"])));
    for (const td of pending) await this.resend(td, this.now(), "online", "timer");
  }

  async succeed(taskDeviceId: number, why: string, source: OtaSource, now: Date) {
    const done = await this.db
      .update(otaTaskDevices)
      .set({ status: DS.success, phase: "done", progress: 100, doneAt: now, errorCode: null, errorText: null, retryAt: null })
      .where(and(eq(otaTaskDevices.id, taskDeviceId), eq(otaTaskDevices.status, DS.upgrading)))
      .returning();
    await this.log(done, source, why, now);
  }

  /**
   * A device's attempt failed: it is queued again after the retry interval while attempts are left
   * (`retry` false: no attempt would change it), else it has failed.
   */
  async fail(t: Task, taskDeviceId: number, code: string, source: OtaSource, now: Date, retry = true, detail?: string) {
    const retries = retry ? t.retries : -1;
    const later = new Date(now.getTime() + t.retryIntervalMin * 60_000);
    const rows = rowsOf(
      await this.db.execute(sql`
        update ota_task_devices set
          status = case when attempt <= ${retries} then 1 else 5 end,
          phase = case when attempt <= ${retries} then 'queued' else phase end,
          retry_at = case when attempt <= ${retries} then ${later.toISOString()}::timestamptz else null end,
          done_at = case when attempt <= ${retries} then null else ${now.toISOString()}::timestamptz end,
          error_code = ${code}, error_text = ${detail?.slice(0, 200) ?? null}
        where id = ${taskDeviceId} and status = 2
        returning id, task_id, status, phase, progress`),
    );
    for (const r of rows) otaChanged(Number(r.task_id));
    for (const r of rows) await this.insertEvent(Number(r.id), source, Number(r.status), String(r.phase), Number(r.progress), `${Number(r.status) === DS.failed ? "failed" : "retry"}:${code}${detail ? ` ${detail.slice(0, 100)}` : ""}`, now);
  }

  async log(rows: TaskDevice[], source: OtaSource, text: string, now: Date) {
    for (const taskId of new Set(rows.map((r) => r.taskId))) otaChanged(taskId);
    if (rows.length) await this.db.insert(otaEvents).values(rows.map((r) => ({ taskDeviceId: r.id, at: now, source, status: r.status, phase: r.phase, progress: r.progress, text: text.slice(0, 300) })));
  }

  private insertEvent(taskDeviceId: number, source: OtaSource, status: number, phase: string, progress: number, text: string, now: Date) {
    return this.db.insert(otaEvents).values({ taskDeviceId, at: now, source, status, phase, progress, text: text.slice(0, 300) });
  }

  /** Counts a task's devices onto the task; a running task with none left to upgrade or upgrading is done. */
  async tally(taskId: number, now: Date, finish = false) {
    const [s] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${otaTaskDevices.status} in (1, 2))::int`,
        success: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 4)::int`,
        failed: sql<number>`count(*) filter (where ${otaTaskDevices.status} = 5)::int`,
      })
      .from(otaTaskDevices)
      .where(eq(otaTaskDevices.taskId, taskId));
    await this.db.update(otaTasks).set({ total: s.total, successCount: s.success, failCount: s.failed }).where(eq(otaTasks.id, taskId));
    if (!finish || s.open) return;
    const done = await this.db.update(otaTasks).set({ status: TS.done, finishedAt: now, updatedAt: now }).where(and(eq(otaTasks.id, taskId), eq(otaTasks.status, TS.upgrading))).returning({ id: otaTasks.id });
    if (done.length) otaChanged(taskId);
  }

  close() {
    if (!this.sender) return;
    const ingest = this.sender as Ingest;
    this.detach?.();
    ingest.off("status", this.onStatus);
  }
}

/**
 * How many devices a pass may notify now at `rate` a minute: no more than `rate` in any minute (counted from the
 * start in the task's first minute), and spread evenly over it: no more than a `PACE_MS` share in any `PACE_MS`. A
 * rate is a pace, not a quota: a rollout of 1,000 a minute whose gate passed at 50 s notifies about 17 devices a
 * second, not the 900 the minute had left at once (the thundering herd a rate is there to prevent: every one of them
 * opens a download connection in the same second). `sinceStart` ms since the task started, `minute` and `moment`
 * devices notified in the last minute and in the last `PACE_MS`.
 */
export function notifyAllowance(rate: number, sinceStart: number, minute: number, moment: number): number {
  const ramp = Math.ceil((rate * Math.min(60_000, Math.max(0, sinceStart) + STEP_MS)) / 60_000) - minute;
  const pace = Math.ceil((rate * PACE_MS) / 60_000) - moment;
  return Math.max(0, Math.min(ramp, pace));
}

/** The gate's decision on the first batch's finished devices: pass, hold for a person, or wait for more to finish. */
export function gateVerdict(t: Pick<Task, "gateMinDone" | "gateSuccessPct" | "gateFailPct">, s: { total: number; done: number; success: number; failed: number }): "pass" | "hold" | "wait" {
  const minDone = Math.min(t.gateMinDone ?? s.total, s.total);
  if (s.done < minDone || !s.done) return "wait";
  const successPct = (s.success / s.done) * 100;
  const failPct = (s.failed / s.done) * 100;
  const ok = successPct >= (t.gateSuccessPct ?? 0) && failPct <= (t.gateFailPct ?? 100);
  if (!ok) return "hold";
  return s.done === s.total ? "pass" : "wait";
}
