import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { DEVICE_STATUS } from "@/lib/contract/device/device";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import {
  isStop,
  ROBOT_AUDIO,
  ROBOT_CAMERA_SERVICES,
  ROBOT_LEASE_MS,
  ROBOT_RESULT,
  ROBOT_STOP_WAIT_S,
  robotConsoleApi,
  type RobotDriver,
  type RobotTrigger,
} from "@/lib/contract/robot/control";
import { ROBOT_AUDIO_CODES, ROBOT_AUDIO_PARAMS, ROBOT_CONTROL_CODES, ROBOT_CONTROL_PARAMS, ROBOT_LIFTER_CODES, ROBOT_LIFTER_PARAMS, ROBOT_MODE_PARAMS, ROBOT_SERVICES, ROBOT_TTL_MS } from "@/lib/contract/robot/robot";
import type { Db } from "../../db/client";
import type { OpsDevice } from "../../db/queries/device-ops";
import { visibleProjects } from "../../db/queries/projects";
import { forgetFiles, recordFile } from "../../db/queries/stored-files";
import { deviceCommands, devices, productFunctions, projects, robotCommands, robotDrivers } from "../../db/schema";
import { commandsOf, type CommandRow } from "../../ingest/commands";
import type { Ctx } from "../../lib/context";
import { deviceFor, dispatchCommand } from "../../lib/devices";
import { signature, signatureMatches } from "../../lib/crypto";
import { requestingDevice } from "../../lib/device-auth";
import { fileResponse, MULTIPART_SLACK, parseStoredPath, receiveUpload } from "../../lib/files";
import { AppError, badRequest, notFound } from "../../lib/http";
import { assertStorageRoom } from "../../lib/storage";
import { t } from "../../lib/i18n";
import { tenantScope } from "../../lib/scope";
import { serve } from "../../lib/serve";
import { deviceNameIn, projectNameIn } from "../../db/queries/names";
import { robotTrackOf, trackMarksOf } from "../../db/queries/robots";
import { displayZone } from "@/lib/format";

/** Products whose thing model has the robot's drive service: their devices are robots. */
const robotProducts = (db: Db) =>
  db
    .select({ productId: productFunctions.productId })
    .from(productFunctions)
    .where(and(sql`${productFunctions.definition}->>'identifier' = ${ROBOT_SERVICES.control}`, sql`(${productFunctions.definition}->>'funcType')::int = ${FUNC_TYPE.service}`));

/** The caller's robot: another tenant's or an unseen project's device is not found; a device that is no robot is refused. */
async function robotFor(c: Ctx, id: number): Promise<OpsDevice> {
  const d = await deviceFor(c, id);
  const [robot] = await c.var.deps.db.select({ id: devices.id }).from(devices).where(and(eq(devices.id, d.id), inArray(devices.productId, robotProducts(c.var.deps.db))));
  if (!robot) throw badRequest("cloud.robot.notRobot", { name: d.name });
  return d;
}

const now = (c: Ctx) => c.var.deps.now();
const callerName = (c: Ctx) => c.var.auth.realname || c.var.auth.username;

/** The robot's driver while the lease runs. */
async function driverOf(c: Ctx, deviceId: number) {
  const [row] = await c.var.deps.db.select().from(robotDrivers).where(and(eq(robotDrivers.deviceId, deviceId), gt(robotDrivers.expiresAt, now(c))));
  return row;
}

const asDriver = (row: typeof robotDrivers.$inferSelect, holder: string | undefined): RobotDriver => ({ userId: row.userId, name: row.userName, since: row.takenAt.toISOString(), mine: holder !== undefined && row.holder === holder });

/**
 * Takes or renews the lease for this socket, in one statement so two consoles on two instances
 * cannot both win: the row is written only when it is free, lapsed, this socket's, or (a
 * take-over) in any case. Answers the row, or undefined when another socket drives.
 */
async function lease(c: Ctx, d: OpsDevice, holder: string, force: boolean) {
  const t = now(c);
  const values = { deviceId: d.id, tenantId: d.tenantId, userId: c.var.auth.userId, userName: callerName(c), holder, takenAt: t, expiresAt: new Date(t.getTime() + ROBOT_LEASE_MS) };
  const [row] = await c.var.deps.db
    .insert(robotDrivers)
    .values(values)
    .onConflictDoUpdate({
      target: robotDrivers.deviceId,
      set: {
        tenantId: values.tenantId,
        userId: values.userId,
        userName: values.userName,
        holder,
        takenAt: sql`case when ${robotDrivers.holder} = ${holder} then ${robotDrivers.takenAt} else ${t.toISOString()}::timestamptz end`,
        expiresAt: values.expiresAt,
      },
      setWhere: force ? undefined : sql`${robotDrivers.holder} = ${holder} or ${robotDrivers.expiresAt} <= ${t.toISOString()}::timestamptz`,
    })
    .returning();
  return row;
}

