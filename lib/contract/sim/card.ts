import { z } from "zod";
import { defineCall, file, pageOf } from "../call";
import { defineEntity, keyField, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { optional, text } from "../validation";
import { cardsBody, choice, iccid, optionalSimDay, optionalSimId, simDay, simId } from "./common";
import { ofDeviceCall } from "./of-device";
import { SIM_CARD_TYPES, SIM_CARRIERS, SIM_EXPIRING, SIM_IMEI_STATUS, SIM_RENEWAL, SIM_STATUS, SIM_SYNC_STATES } from "./enums";

/**
 * SIM card (core §3): ICCID, carrier, type and pool, plan, customer and bound device, tags, status
 * (core §4) beside the carrier's raw status and stop reason, dates, renewal, quota / used /
 * remaining with the day the use is known to (carriers report a day late, T+1), and the last sync.
 */
export const simCard = defineEntity({
  ns: "sim.card",
  api: "device/simCard", perm: "dev:simCard",
  nameField: "iccid",
  fields: {
    id: keyField,
    iccid: { schema: iccid, search: "endsWith", sort: true, import: true, width: 200 },
    carrier: { schema: choice(SIM_CARRIERS), kind: "select", dict: "simCarrier", search: "eq", import: true },
    status: { schema: choice(SIM_STATUS), readOnly: true, kind: "status", dict: "simStatus", search: "eq" },
    carrierStatus: { kind: "text", readOnly: true, list: false },
    stopReason: { kind: "text", readOnly: true, list: false },
    cardType: { schema: z.preprocess((v) => (v === null || v === "" ? undefined : v), choice(SIM_CARD_TYPES).default("SINGLE")), kind: "select", dict: "simCardType", search: "eq", import: true },
    poolCode: { schema: text(64), search: "eq", import: true, list: false },
    msisdn: { schema: optional(z.string().trim().regex(/^\d{5,20}$/, "validation.sim.msisdn")), import: true },
    imsi: { schema: optional(z.string().trim().regex(/^\d{15}$/, "validation.sim.imsi")), import: true, list: false },
    imei: { kind: "text", readOnly: true, list: false },
    imeiStatus: { schema: choice(SIM_IMEI_STATUS), readOnly: true, kind: "select", dict: "simImeiStatus", search: "eq" },
    productId: { schema: optionalSimId, kind: "select", search: "eq", list: false, detail: false, export: false },
    prodName: { kind: "text", readOnly: true },
    customerId: { schema: optionalSimId, kind: "select", search: "eq", list: false, detail: false, export: false },
    custName: { kind: "text", readOnly: true },
    deviceId: { schema: optionalSimId, kind: "select", list: false, detail: false, export: false },
    deviceName: { kind: "text", readOnly: true, list: false },
    deviceSn: { kind: "text", readOnly: true, list: false, export: false },
    /** The bound device's state (1 inactive, 2 online, 3 offline) and its last message. */
    deviceStatus: { kind: "select", dict: "deviceStatus", readOnly: true, list: false, export: false },
    lastReportTime: { kind: "datetime", readOnly: true, list: false, export: false },
    tags: { schema: z.array(z.string()), readOnly: true, kind: "custom", list: false },
    quotaMb: { kind: "number", readOnly: true, floatNum: 2 },
    usedMb: { kind: "number", readOnly: true, floatNum: 2, sort: true },
    usagePct: { kind: "number", readOnly: true, floatNum: 2 },
    usageAsOf: { kind: "date", readOnly: true },
    activatedAt: { kind: "date", readOnly: true, list: false },
    expireAt: { schema: optionalSimDay, kind: "date", sort: true, import: true },
    renewal: { schema: choice(SIM_RENEWAL), readOnly: true, kind: "select", dict: "simRenewal", search: "eq" },
    syncedAt: { kind: "datetime", readOnly: true, list: false },
    syncResult: { kind: "text", readOnly: true, list: false },
    remark: { schema: text(500), kind: "textarea", full: true, list: false, import: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, list: false },
  },
});
export type SimCard = RowOf<typeof simCard.fields>;

const flag = z.preprocess((v) => (v === "" || v === null || v === undefined ? undefined : v === "1" || v === "true" || v === true || v === 1), z.boolean().optional());

/**
 * The card list's filters beyond its fields: a tag, cards expiring within 7 or 30 days, cards over
 * 80 % of their quota, a pasted list of ICCIDs, and cards bound to no device. The ICCID field
 * itself is searched by its last digits (`endsWith`).
 */
export const simCardFilters = simCard.filters.extend({
  tag: optional(z.string().trim().max(32, "validation.maxLength")),
  expiring: z.preprocess((v) => (v === "" || v === null ? undefined : v), choice(SIM_EXPIRING).optional()),
  overQuota: flag,
  iccidList: z.preprocess((v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v), z.array(z.string().max(20)).max(10_000, "validation.maxItems").optional()),
  /** Cards bound to no device (the device page's bind picker). */
  unbound: flag,
});
export const simCardQuery = simCard.query.extend(simCardFilters.shape);
/** Above this share of its quota a card counts as "over quota" (list filter, statistics). */
export const OVER_QUOTA_PCT = 80;

/** The usage chart's range: at most 31 days (core §9). */
export const USAGE_RANGE_DAYS = 31;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;
/**
 * One card's use (`id`), or without it the tenant's cards' summed (optionally one carrier's) with
 * the cards that used the most over the range (`top`): the statistics screen.
 */
export const useChartQuery = z
  .object({ id: z.preprocess((v) => (v === "" || v === null ? undefined : v), simId.optional()), carrier: z.preprocess((v) => (v === "" || v === null ? undefined : v), choice(SIM_CARRIERS).optional()), startDate: simDay, endDate: simDay })
  .superRefine((v, ctx) => {
    const n = daysBetween(v.startDate, v.endDate);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["endDate"], message: "validation.endBeforeStart" });
    else if (n > USAGE_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: "validation.sim.usageRange", params: { max: USAGE_RANGE_DAYS } });
  });

