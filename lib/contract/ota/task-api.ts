import { z } from "zod";
import { defineCall, empty, pageOf, typed } from "../call";
import { dbId, idQuery, pageQuery } from "../common";
import { crudCalls } from "../entity-calls";
import { optional } from "../validation";
import { OTA_DEVICE_STATUSES, OTA_PHASES, OTA_SOURCES, OTA_TARGETS } from "./enums";
import { otaTask, type OtaTask } from "./task";

/** The OTA screens: the list (packages and tasks) and a task's detail, which reads through the list's access. A task's
 * calls are declared apart from the packages' (`api.ts`), so the task's page does not carry the package contract. */
export const OTA_SCREEN = "/OTAUpdate";
export const otaRead = { menu: [OTA_SCREEN] } as const;
export const OTA_ADD = "dev:ota:add";
export const OTA_UPD = "dev:ota:upd";

/** A device of a task: its status (core §4), the phase, progress, bytes served, attempts and error. */
export const otaTaskDevice = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  status: z.number().int(),
  phase: z.enum(OTA_PHASES),
  progress: z.number().int(),
  bytesServed: z.number(),
  attempt: z.number().int(),
  batch: z.number().int(),
  fromVersion: z.string().nullable(),
  currentVersion: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  queuedAt: z.string().nullable(),
  notifiedAt: z.string().nullable(),
  firstProgressAt: z.string().nullable(),
  lastProgressAt: z.string().nullable(),
  doneAt: z.string().nullable(),
});
export type OtaTaskDevice = z.infer<typeof otaTaskDevice>;

/** One change of a task device, with its source: the answer to "why is it stuck". */
export const otaEvent = z.object({ id: z.number(), at: z.string(), source: z.enum(OTA_SOURCES), status: z.number().int(), phase: z.string(), progress: z.number().int(), text: z.string() });
export type OtaEvent = z.infer<typeof otaEvent>;

const statusFilter = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().pipe(z.custom<number>((n) => (OTA_DEVICE_STATUSES as readonly number[]).includes(n as number), "validation.invalidOption")).optional());
export const otaDeviceQuery = pageQuery.extend({ taskId: dbId, status: statusFilter, keyword: optional(z.string().max(64, "validation.maxLength")) });

/** Devices of a task per status (the detail's tabs), with the whole and the rollout's figures. */
export const otaNums = z.object({
  total: z.number().int(),
  toUpgrade: z.number().int(),
  upgrading: z.number().int(),
  cancelled: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  /** Devices of the first batch, and how many of them finished. */
  batchSize: z.number().int(),
  batchDone: z.number().int(),
  /**
   * Minutes left while the task runs: its devices not yet offered at the pace the dry run projects (the slower of the rate
   * and the cap on downloads at once, which `etaBound` names), and those under way finishing; null when nothing runs.
   */
  etaMin: z.number().nullable(),
  etaBound: z.enum(["rate", "cap"]).nullable(),
});
export type OtaNums = z.infer<typeof otaNums>;

/** The versions a product's devices run (one module), with how many run each: the package list's "devices on this version". */
export const otaVersion = z.object({ version: z.string(), devices: z.number().int() });
export const otaVersionQuery = z.object({ productId: dbId, module: optional(z.string().max(32)) });

/** `oper`: start a task now (a scheduled one), pause, resume (past a gate too), or retry its failed devices. */
export const OTA_OPERS = ["start", "pause", "resume", "retry"] as const;
export const otaOperBody = z.object({ id: dbId, action: z.enum(OTA_OPERS, "validation.invalidOption") });

/**
 * The dry run of a task: devices targeted by their current version, online now, already on the target, and the projected
 * duration at the rate and under the cap on devices downloading at once (`downloadS` a download holds its place, from the
 * product's past downloads or an estimate; `bound` says which of the two sets the pace).
 */
export const otaPreviewBody = z.object({
  packageId: dbId,
  target: z.coerce.number().pipe(z.custom<number>((n) => (OTA_TARGETS as readonly number[]).includes(n as number), "validation.invalidOption")),
  projectId: z.preprocess((v) => (v === "" || v === 0 ? null : v), dbId.nullable().optional()),
  deviceIds: z.array(dbId).max(10_000, "validation.maxItems").default([]),
  rate: optional(z.coerce.number().int().min(10, "validation.min").max(10_000, "validation.max")),
  maxDownloads: optional(z.coerce.number().int().min(1, "validation.min").max(10_000, "validation.max")),
});
export const otaPreview = z.object({
  targeted: z.number().int(),
  online: z.number().int(),
  alreadyOn: z.number().int(),
  pullOnly: z.number().int(),
  busy: z.number().int(),
  byVersion: z.array(otaVersion),
  projectedMin: z.number(),
  maxDownloads: z.number().int(),
  downloadS: z.number(),
  downloadBasis: z.enum(["history", "estimate"]),
  capPerMin: z.number(),
  bound: z.enum(["rate", "cap"]),
});
export type OtaPreview = z.infer<typeof otaPreview>;

/** A device a package's task may name (the "device list" target's choices): what it runs of the package's module, online, busy in another task. */
export const otaCandidate = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string(), version: z.string().nullable(), online: z.boolean(), busy: z.boolean() });
export type OtaCandidate = z.infer<typeof otaCandidate>;

/**
 * Upgrade tasks (device otaTask, core §7): page, add, upd (before it starts), info, del (not while
 * it runs), oper, close (cancels it), nums, pageDevice, deviceCloseUp (cancels one device), the
 * dry run, the devices a package may target and a device's event log.
 */
export const otaTaskApi = {
  ...crudCalls(otaTask, { only: ["page", "info", "add", "upd", "del"], read: otaRead }),
  oper: defineCall({ kind: "post", path: "device/otaTask/oper", input: otaOperBody, answer: typed<OtaTask>(), access: { perm: OTA_UPD } }),
  close: defineCall({ kind: "post", path: "device/otaTask/close", input: idQuery, answer: empty, access: { perm: OTA_UPD } }),
  nums: defineCall({ kind: "get", path: "device/otaTask/nums", input: idQuery, answer: otaNums, access: otaRead }),
  pageDevice: defineCall({ kind: "get", path: "device/otaTask/pageDevice", input: otaDeviceQuery, answer: pageOf(otaTaskDevice), access: otaRead }),
  deviceCloseUp: defineCall({ kind: "post", path: "device/otaTask/deviceCloseUp", input: idQuery, answer: empty, access: { perm: OTA_UPD } }),
  preview: defineCall({ kind: "post", path: "device/otaTask/preview", input: otaPreviewBody, answer: otaPreview, access: { perm: OTA_ADD } }),
  candidates: defineCall({ kind: "get", path: "device/otaTask/candidates", input: z.object({ packageId: dbId }), answer: z.array(otaCandidate), access: { perm: [OTA_ADD, OTA_UPD] } }),
  deviceLog: defineCall({ kind: "get", path: "device/otaTask/deviceLog", input: idQuery, answer: z.array(otaEvent), access: otaRead }),
};

export type { OtaTask };
