import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Locale } from "@/lib/contract/locale";
import { MEDIA_TYPE } from "@/lib/contract/media/media-library";
import type { Db } from "../db/client";
import { cameraRecordings } from "../db/schema";
import type { Coordinator } from "../lib/coordination";
import type { CameraView } from "./cameras";
import { CaptureFailed, RECORDING_MAX_MS, type CameraCapture, type Writing } from "./capture";
import { keepInLibrary, type LibraryDeps, type Maker } from "./library";

export type RecordingRow = typeof cameraRecordings.$inferSelect;
type Local = { writing: Writing; limit: NodeJS.Timeout };

/** How long a recording's holder may go without renewing before its recording counts as an orphan. */
const LEASE_MS = 15_000;
/** The signal telling a recording's holder that a stop was asked through another instance. */
const STOP_TOPIC = "camera-recording:stop";
/** How often some instance looks for orphans (a holder that died). */
const SWEEP_EVERY_MS = 10_000;
/** How long a stop asked through another instance waits for the holder to store the recording. */
const STOP_WAIT_MS = 90_000;
const POLL_MS = 200;

const running = isNull(cameraRecordings.endedAt);
const lapsed = sql<boolean>`${cameraRecordings.leasedUntil} < now()`;
const leaseFor = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Camera recordings across the cluster (issue 34). A recording is a row of `camera_recordings`
 * and an ffmpeg-less writer of the camera's FLV on the instance that started it (its holder),
 * which renews the row's lease while it writes. Any instance sees it (`current`) and can stop it:
 * the holder stops its own at once; another instance marks the row and signals the holder (the
 * holder also finds the mark when it renews, should the signal be lost) and waits for the stored
 * item. A recording whose holder died (lease lapsed) is an orphan: whichever instance comes to it
 * first — a stop, a new start on that camera, or the periodic sweep — closes it and keeps what
 * its file holds in the media library. A recording also ends by itself after `RECORDING_MAX_MS`.
 */
export class CameraRecordings {
  readonly instance: string;
  private readonly local = new Map<number, Local>();
  private readonly ending = new Map<number, Promise<RecordingRow>>();
  private readonly leaseMs: number;
  private renewer?: NodeJS.Timeout;
  private readonly unlisten?: () => void;

  constructor(
    private readonly o: { db: Db; capture: CameraCapture; library: Omit<LibraryDeps, "db">; cluster?: Coordinator; leaseMs?: number },
  ) {
    this.leaseMs = o.leaseMs ?? LEASE_MS;
    this.instance = o.cluster?.instance ?? `solo:${process.pid}:${randomBytes(4).toString("hex")}`;
    this.unlisten = o.cluster?.on(STOP_TOPIC, (p) => {
      // null: the bus reconnected and a signal may be lost; the renewal reads the marks.
      if (p === null) return void this.renew();
      const id = (p as { id?: unknown }).id;
      if (typeof id === "number" && this.local.has(id)) void this.end(id).catch((err) => console.error(`[video] recording ${id}:`, (err as Error).message));
    });
  }

  private get db() {
    return this.o.db;
  }

  /** Sweeps orphans on one instance of the cluster at a time, at start (a restart finds its own) and every 10 s. */
  schedule(cluster: Coordinator) {
    return cluster.every("camera-recordings", SWEEP_EVERY_MS, () => this.sweep().then(() => undefined), { atStart: true });
  }

  /** The camera's running recording, wherever it runs (with whether its holder's lease lapsed). */
  async current(deviceId: number) {
    const [row] = await this.db
      .select({ row: cameraRecordings, lapsed })
      .from(cameraRecordings)
      .where(and(eq(cameraRecordings.deviceId, deviceId), running));
    return row;
  }

