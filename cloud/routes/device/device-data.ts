import { autoBucket, deviceDataApi, HISTORY_RAW_LIMIT, type RealTimeValue, type RejectRow, type StatusLogRow } from "@/lib/contract/device/device-data";
import { functionIn, type ThingFunction } from "@/lib/contract/device/thing-model";
import { latestValues, propertyFunctions, rejectPage, statusLogPage, viewableDevice } from "../../db/queries/device-data";
import { telemetrySeries } from "../../db/queries/telemetry";
import { tenantZone } from "../../db/queries/company";
import { brokerOf } from "../../lib/devices";
import { serve } from "../../lib/serve";
import type { Ctx } from "../../lib/context";
import { notFound } from "../../lib/http";
import { t } from "../../lib/i18n";

async function deviceOrThrow(c: Ctx, id: number) {
  const device = await viewableDevice(c.var.deps.db, c.var.auth, id);
  if (!device) throw notFound();
  return device;
}

/** Enumeration and bool labels of a property, by stored value (bools are stored as 0 / 1). */
function labelsOf(fn: ThingFunction): Record<string, string> | null {
  const d = fn.dataType;
  if (d?.type === "enum") return Object.fromEntries(d.items.map((i) => [String(i.value), i.text]));
  if (d?.type === "bool" && (d.trueText || d.falseText)) return { "1": d.trueText ?? "1", "0": d.falseText ?? "0" };
  return null;
}

const unitOf = (fn: ThingFunction) => (fn.dataType && "unit" in fn.dataType ? (fn.dataType.unit ?? null) : null);

/**
 * Device data (core §7, service device): the newest value of every property of the device's thing
 * model (getDevRealTimeData), its newest report (getDevLatestData), history per property over a
 * range, bucketed for long ranges (getDevDataGeneral), and its refused messages and online /
 * offline changes. A device of a tenant or project the caller cannot see is not found.
 */
export const deviceDataServed = [
  serve(deviceDataApi.realTime, async (c, { id }) => {
    const device = await deviceOrThrow(c, id);
    const db = c.var.deps.db;
    const [fns, latest] = await Promise.all([propertyFunctions(db, device.productId), latestValues(db, id)]);
    const byId = new Map(latest.map((v) => [v.identifier, v]));
    const values: RealTimeValue[] = fns.map((stored) => {
      const fn = functionIn(c.var.locale, stored);
      const v = byId.get(fn.identifier);
      return { identifier: fn.identifier, funcName: fn.funcName, unit: unitOf(fn), dataType: fn.dataType?.type ?? null, labels: labelsOf(fn), ts: v?.ts.toISOString() ?? null, num: v?.num ?? null, txt: v?.txt ?? null };
    });
    return { status: device.status, lastReportTime: device.lastReportTime?.toISOString() ?? null, values };
  }),
  serve(deviceDataApi.latest, async (c, { id }) => {
    await deviceOrThrow(c, id);
    const latest = await latestValues(c.var.deps.db, id);
    const newest = latest.reduce<Date | null>((m, v) => (!m || v.ts > m ? v.ts : m), null);
    return { ts: newest?.toISOString() ?? null, values: Object.fromEntries(latest.filter((v) => v.ts.getTime() === newest?.getTime()).map((v) => [v.identifier, v.num ?? v.txt])) };
  }),
  serve(deviceDataApi.history, async (c, q) => {
    await deviceOrThrow(c, q.id);
    const bucket = q.bucket === "auto" ? autoBucket(q.startTime, q.endTime) : q.bucket;
    const timeZone = await tenantZone(c.var.deps.db, c.var.auth.tenantId);
    const series = await telemetrySeries(c.var.deps.db, { deviceId: q.id, identifiers: q.identifiers, from: q.startTime, to: q.endTime, bucket, agg: "avg", limit: HISTORY_RAW_LIMIT, timeZone });
    return { bucket, truncated: bucket === "raw" && series.some((s) => s.points.length >= HISTORY_RAW_LIMIT), series };
  }),
  serve(deviceDataApi.rejects, async (c, q) => {
    await deviceOrThrow(c, q.id);
    const page = await rejectPage(c.var.deps.db, q.id, q);
    // The reason is stored as a message key and its detail: read in the caller's language.
    const records: RejectRow[] = page.records.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      topic: r.topic,
      identifier: r.identifier,
      reason: t(c.var.locale, `ingest.${r.reason}`, { detail: r.detail ?? "" }),
      payload: r.payload,
    }));
    return { records, total: page.total };
  }),
  serve(deviceDataApi.statusLog, async (c, q) => {
    await deviceOrThrow(c, q.id);
    const page = await statusLogPage(c.var.deps.db, q.id, q);
    const records: StatusLogRow[] = page.records.map((r) => ({ id: r.id, status: r.status, at: r.at.toISOString() }));
    return { records, total: page.total };
  }),
  serve(deviceDataApi.mqttAccess, (c) => brokerOf(c)),
];
