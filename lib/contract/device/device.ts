import { z } from "zod";
import { defineCall, empty, typed } from "../call";
import { idQuery, idsBody } from "../common";
import { defineEntity, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import type { Page } from "../envelope";
import { integerIn, optional, text } from "../validation";
import { POWER_SUPPLIES } from "./enums";
import { i18nField } from "../i18n-text";
import { DEVICE_READERS } from "./readers";

export { DEVICE_READERS };

/** Device status (core §4): 1 inactive, 2 online, 3 offline. */
export const DEVICE_STATUS = { inactive: 1, online: 2, offline: 3 } as const;
/** Channel number 1–9999 and reporting cycle 0–31536000 s, 0 meaning "no effect" (core §5). */
export const CHANNEL = { min: 1, max: 9999 } as const;
export const REPORT_CYCLE = { min: 0, max: 31_536_000 } as const;

const id = z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);
const decimal = (min: number, max: number) => optional(z.coerce.number({ error: "validation.number" }).min(min, "validation.min").max(max, "validation.max"));
/** SN and gateway SN: letters, digits, `-` and `_` (they are MQTT topic levels and the MQTT username). */
const snRule = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.maxLength").regex(/^[A-Za-z0-9_-]+$/, "validation.format");

/**
 * Device (core §3): name, SN, model, product, project, space, gateway SN, channel, activation time,
 * position, drawing number, battery, firmware, enabled, status, secret key, reporting cycle, power
 * supply. The secret is never a field: the cloud generates it, shows it once and keeps its hash.
 */
export const device = defineEntity({
  ns: "devices.device",
  api: "device/device", perm: "dev:device", scope: "project",
  fields: {
    /** In form order; the list shows those not marked `list: false` in the same order. */
    deviceName: rowName(64, { import: true }),
    id: { kind: "id", readOnly: true, form: false },
    deviceSn: { schema: snRule, search: "contains", sort: true, import: true },
    status: { kind: "status", dict: "deviceStatus", readOnly: true, search: "eq", sort: true },
    lastReportTime: { kind: "datetime", readOnly: true, sort: true, search: "range", range: ["reportStart", "reportEnd"] },
    deviceModel: { schema: text(64), list: false, export: true, import: true },
    productId: { schema: id, kind: "select", search: "eq", list: false, detail: false, export: false, import: true },
    /** Names of the product, project and space beside their ids (the cloud joins them). */
    prodName: { kind: "text", readOnly: true },
    projectId: { schema: optional(id), kind: "select", list: false, detail: false, export: false },
    prjName: { kind: "text", readOnly: true, list: false },
    spaceId: { schema: optional(id), kind: "select", search: "eq", list: false, detail: false, export: false },
    spaceName: { kind: "text", readOnly: true },
    gatewaySn: { schema: optional(snRule), search: "contains", list: false, import: true },
    channelNo: { schema: optional(integerIn(CHANNEL.min, CHANNEL.max)), kind: "number", min: CHANNEL.min, max: CHANNEL.max, list: false, import: true },
    activeTime: { kind: "datetime", readOnly: true, sort: true, list: false, export: true },
    longitude: { schema: decimal(-180, 180), kind: "number", min: -180, max: 180, floatNum: 6, list: false, import: true },
    latitude: { schema: decimal(-90, 90), kind: "number", min: -90, max: 90, floatNum: 6, list: false, import: true },
    altitude: { schema: decimal(-1000, 10000), kind: "number", floatNum: 2, list: false, import: true },
    drawingNo: { schema: text(64), list: false, import: true },
    battery: { schema: decimal(0, 100), kind: "number", min: 0, max: 100, sort: true },
    signal: { kind: "number", readOnly: true },
    firmwareVersion: { schema: text(64), import: true },
    enableStatus: { schema: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: "validation.invalidOption" })).default(1), kind: "switch", dict: "enableState", search: "eq" },
    reportCycle: { schema: integerIn(REPORT_CYCLE.min, REPORT_CYCLE.max), kind: "number", min: REPORT_CYCLE.min, max: REPORT_CYCLE.max, list: false, export: true, import: true },
    powerSupply: { schema: optional(z.enum(POWER_SUPPLIES, { error: "validation.invalidOption" })), kind: "select", dict: "powerSupply", list: false, import: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, list: false },
    i18n: i18nField,
  },
});

export type Device = RowOf<typeof device.fields>;
export type DeviceBody = z.infer<typeof device.body>;

/** A value as the real-time view shows it: the newest per property. */
export type LatestValue = { identifier: string; ts: string; num: number | null; txt: string | null };
/**
 * A device's MQTT credentials: `add` and `resetSecret` answer them, the only time the secret is
 * ever shown (the cloud keeps its hash). `broker` is the MQTT address devices connect to.
 */
export const deviceCredentials = z.object({
  id: z.number().int(),
  deviceSn: z.string(),
  productId: z.number().int(),
  secret: z.string(),
  broker: z.object({ host: z.string(), port: z.number().int() }).nullable(),
  /** A first report's `params`: the product's properties with plausible values (the examples publish it). */
  example: z.record(z.string(), z.unknown()),
});
export type DeviceCredentials = z.infer<typeof deviceCredentials>;
/** `add` answers the new row and its credentials. */
export type DeviceAdded = Device & { credentials: DeviceCredentials };
/** The route that gives a device a new secret (the old one stops working at once). */
export const RESET_SECRET = "resetSecret";