export const usageChart = z.object({
  days: z.array(z.object({ day: z.string(), usedMb: z.number() })),
  months: z.array(z.object({ month: z.string(), usedMb: z.number() })),
  totalMb: z.number(),
  usageAsOf: z.string().nullable(),
  /** Days until the quota runs out at the last 7 days' rate; null when nothing is used or no quota (and for the tenant's cards together). */
  runOutDays: z.number().nullable(),
  /** The tenant's chart only: the cards that used the most over the range, most first. */
  top: z.array(z.object({ id: z.number().int(), iccid: z.string(), carrier: z.string(), deviceName: z.string().nullable(), usedMb: z.number() })).optional(),
});
/** How many cards the statistics' top list names. */
export const USAGE_TOP = 10;
export type UsageChart = z.infer<typeof usageChart>;

const count = z.number().int().nonnegative();
export const syncRun = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  total: count,
  seen: count,
  changed: count,
  errors: count,
  durationMs: z.number().int().nullable(),
  state: z.enum(SIM_SYNC_STATES),
  message: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

export const simPool = z.object({ id: z.number().int(), carrier: z.string(), poolCode: z.string(), quotaMb: z.number(), usedMb: z.number(), usagePct: z.number(), thresholdPct: z.number().int(), thresholdMb: z.number().nullable(), cards: count, runOutDays: z.number().nullable() });
export type SimPoolRow = z.infer<typeof simPool>;

/** Counts for the statistics: by status and carrier, expiring, over quota, the pools, warnings and the last sync. */
export const simStat = z.object({
  total: count,
  byStatus: z.array(z.object({ status: z.string(), count })),
  byCarrier: z.array(z.object({ carrier: z.string(), count })),
  expiring7: count,
  expiring30: count,
  expired: count,
  overQuota: count,
  split: count,
  /** Cards using data while their device is offline, and cards whose use grows far faster than their device's messages (a reconnect loop). */
  offlineUsing: count,
  reconnectLoop: count,
  pools: z.array(simPool),
  lastSync: syncRun.nullable(),
  /** Whether the carriers are reached through the simulated carrier (no credentials configured). */
  simulated: z.boolean(),
});
export type SimStat = z.infer<typeof simStat>;