type Audit = { device: OpsDevice; service: string; code: string; trigger: RobotTrigger; commandId?: number; message?: string };
async function audit(c: Ctx, a: Audit) {
  const [row] = await c.var.deps.db
    .insert(robotCommands)
    .values({ tenantId: a.device.tenantId, projectId: a.device.projectId, deviceId: a.device.id, commandId: a.commandId, userId: c.var.auth.userId, userName: callerName(c), service: a.service, code: a.code, trigger: a.trigger, sentAt: now(c), message: a.message?.slice(0, 200) })
    .returning({ id: robotCommands.id });
  return row.id;
}

/** A refusal, audited before it is thrown. */
async function refuse(c: Ctx, a: Omit<Audit, "message">, key: string, values: Record<string, string | number> = {}): Promise<never> {
  await audit(c, { ...a, message: t(c.var.locale, key, values) });
  throw new AppError(Code.BAD_REQUEST, key, values);
}

/** The command's result and round trip as the audit shows them. */
const outcome = (row: CommandRow) => ({ result: row.status, rttMs: row.answeredAt ? row.answeredAt.getTime() - row.sentAt.getTime() : null });

/**
 * One drive command (widgets §7): a press is sent with the time-to-live after which the robot stops
 * by itself and answers once sent (its repeats within the TTL fold onto one audited command); a
 * stop answers once the robot acknowledged. Only the socket holding the lock moves the robot; a stop
 * is taken from any driver's console (stopping is never refused for want of the lock).
 */
async function drive(c: Ctx, body: { deviceId: number; holder: string; trigger?: RobotTrigger }, service: string, param: string, code: string, stop: boolean) {
  const device = await robotFor(c, body.deviceId);
  const trigger = body.trigger ?? (stop ? "release" : "press");
  const a = { device, service, code, trigger };
  if (!stop) {
    const driver = await driverOf(c, device.id);
    if (!driver) await refuse(c, a, "cloud.robot.notDriving", { name: device.name });
    else if (driver.holder !== body.holder) await refuse(c, a, "cloud.robot.drivenBy", { name: driver.userName });
  }
  let row: CommandRow;
  try {
    row = await dispatchCommand(c, { device, cmdType: "service", identifier: service, params: { [param]: code, ...(stop ? {} : { ttlMs: ROBOT_TTL_MS }) }, timeoutS: ROBOT_STOP_WAIT_S, foldMs: stop ? undefined : ROBOT_TTL_MS });
  } catch (err) {
    if (err instanceof AppError) await refuse(c, a, err.key, err.values as Record<string, string>);
    throw err;
  }
  // A held press's repeat is counted on its first sending's row and audit line (written by that sending, never by a repeat).
  if (row.repeats > 1) {
    const [line] = await c.var.deps.db.select({ id: robotCommands.id }).from(robotCommands).where(eq(robotCommands.commandId, row.id)).orderBy(desc(robotCommands.id)).limit(1);
    return { logId: line?.id ?? 0, ...outcome(row) };
  }
  const logId = await audit(c, { ...a, commandId: row.id });
  if (!stop) return { logId, ...outcome(row) };
  return { logId, ...outcome(await commandsOf(c.var.deps.ingest!).wait(row.id)) };
}

/** A service the robot answers (mode, cameras): sent, waited for, audited; its reply's params. */
async function ask(c: Ctx, device: OpsDevice, service: string, params: Record<string, unknown>, trigger: RobotTrigger) {
  const code = String(Object.values(params).join(","));
  const row = await dispatchCommand(c, { device, cmdType: "service", identifier: service, params, timeoutS: 5 }).catch(async (err: unknown) => {
    if (err instanceof AppError) await refuse(c, { device, service, code, trigger }, err.key, err.values as Record<string, string>);
    throw err;
  });
  const logId = await audit(c, { device, service, code, trigger, commandId: row.id });
  const done = await commandsOf(c.var.deps.ingest!).wait(row.id);
  const reply = done.status === COMMAND_STATUS.success && done.reply ? ((JSON.parse(done.reply) as { params?: Record<string, unknown> }).params ?? {}) : null;
  return { logId, done, reply };
}

