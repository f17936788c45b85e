import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, asc, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { ITEM_TYPE, INSPECT_STATUS, PATROL_STATUS, RUN_STATUS } from "@/lib/contract/robot/enums";
import { isAbnormal } from "@/lib/contract/robot/item";
import { patrolReadings } from "@/lib/contract/robot/patrol";
import { ROBOT_EVENTS } from "@/lib/contract/robot/robot";
import { textIn, type I18nTexts } from "@/lib/contract/i18n-text";
import { defaultLocale, locales, type Locale } from "@/lib/contract/locale";
import type { Db } from "../db/client";
import { moveTaskDays, taskState, writeRecords } from "../db/queries/robots";
import { devices, robotItems, robotPoints, robotRecords, robotTasks, robotTracks } from "../db/schema";
import type { InspectionReading } from "../alarms/evaluator";
import type { Ingest } from "../ingest";
import type { Point as IngestPoint } from "../ingest/writer";
import { t } from "../lib/i18n";

/** Raises an abnormal reading's alarm through the inspection alarm rules (the evaluator's `inspection`): its id, or null without a rule. */
export type RaiseInspection = (r: InspectionReading) => Promise<number | null>;
/** A frame of the robot's camera as JPEG (ffmpeg on its live stream); rejects when the camera gives none. */
export type CameraFrame = (deviceId: number, deviceName: string) => Promise<Buffer>;
/** What recording an arrival needs: where files go, the inspection rules, and the robot camera's frames (null without ffmpeg). */
export type RecordDeps = { filesDir: string; raise: RaiseInspection; frame: CameraFrame | null };

/** What the `pointArrived` event carries (its params as the ingest stored them). */
type Arrival = { taskId?: number; pointId?: number; readings?: string; photo?: string };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Stores a photo (PNG or JPEG bytes: the robot's own, base64 in its arrival, or its camera's frame) as the tenant's file; null when it is neither. */
async function storePhoto(filesDir: string, tenantId: number, at: Date, bytes: Buffer | null): Promise<string | null> {
  if (!bytes) return null;
  const ext = bytes.subarray(0, 4).equals(PNG) ? "png" : bytes.subarray(0, 3).equals(JPEG) ? "jpg" : null;
  if (!ext) return null;
  const day = at.toISOString().slice(0, 10).replace(/-/g, "");
  const rel = `${tenantId}/${day}/${randomBytes(16).toString("hex")}.${ext}`;
  const abs = join(filesDir, rel);
  await mkdir(dirname(abs), { recursive: true });
  await writeFile(abs, bytes);
  return rel;
}

type Named = { i18n: I18nTexts | null };
type Task = Named & { taskName: string };
type Point = Named & { pointName: string };
type Item = Named & { itemName: string; unit: string | null; minValue: number | null; maxValue: number | null };

/** An abnormal reading's alarm name and text in `locale`: the task's, point's and item's names in it, the reading against the item's range. */
function abnormalText(locale: Locale, task: Task, point: Point, item: Item, value: number | null) {
  const unit = item.unit ? ` ${item.unit}` : "";
  const range = item.minValue !== null && item.maxValue !== null ? `${item.minValue} ~ ${item.maxValue}${unit}` : item.minValue !== null ? `≥ ${item.minValue}${unit}` : `≤ ${item.maxValue}${unit}`;
  const names = { task: textIn(locale, task.taskName, task.i18n?.taskName), point: textIn(locale, point.pointName, point.i18n?.pointName), item: textIn(locale, item.itemName, item.i18n?.itemName) };
  return {
    name: t(locale, "cloud.robot.abnormal.name", names).slice(0, 64),
    content: t(locale, "cloud.robot.abnormal.content", { ...names, value: `${value}${unit}`, range }),
  };
}

/** The alarm's name and text in every language (each reader reads their own, as a SIM alarm's). */
function abnormalTexts(task: Task, point: Point, item: Item, value: number | null): I18nTexts {
  const all = locales.map((l) => [l, abnormalText(l, task, point, item, value)] as const);
  return { alarmName: Object.fromEntries(all.map(([l, x]) => [l, x.name])), content: Object.fromEntries(all.map(([l, x]) => [l, x.content])) };
}