export const renewalBody = cardsBody.and(z.object({ productId: optionalSimId, periods: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(36, "validation.max") }));
export const renewalAnswer = z.object({ orderId: z.number().int(), orderNo: z.string(), cards: count, amount: z.number() });
export const renewalCancelBody = cardsBody.and(z.object({ renewal: choice([1, 2] as const) }));
export const TAG_MAX = 10;
export const saveTagBody = cardsBody.and(z.object({ tags: z.array(z.string().trim().min(1, "validation.required").max(32, "validation.maxLength")).max(TAG_MAX, "validation.maxItems") }));
export const updatedAnswer = z.object({ updated: count });
/** Card state changes ordered from the console: the carrier adapter's actions (activate / deactivate / resume). */
export const SIM_STATE_ACTIONS = ["activate", "deactivate", "resume"] as const;
export type SimStateAction = (typeof SIM_STATE_ACTIONS)[number];
/** At most this many cards a state change: one carrier batch, answered within the request (Control Center takes one card a request at 5 a second). */
export const SIM_STATE_MAX = 100;
export const setStateBody = cardsBody
  .and(z.object({ action: choice(SIM_STATE_ACTIONS) }))
  .refine((b) => b.ids.length + b.iccids.length <= SIM_STATE_MAX, { message: "validation.sim.stateMax", path: ["ids"] });
/** Per carrier: the carrier's work order for its cards, or why it refused them (in the reader's language). */
export const setStateAnswer = z.object({
  ordered: count,
  failed: count,
  carriers: z.array(z.object({ carrier: z.string(), cards: count, workOrder: z.string().nullable(), error: z.string().nullable() })),
});
export type SetStateAnswer = z.infer<typeof setStateAnswer>;
export const syncBody = z.object({ ids: z.array(simId).max(10_000, "validation.maxItems").default([]) });

const READ = { menu: ["/sim/sim"] } as const;
/** The SIM statistics screen (/sim/simStat) reads the counts and the use beside the card list. */
const STAT_READ = { menu: ["/sim/sim", "/sim/simStat"] } as const;
/** The tenant's devices a card may be bound to (the bind picker): at most 500, filtered by name or SN. */
export const bindableDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string() });
export const devicesQuery = z.object({ keyword: optional(z.string().trim().max(64, "validation.maxLength")) });
/** simCard: page, info, add, upd, del, export, template, import (core §7). */
export const simCardApi = {
  ...crudCalls(simCard, { only: ["info", "add", "upd", "del", "template", "import"], read: READ }),
  page: defineCall({ kind: "get", path: "device/simCard/page", input: simCardQuery, answer: pageOf(z.custom<SimCard>()), access: READ, entity: simCard.ns }),
  export: defineCall({ kind: "export", path: "device/simCard/export", input: simCardFilters, answer: file, access: READ, entity: simCard.ns }),
  renewal: defineCall({ kind: "post", path: "device/simCard/renewal", input: renewalBody, answer: renewalAnswer, access: { perm: "dev:simCard:upd" } }),
  renewalCancel: defineCall({ kind: "post", path: "device/simCard/renewalCancel", input: renewalCancelBody, answer: updatedAnswer, access: { perm: "dev:simCard:upd" } }),
  saveTag: defineCall({ kind: "post", path: "device/simCard/saveTag", input: saveTagBody, answer: updatedAnswer, access: { perm: "dev:simCard:upd" } }),
  stat: defineCall({ kind: "get", path: "device/simCard/stat", answer: simStat, access: STAT_READ }),
  useChart: defineCall({ kind: "get", path: "device/simCard/useChart", input: useChartQuery, answer: usageChart, access: STAT_READ }),
  /** Activate, deactivate or resume cards at their carrier (through the tenant's account and its limiter); each card's record keeps the work order. */
  setState: defineCall({ kind: "post", path: "device/simCard/setState", input: setStateBody, answer: setStateAnswer, access: { perm: "dev:simCard:upd" } }),
  sync: defineCall({ kind: "post", path: "device/simCard/sync", input: syncBody, answer: syncRun, access: { perm: "dev:simCard:upd" } }),
  devices: defineCall({ kind: "get", path: "device/simCard/devices", input: devicesQuery, answer: z.array(bindableDevice), access: READ }),
  syncState: defineCall({ kind: "get", path: "device/simCard/syncState", answer: syncRun.nullable(), access: READ }),
  ofDevice: ofDeviceCall,
};