/** Stops a robot's travel and lifter (a take-over ends the previous driver's hold). */
async function stopAll(c: Ctx, device: OpsDevice, holder: string, trigger: RobotTrigger) {
  await drive(c, { deviceId: device.id, holder, trigger }, ROBOT_SERVICES.control, ROBOT_CONTROL_PARAMS.code, ROBOT_CONTROL_CODES.stop, true).catch(() => null);
  await drive(c, { deviceId: device.id, holder, trigger }, ROBOT_SERVICES.lifter, ROBOT_LIFTER_PARAMS.code, ROBOT_LIFTER_CODES.stop, true).catch(() => null);
}

/** Why a command the robot answered failed, by its reply's code (talk-back says which part). */
function failureKey(service: string, replyCode: number | null) {
  if (service !== ROBOT_SERVICES.audio) return "cloud.robot.failed";
  if (replyCode === ROBOT_AUDIO_CODES.noSpeaker) return "cloud.robot.audioNoSpeaker";
  if (replyCode === ROBOT_AUDIO_CODES.format) return "cloud.robot.audioFormat";
  return "cloud.robot.audioFetch";
}

const AUDIO_LINK = "robot-audio";
/** The robot's link to a clip: signed for that robot and that file, until `linkS` from now; at the address devices reach the cloud by. */
function audioLink(c: Ctx, deviceId: number, path: string) {
  const e = Math.floor(now(c).getTime() / 1000) + ROBOT_AUDIO.linkS;
  const base = (c.var.deps.ota?.baseUrl || `/${c.var.deps.config.product}Cloud`).replace(/\/+$/, "");
  const q = new URLSearchParams({ d: String(deviceId), p: path, e: String(e), s: signature(AUDIO_LINK, `${deviceId}|${path}|${e}`) });
  return `${base}/${robotConsoleApi.audioFile.path}?${q}`;
}

async function sha256Of(abs: string) {
  const h = createHash("sha256");
  for await (const chunk of createReadStream(abs)) h.update(chunk as Buffer);
  return h.digest("hex");
}

/**
 * Talk-back: a disabled or offline robot is refused before the clip is read; the clip is stored as
 * an upload no form claims (the file upkeep removes it after a day, the link lasts `linkS`), and the
 * robot is told to fetch and play it. Answers once sent; a refused send drops the clip at once.
 */
async function talk(c: Ctx, deviceId: number, durationMs: number) {
  const device = await robotFor(c, deviceId);
  const { deps } = c.var;
  const a = { device, service: ROBOT_SERVICES.audio, code: (durationMs / 1000).toFixed(1), trigger: "talk" as const };
  if (device.enableStatus !== 1) await refuse(c, a, "deviceOps.refused.disabled", { name: device.name });
  if (device.status !== DEVICE_STATUS.online) await refuse(c, a, "deviceOps.refused.offline", { name: device.name });
  const declared = Number(c.req.header("content-length") ?? NaN);
  await assertStorageRoom(deps.db, device.tenantId, deps.config.storageQuotaMb, Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_SLACK) : 0);
  const stored = await receiveUpload(c.req.raw, { root: deps.config.filesDir, tenantId: device.tenantId, now: now(c), maxBytes: ROBOT_AUDIO.maxMb * 1024 * 1024, accept: ROBOT_AUDIO.exts });
  const abs = join(deps.config.filesDir, stored.path);
  await recordFile(deps.db, { path: stored.path, tenantId: device.tenantId, ownerId: c.var.auth.userId, size: stored.size, now: now(c) });
  const format = stored.path.slice(stored.path.lastIndexOf(".") + 1);
  const params = { [ROBOT_AUDIO_PARAMS.url]: audioLink(c, device.id, stored.path), [ROBOT_AUDIO_PARAMS.format]: format, [ROBOT_AUDIO_PARAMS.size]: stored.size, [ROBOT_AUDIO_PARAMS.sha256]: await sha256Of(abs), [ROBOT_AUDIO_PARAMS.duration]: durationMs };
  let row: CommandRow;
  try {
    row = await dispatchCommand(c, { device, cmdType: "service", identifier: ROBOT_SERVICES.audio, params, timeoutS: ROBOT_AUDIO.answerS });
  } catch (err) {
    await rm(abs, { force: true });
    await forgetFiles(deps.db, [stored.path]);
    if (err instanceof AppError) await refuse(c, a, err.key, err.values as Record<string, string>);
    throw err;
  }
  const logId = await audit(c, { ...a, commandId: row.id });
  return { logId, ...outcome(row) };
}