/** updSn: a device's new SN (its topics and MQTT username change with it). */
export const snBody = z.object({ id, deviceSn: snRule });
/** bind / unBind: devices under a gateway (by its SN), each on its channel; unBind takes the ids only. */
export const gatewayBindBody = z.object({ ids: z.array(id).min(1, "validation.minItems").max(500, "validation.maxItems"), gatewaySn: snRule, channelNo: optional(integerIn(CHANNEL.min, CHANNEL.max)) });
/** delDataByTime: a device's stored values within a time range (both ends optional: all of it). */
export const delDataBody = z
  .object({ ids: z.array(id).min(1, "validation.minItems").max(500, "validation.maxItems"), startTime: optional(z.coerce.date({ error: "validation.format" })), endTime: optional(z.coerce.date({ error: "validation.format" })) })
  .refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, { message: "validation.endBeforeStart", path: ["endTime"] });
/** pageAdmin: every tenant's devices, narrowed to one tenant when given. */
export const adminPageQuery = device.query.extend({ tenantId: optional(id) });
export type AdminDevice = Device & { tenantName: string | null };
/** deviceTreeByProdId: the project's devices under their products (one product when given), devices as `subItem`. */
export type DeviceTreeNode = { id: number; name: string; productId: number; sn?: string; subItem?: DeviceTreeNode[] };

/**
 * Online, but the newest value is older than two reporting cycles: the device says it is there
 * and yet its data has stopped (a frozen sensor, a stuck gateway).
 */
export function isStale(row: Pick<Device, "status" | "lastReportTime" | "reportCycle">, now: number): boolean {
  if (Number(row.status) !== DEVICE_STATUS.online || !row.reportCycle || !row.lastReportTime) return false;
  return now - Date.parse(row.lastReportTime) > 2 * row.reportCycle * 1000;
}

/** Signal strength in dBm as 0–4 bars (the kit's wifi-signal): ≥ -65 excellent … < -95 none. */
export function signalLevel(dbm: number | null | undefined): number {
  if (dbm === null || dbm === undefined || !Number.isFinite(dbm)) return 0;
  return [-95, -85, -75, -65].filter((edge) => dbm >= edge).length;
}

/** setCycleData: the reporting cycle sent to the device. */
export const cycleBody = z.object({ id, reportCycle: integerIn(REPORT_CYCLE.min, REPORT_CYCLE.max) });

/** A device as pickers list it: the project's devices by name. */
export const pickerDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string(), productId: z.number().int(), status: z.number().int() });
export type PickerDevice = z.infer<typeof pickerDevice>;

const read = { menu: DEVICE_READERS };
const write = { perm: "dev:device:upd" };

/**
 * device (core §3, §7): the call's project's devices — the entity's list, info, export, template,
 * import and switch, and the device's own page (a cached count), add (answering the new secret),
 * upd, del (refused while data or sub-devices remain), SN, secret, gateway binding, data deletion,
 * the pickers, and every tenant's devices for the platform (pageAdmin).
 */
export const deviceApi = {
  ...crudCalls(device, {
    only: ["page", "list", "info", "upd", "del", "openOrClose", "export", "template", "import"],
    read,
    paths: { export: "deviceListExport", import: "deviceListImport" },
  }),
  add: defineCall({ kind: "post", path: "device/device/add", input: device.body, answer: typed<DeviceAdded>(), access: { perm: "dev:device:add" }, scope: "project" }),
  updSn: defineCall({ kind: "post", path: "device/device/updSn", input: snBody, answer: typed<Device>(), access: write, scope: "project" }),
  resetSecret: defineCall({ kind: "post", path: `device/device/${RESET_SECRET}`, input: idQuery, answer: deviceCredentials, access: write, scope: "project" }),
  open: defineCall({ kind: "post", path: "device/device/open", input: idQuery, answer: empty, access: write, scope: "project" }),
  close: defineCall({ kind: "post", path: "device/device/close", input: idQuery, answer: empty, access: write, scope: "project" }),
  bind: defineCall({ kind: "post", path: "device/device/bind", input: gatewayBindBody, answer: z.object({ bound: z.number().int() }), access: write, scope: "project" }),
  unBind: defineCall({ kind: "post", path: "device/device/unBind", input: idsBody, answer: z.object({ unbound: z.number().int() }), access: write, scope: "project" }),
  delData: defineCall({ kind: "post", path: "device/device/delDataByTime", input: delDataBody, answer: z.object({ deleted: z.number().int() }), access: { perm: "dev:device:del" }, scope: "project" }),
  subDevices: defineCall({ kind: "get", path: "device/device/subDeviceList", input: idQuery, answer: typed<Device[]>(), access: read, scope: "project" }),
  picker: defineCall({ kind: "get", path: "device/device/allDevByPrj", answer: z.array(pickerDevice), access: read, scope: "project" }),
  bySn: defineCall({
    kind: "get",
    path: "device/device/snIdCode",
    input: z.object({ sn: z.string().trim().min(1, "validation.required").max(64, "validation.maxLength") }),
    answer: z.object({ id: z.number().int(), deviceSn: z.string(), deviceName: z.string(), productId: z.number().int() }),
    access: read,
    scope: "project",
  }),
  // The alarm rule form picks a device of the rule's product from this tree too.
  tree: defineCall({ kind: "get", path: "device/device/deviceTreeByProdId", input: z.object({ productId: optional(id) }), answer: typed<DeviceTreeNode[]>(), access: { menu: [...DEVICE_READERS, "/alarm/alarmRule"] }, scope: "project" }),
  // The platform's allDevices screen: every tenant's devices (the handler checks the caller is the platform's).
  // The one screen that lists every tenant's devices; the cloud also keeps it to the platform.
  pageAdmin: defineCall({ kind: "get", path: "device/device/pageAdmin", input: adminPageQuery, answer: typed<Page<AdminDevice>>(), access: { menu: ["/devices/allDevices"] }, scope: "own" }),
};