  /** Starts recording the camera on this instance; refused when it records already (an orphan is closed first). */
  async begin(r: { deviceId: number; who: Maker; locale: Locale; name: string; key: string; view: CameraView }): Promise<RecordingRow> {
    if (!this.o.capture.available) throw new CaptureFailed("captureOff");
    const now = this.o.library.now();
    const before = await this.current(r.deviceId);
    if (before?.lapsed) await this.closeOrphan(before.row);
    else if (before) throw new CaptureFailed("alreadyRecording");
    const file = `recordings/${r.who.tenantId}/${randomBytes(12).toString("hex")}.flv`;
    // One running recording per camera: the database's unique index decides between two instances.
    const [row] = await this.db
      .insert(cameraRecordings)
      .values({ tenantId: r.who.tenantId, deviceId: r.deviceId, userId: r.who.userId, userName: (r.who.realname || r.who.username).slice(0, 64), locale: r.locale, name: r.name.slice(0, 64), file, holder: this.instance, leasedUntil: leaseFor(this.leaseMs), startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new CaptureFailed("alreadyRecording");
    const abs = join(this.o.library.filesDir, file);
    try {
      await mkdir(dirname(abs), { recursive: true });
      const writing = this.o.capture.write(r.key, r.view, abs);
      const limit = setTimeout(() => void this.end(row.id).catch((err) => console.error(`[video] recording ${row.id} at its limit:`, (err as Error).message)), RECORDING_MAX_MS);
      limit.unref();
      this.local.set(row.id, { writing, limit });
    } catch (err) {
      await this.db.update(cameraRecordings).set({ endedAt: now, outcome: "failed", error: "processingFailed" }).where(eq(cameraRecordings.id, row.id));
      throw err;
    }
    this.renewer ??= setInterval(() => void this.renew(), this.leaseMs / 3);
    this.renewer.unref();
    return row;
  }

  /**
   * Stops the camera's recording wherever it runs and answers its row once stored (its media
   * item) or failed (its reason); refused when it does not record.
   */
  async stop(deviceId: number): Promise<RecordingRow> {
    const found = await this.current(deviceId);
    if (!found) throw new CaptureFailed("notRecording");
    const { row } = found;
    if (this.local.has(row.id) || this.ending.has(row.id)) return this.end(row.id);
    if (found.lapsed) return this.closeOrphan(row);
    await this.db.update(cameraRecordings).set({ stopAsked: this.o.library.now() }).where(and(eq(cameraRecordings.id, row.id), running));
    await this.o.cluster?.signal(STOP_TOPIC, { id: row.id });
    return this.awaitEnd(row.id);
  }

  /** Closes every orphan (a recording whose holder's lease lapsed); answers how many this instance closed. */
  async sweep(): Promise<number> {
    const orphans = await this.db.select().from(cameraRecordings).where(and(running, lapsed));
    let closed = 0;
    for (const row of orphans) if ((await this.closeOrphan(row).catch(() => null))?.holder === this.instance) closed++;
    return closed;
  }

  /** Ends one of this instance's recordings and stores it (once, however many ask). */
  private end(id: number): Promise<RecordingRow> {
    let p = this.ending.get(id);
    if (!p) {
      p = this.endLocal(id).finally(() => this.ending.delete(id));
      this.ending.set(id, p);
    }
    return p;
  }

  private async endLocal(id: number): Promise<RecordingRow> {
    const l = this.local.get(id);
    this.local.delete(id);
    if (l) {
      clearTimeout(l.limit);
      await l.writing.stop();
    }
    // Still ours? An instance that stalled past its lease may find its recording closed as an orphan elsewhere.
    const [row] = await this.db
      .update(cameraRecordings)
      .set({ leasedUntil: leaseFor(this.leaseMs * 4) })
      .where(and(eq(cameraRecordings.id, id), eq(cameraRecordings.holder, this.instance), running))
      .returning();
    if (!row) return this.awaitEnd(id);
    return this.store(row, "stored");
  }

  /** Takes an orphan for this instance (one conditional update: one instance closes it) and keeps what its file holds. */
  private async closeOrphan(orphan: RecordingRow): Promise<RecordingRow> {
    const [row] = await this.db
      .update(cameraRecordings)
      .set({ holder: this.instance, leasedUntil: leaseFor(this.leaseMs * 4) })
      .where(and(eq(cameraRecordings.id, orphan.id), running, lapsed))
      .returning();
    if (!row) return this.awaitEnd(orphan.id);
    return this.store(row, "orphan");
  }

  /** Remuxes the written FLV to MP4 and keeps it in the starter's library; the row says how it ended. */
  private async store(row: RecordingRow, outcome: "stored" | "orphan"): Promise<RecordingRow> {
    const flv = join(this.o.library.filesDir, row.file);
    const who: Maker = { tenantId: row.tenantId, userId: row.userId, realname: row.userName, username: row.userName };
    let ended: Partial<RecordingRow>;
    let failure: unknown = null;
    try {
      const mp4 = await this.o.capture.remux(flv);
      try {
        const item = await keepInLibrary({ db: this.db, ...this.o.library }, who, row.locale as Locale, { fileType: MEDIA_TYPE.video, ext: "mp4", name: row.name, file: mp4 });
        ended = { outcome, mediaItemId: item.id };
      } finally {
        await rm(mp4, { force: true });
      }
    } catch (err) {
      failure = err;
      ended = { outcome: "failed", error: err instanceof CaptureFailed ? err.reason : "processingFailed" };
    } finally {
      await rm(flv, { force: true });
    }
    const [done] = await this.db
      .update(cameraRecordings)
      .set({ ...ended, endedAt: this.o.library.now() })
      .where(eq(cameraRecordings.id, row.id))
      .returning();
    // The caller on this instance reads the first cause (a full quota names its figures).
    if (failure && !(failure instanceof CaptureFailed)) throw failure;
    return done;
  }

  /** Waits for a recording another instance is ending; closes it here should that instance die meanwhile. */
  private async awaitEnd(id: number): Promise<RecordingRow> {
    const until = Date.now() + STOP_WAIT_MS;
    while (Date.now() < until) {
      const [found] = await this.db.select({ row: cameraRecordings, lapsed }).from(cameraRecordings).where(eq(cameraRecordings.id, id));
      if (!found || found.row.endedAt) return found?.row ?? Promise.reject(new CaptureFailed("notRecording"));
      if (found.lapsed) return this.closeOrphan(found.row);
      await sleep(POLL_MS);
    }
    throw new CaptureFailed("processingFailed");
  }

  /** Renews this instance's leases and ends those whose stop was asked elsewhere; a recording taken from it stops writing. */
  private async renew() {
    const ids = [...this.local.keys()];
    if (!ids.length) return;
    try {
      const rows = await this.db
        .update(cameraRecordings)
        .set({ leasedUntil: leaseFor(this.leaseMs) })
        .where(and(inArray(cameraRecordings.id, ids), eq(cameraRecordings.holder, this.instance), running))
        .returning({ id: cameraRecordings.id, stopAsked: cameraRecordings.stopAsked });
      const held = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!held.has(id)) void this.end(id).catch(() => {});
      for (const r of rows) if (r.stopAsked) void this.end(r.id).catch((err) => console.error(`[video] recording ${r.id}:`, (err as Error).message));
    } catch (err) {
      console.error("[video] renewing recordings:", (err as Error).message);
    }
  }

  /**
   * Shutting down: stops writing and lets the leases lapse now, so the sweep of another instance
   * (or of this one's next start) closes the recordings at once and keeps what they hold.
   */
  async close() {
    clearInterval(this.renewer);
    this.unlisten?.();
    const ids = [...this.local.keys()];
    for (const l of this.local.values()) {
      clearTimeout(l.limit);
      await l.writing.stop();
    }
    this.local.clear();
    if (ids.length)
      await this.db
        .update(cameraRecordings)
        .set({ leasedUntil: sql`now() - interval '1 millisecond'` })
        .where(and(inArray(cameraRecordings.id, ids), eq(cameraRecordings.holder, this.instance), running))
        .catch((err) => console.error("[video] releasing recordings:", (err as Error).message));
    await Promise.allSettled(this.ending.values());
  }
}