/** The robot console's calls (issue 36, core §7 devRobotConsole). */
export const robotControlServed = [
  serve(robotConsoleApi.track, async (c, { deviceId }) => {
    const robot = await robotFor(c, deviceId);
    const track = await robotTrackOf(c.var.deps.db, robot);
    return track ? trackMarksOf(c.var.deps.db, track, c.var.locale) : null;
  }),
  serve(robotConsoleApi.robots, async (c, { projectId }) => {
    const db = c.var.deps.db;
    const seen = sql`${devices.projectId} in (select ${projects.id} from ${projects} where ${await visibleProjects(db, c.var.auth)})`;
    const rows = await db
      .select({ id: devices.id, deviceName: deviceNameIn(c.var.locale), deviceSn: devices.deviceSn, projectId: devices.projectId, prjName: projectNameIn(c.var.locale), status: devices.status, driver: robotDrivers })
      .from(devices)
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(robotDrivers, and(eq(robotDrivers.deviceId, devices.id), gt(robotDrivers.expiresAt, now(c))))
      .where(tenantScope(c.var.auth).where(devices, inArray(devices.productId, robotProducts(db)), seen, projectId ? eq(devices.projectId, projectId) : undefined))
      .orderBy(devices.deviceSn);
    return rows.map(({ driver, ...r }) => ({ ...r, projectId: r.projectId!, status: Number(r.status), driver: driver ? asDriver(driver, undefined) : null }));
  }),
  serve(robotConsoleApi.control, (c, b) => drive(c, b, ROBOT_SERVICES.control, ROBOT_CONTROL_PARAMS.code, b.controlType, isStop(b))),
  serve(robotConsoleApi.lifter, (c, b) => drive(c, b, ROBOT_SERVICES.lifter, ROBOT_LIFTER_PARAMS.code, b.lifterDirection, isStop(b))),
  serve(robotConsoleApi.mode, async (c, { deviceId, mode, holder }) => {
    const device = await robotFor(c, deviceId);
    const driver = await driverOf(c, device.id);
    const a = { device, service: ROBOT_SERVICES.mode, code: String(mode), trigger: "mode" as const };
    if (driver && driver.holder !== holder) await refuse(c, a, "cloud.robot.drivenBy", { name: driver.userName });
    const { logId, done } = await ask(c, device, ROBOT_SERVICES.mode, { [ROBOT_MODE_PARAMS.mode]: mode }, "mode");
    if (done.status !== COMMAND_STATUS.success) throw badRequest(done.status === COMMAND_STATUS.timeout ? "cloud.robot.noAnswer" : "cloud.robot.failed", { name: device.name });
    return { logId, ...outcome(done) };
  }),
  serve(robotConsoleApi.camera, async (c, { deviceId, deviceNum, controlType }) => {
    const device = await robotFor(c, deviceId);
    const { reply } = await ask(c, device, ROBOT_CAMERA_SERVICES.picture, { deviceNum, controlType }, "camera");
    if (!reply) throw badRequest("cloud.robot.cameraFailed", { name: device.name });
    return { recording: reply.recording === true };
  }),
  serve(robotConsoleApi.cameraInfo, async (c, { deviceId, deviceNum }) => {
    const device = await robotFor(c, deviceId);
    const { reply } = await ask(c, device, ROBOT_CAMERA_SERVICES.info, { deviceNum, controlType: "getCameraInfo" }, "camera");
    if (!reply) throw badRequest("cloud.robot.cameraFailed", { name: device.name });
    return { recording: reply.recording === true };
  }),
  serve(robotConsoleApi.flv, async (c, { deviceId, deviceNum }) => {
    const device = await robotFor(c, deviceId);
    const media = c.var.deps.cameras;
    if (!media) throw new AppError(Code.BAD_REQUEST, "cloud.video.noMedia");
    const stream = media.streams.flv(`robot-${device.id}-${deviceNum}`, { label: `${device.name} ${deviceNum}`, position: () => ({ pan: 0, tilt: 0 }), zone: displayZone() });
    return new Response(stream, { headers: { "content-type": "video/x-flv", "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  }),
  serve(robotConsoleApi.driver, async (c, { deviceId, holder }) => {
    const device = await robotFor(c, deviceId);
    const row = await driverOf(c, device.id);
    return row ? asDriver(row, holder) : null;
  }),
  serve(robotConsoleApi.take, async (c, { deviceId, holder }) => {
    const device = await robotFor(c, deviceId);
    const row = await lease(c, device, holder, false);
    if (row) return asDriver(row, holder);
    const other = await driverOf(c, device.id);
    throw badRequest("cloud.robot.drivenBy", { name: other?.userName ?? "" });
  }),
  serve(robotConsoleApi.takeover, async (c, { deviceId, holder }) => {
    const device = await robotFor(c, deviceId);
    const before = await driverOf(c, device.id);
    const row = (await lease(c, device, holder, true))!;
    if (before && before.holder !== holder) await stopAll(c, device, holder, "takeover");
    return asDriver(row, holder);
  }),
  serve(robotConsoleApi.release, async (c, { deviceId, holder }) => {
    const device = await robotFor(c, deviceId);
    await c.var.deps.db.delete(robotDrivers).where(and(eq(robotDrivers.deviceId, device.id), eq(robotDrivers.holder, holder)));
    return null;
  }),
  serve(robotConsoleApi.audio, (c, { deviceId, durationMs }) => talk(c, deviceId, durationMs)),
  serve(robotConsoleApi.commandResult, async (c, { deviceId, logId }) => {
    const device = await robotFor(c, deviceId);
    const [row] = await c.var.deps.db
      .select({ line: robotCommands, cmd: { status: deviceCommands.status, replyCode: deviceCommands.replyCode, sentAt: deviceCommands.sentAt, answeredAt: deviceCommands.answeredAt } })
      .from(robotCommands)
      .leftJoin(deviceCommands, eq(deviceCommands.id, robotCommands.commandId))
      .where(and(eq(robotCommands.id, logId), eq(robotCommands.deviceId, device.id)));
    if (!row) throw notFound();
    const { line, cmd } = row;
    const result = cmd?.status ?? ROBOT_RESULT.refused;
    const why = result === COMMAND_STATUS.failed ? failureKey(line.service, cmd?.replyCode ?? null) : result === COMMAND_STATUS.timeout ? "cloud.robot.noAnswer" : null;
    return {
      logId: line.id,
      result,
      rttMs: cmd?.answeredAt && cmd.sentAt ? cmd.answeredAt.getTime() - cmd.sentAt.getTime() : null,
      message: line.message ?? (why ? t(c.var.locale, why, { name: device.name }) : null),
    };
  }),
  // The robot fetches a clip: the link must be signed for it and unexpired, and the robot signed in with its own credentials.
  serve(robotConsoleApi.audioFile, async (c, { d, p, e, s }) => {
    if (!signatureMatches(AUDIO_LINK, `${d}|${p}|${e}`, s)) throw new AppError(Code.FORBIDDEN, "cloud.robot.audioBadLink");
    if (e * 1000 < now(c).getTime()) throw new AppError(Code.FORBIDDEN, "cloud.robot.audioLinkExpired");
    const device = await requestingDevice(c);
    if (device.id !== d) throw new AppError(Code.FORBIDDEN, "cloud.robot.audioNotYours");
    const f = parseStoredPath(c.var.deps.config.filesDir, p);
    const res = f && f.tenantId === device.tenantId ? await fileResponse(f) : null;
    if (!res) throw new AppError(Code.NOT_FOUND, "cloud.robot.audioGone");
    return res;
  }),
  serve(robotConsoleApi.commands, async (c, { deviceId, current, size }) => {
    const device = await robotFor(c, deviceId);
    const db = c.var.deps.db;
    const where = eq(robotCommands.deviceId, device.id);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ line: robotCommands, cmd: { status: deviceCommands.status, repeats: deviceCommands.repeats, sentAt: deviceCommands.sentAt, answeredAt: deviceCommands.answeredAt } })
        .from(robotCommands)
        .leftJoin(deviceCommands, eq(deviceCommands.id, robotCommands.commandId))
        .where(where)
        .orderBy(desc(robotCommands.sentAt), desc(robotCommands.id))
        .limit(size)
        .offset((current - 1) * size),
      db.select({ total: count() }).from(robotCommands).where(where),
    ]);
    return {
      total,
      records: rows.map(({ line, cmd }) => ({
        id: line.id,
        deviceId: line.deviceId,
        deviceName: device.name,
        userName: line.userName,
        service: line.service,
        code: line.code,
        trigger: line.trigger,
        sentAt: line.sentAt.toISOString(),
        repeats: cmd?.repeats ?? 0,
        rttMs: cmd?.answeredAt && cmd.sentAt ? cmd.answeredAt.getTime() - cmd.sentAt.getTime() : null,
        result: cmd?.status ?? ROBOT_RESULT.refused,
        message: line.message,
      })),
    };
  }),
];