/**
 * Turns a robot's arrivals into inspection records: one per item of the point, normal or abnormal
 * by the item's range, with a frame of the robot's camera as the photo (the robot's own picture without one). An abnormal reading raises an alarm (the
 * alarm centre's workflow takes it from there) carrying the photo. The task counts the points done
 * and its abnormal readings, and is done when every point of its patrol is.
 */
export async function recordArrival(db: Db, deps: RecordDeps, deviceId: number, at: Date, a: Arrival): Promise<number> {
  if (!a.taskId || !a.pointId) return 0;
  const [task] = await db.select().from(robotTasks).where(and(eq(robotTasks.id, a.taskId), eq(robotTasks.deviceId, deviceId)));
  if (!task || task.patrolStatus !== PATROL_STATUS.running) return 0;
  const [point] = await db.select().from(robotPoints).where(and(eq(robotPoints.id, a.pointId), eq(robotPoints.trackId, task.trackId)));
  if (!point) return 0;
  const parsed = patrolReadings.safeParse((() => { try { return JSON.parse(a.readings ?? "[]"); } catch { return null; } })());
  const readings = new Map((parsed.success ? parsed.data : []).map((r) => [r.itemId, r.value]));
  const items = await db.select().from(robotItems).where(eq(robotItems.pointId, point.id)).orderBy(asc(robotItems.id));
  const [track] = await db.select({ trackName: robotTracks.trackName, i18n: robotTracks.i18n }).from(robotTracks).where(eq(robotTracks.id, task.trackId));
  const [robot] = await db.select({ deviceName: devices.deviceName, i18n: devices.i18n }).from(devices).where(eq(devices.id, deviceId));
  // The names in each language they have, as they are now (a record keeps them as they were when read).
  const names: I18nTexts = {
    ...(task.i18n?.taskName && { taskName: task.i18n.taskName }),
    ...(track?.i18n?.trackName && { trackName: track.i18n.trackName }),
    ...(point.i18n?.pointName && { pointName: point.i18n.pointName }),
    ...(robot?.i18n?.deviceName && { deviceName: robot.i18n.deviceName }),
  };
  // The photo is a frame of the robot's camera when it gives one; else the picture the robot sent.
  const frame = deps.frame ? await deps.frame(deviceId, robot?.deviceName ?? "").catch(() => null) : null;
  const photo = await storePhoto(deps.filesDir, task.tenantId, at, frame ?? (a.photo ? Buffer.from(a.photo, "base64") : null));
  const photos = photo ? [photo] : [];
  let abnormal = 0;
  const rows: (typeof robotRecords.$inferInsert)[] = [];
  for (const item of items) {
    const value = item.itemType === ITEM_TYPE.photo || item.itemType === ITEM_TYPE.visual ? null : (readings.get(item.id) ?? null);
    const bad = isAbnormal(value, item);
    let alarmId: number | null = null;
    if (bad) {
      abnormal++;
      alarmId = await deps.raise({
        deviceId,
        // The name as before (an open alarm of the point and item is joined by it); each reader reads its own language's.
        alarmName: `${point.pointName} ${item.itemName}`.slice(0, 64),
        identifier: ROBOT_EVENTS.abnormal,
        value,
        content: abnormalText(defaultLocale, task, point, item, value).content,
        i18n: abnormalTexts(task, point, item, value),
        at,
        attachments: photos.map((url) => ({ url, name: `${point.pointName}.${url.split(".").pop()}`, kind: "image" as const })),
      });
    }
    rows.push({
      tenantId: task.tenantId,
      projectId: task.projectId,
      taskId: task.id,
      trackId: task.trackId,
      pointId: point.id,
      itemId: item.id,
      deviceId,
      taskName: task.taskName,
      trackName: track?.trackName ?? "",
      pointName: point.pointName,
      itemName: item.itemName,
      itemType: item.itemType,
      deviceName: robot?.deviceName ?? "",
      i18n: item.i18n?.itemName || Object.keys(names).length ? { ...names, ...(item.i18n?.itemName && { itemName: item.i18n.itemName }) } : null,
      value,
      unit: item.unit,
      inspectStatus: bad ? INSPECT_STATUS.abnormal : INSPECT_STATUS.normal,
      photos,
      alarmId,
      recordedAt: at,
    });
  }
  // Arrivals of one task may overlap (a camera frame takes seconds): the task's row is locked and read
  // afresh, so every point done counts. A point counts once however often the robot reports it, whether or not it has items.
  await db.transaction(async (tx) => {
    const [fresh] = await tx.select({ pointDone: robotTasks.pointDone, pointTotal: robotTasks.pointTotal }).from(robotTasks).where(eq(robotTasks.id, task.id)).for("update");
    const [{ seen }] = await tx.select({ seen: countDistinct(robotRecords.id) }).from(robotRecords).where(and(eq(robotRecords.taskId, task.id), eq(robotRecords.pointId, point.id)));
    await writeRecords(tx, rows);
    const done = fresh.pointDone + (seen ? 0 : 1);
    const finished = done >= fresh.pointTotal;
    // Only a running task moves; its daily counts move with it (running → done when the last point is reached).
    const moved = await tx
      .update(robotTasks)
      .set({
        pointDone: done,
        abnormalCount: sql`${robotTasks.abnormalCount} + ${abnormal}`,
        ...(finished ? { patrolStatus: PATROL_STATUS.done, runStatus: RUN_STATUS.success, endedAt: at } : {}),
        updatedAt: at,
      })
      .where(and(eq(robotTasks.id, task.id), eq(robotTasks.patrolStatus, PATROL_STATUS.running)))
      .returning(taskState);
    await moveTaskDays(tx, moved.map((r) => ({ ...r, patrolStatus: PATROL_STATUS.running })), moved);
  });
  return rows.length;
}

/** Listens to the ingest's stored events for robots' arrivals. */
export function attachRobotRecords(ingest: Ingest, db: Db, deps: RecordDeps) {
  const onTelemetry = (points: IngestPoint[]) => {
    for (const p of points) {
      if (p.identifier !== ROBOT_EVENTS.arrived || !p.txt) continue;
      let a: Arrival;
      try {
        a = JSON.parse(p.txt) as Arrival;
      } catch {
        continue;
      }
      void recordArrival(db, deps, p.deviceId, p.ts, a).catch((err) => console.error("[robot] arrival not recorded:", (err as Error).message));
    }
  };
  ingest.on("telemetry", onTelemetry);
  return () => void ingest.off("telemetry", onTelemetry);
}

/**
 * Starts the due tasks: the oldest not-started task whose slot has come, one per robot with no
 * running task. Conditional updates, so two instances never start two tasks on one robot.
 */
export async function dispatchTasks(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: robotTasks.id, deviceId: robotTasks.deviceId })
    .from(robotTasks)
    .where(and(eq(robotTasks.patrolStatus, PATROL_STATUS.notStarted), sql`${robotTasks.slotAt} <= ${now.toISOString()}::timestamptz`, sql`${robotTasks.dueAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(robotTasks.slotAt))
    .limit(1000);
  const robots = [...new Set(due.map((d) => d.deviceId))];
  if (!robots.length) return 0;
  const busy = new Set((await db.select({ deviceId: robotTasks.deviceId }).from(robotTasks).where(and(inArray(robotTasks.deviceId, robots), eq(robotTasks.patrolStatus, PATROL_STATUS.running)))).map((r) => r.deviceId));
  let started = 0;
  for (const deviceId of robots) {
    if (busy.has(deviceId)) continue;
    const first = due.find((d) => d.deviceId === deviceId)!;
    // Not started → running moves no count today; it goes through the daily counts all the same, as every change of status does.
    const row = await db.transaction(async (tx) => {
      const moved = await tx
        .update(robotTasks)
        .set({ patrolStatus: PATROL_STATUS.running, runStatus: RUN_STATUS.running, startedAt: now, updatedAt: now })
        .where(and(eq(robotTasks.id, first.id), eq(robotTasks.patrolStatus, PATROL_STATUS.notStarted), sql`not exists (select 1 from robot_tasks r where r.device_id = ${deviceId} and r.patrol_status = ${PATROL_STATUS.running})`))
        .returning(taskState);
      await moveTaskDays(tx, moved.map((r) => ({ ...r, patrolStatus: PATROL_STATUS.notStarted })), moved);
      return moved[0];
    });
    if (row) started++;
  }
  return started;
}
