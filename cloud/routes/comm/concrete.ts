import { Hono } from "hono";
import { BETON_RECORDS, DATUM_TEMP } from "@/lib/contract/device/beton-rule";
import { concreteDeviceQuery, concreteIdsBody, type ConcreteSeries } from "@/lib/contract/device/concrete";
import { calibrationOf, concreteDevices, concreteRecords, rulesOf } from "../../db/queries/concrete";
import { requireAuth } from "../../lib/auth";
import type { CloudEnv, Ctx } from "../../lib/context";
import { body, notFound, ok, query } from "../../lib/http";
import { t } from "../../lib/i18n";
import { optionalProject, projectsOfCall } from "../../lib/project-context";
import { xlsxResponse } from "../../lib/xlsx-export";

/** The chosen loggers' latest records under their rules; every id must be a logger of the call's projects. */
async function seriesOf(c: Ctx, ids: number[]): Promise<ConcreteSeries[]> {
  const db = c.var.deps.db;
  const wanted = [...new Set(ids)];
  const devs = await concreteDevices(db, c.var.auth.tenantId, await projectsOfCall(c), wanted);
  if (devs.length !== wanted.length) throw notFound();
  const rules = await rulesOf(db, wanted);
  return Promise.all(
    devs.map(async (d) => {
      const rule = rules.get(d.id) ?? null;
      return { deviceId: d.id, deviceName: d.deviceName, ruleName: rule?.ruleName ?? null, datumTemp: rule?.datumTemp ?? DATUM_TEMP.default, calibration: rule ? calibrationOf(rule) : null, records: await concreteRecords(db, d.id, rule, BETON_RECORDS) };
    }),
  );
}

const platformTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

/**
 * comm concrete (core §7, issue 16): getChartDevice (the loggers of the call's projects with
 * their rules), chartDeviceIds (their curves), listByDeviceId (one logger's latest 500 records,
 * newest first, core §9) and downloadDevIds (the same records of the chosen loggers as xlsx).
 */
export const concreteRoutes = new Hono<CloudEnv>()
  .use(requireAuth)
  .use(optionalProject)
  .get("/getChartDevice", async (c) => ok(c, await concreteDevices(c.var.deps.db, c.var.auth.tenantId, await projectsOfCall(c))))
  .post("/chartDeviceIds", async (c) => ok(c, await seriesOf(c, (await body(c, concreteIdsBody)).deviceIds)))
  .get("/listByDeviceId", async (c) => {
    const { deviceId } = query(c, concreteDeviceQuery);
    const [s] = await seriesOf(c, [deviceId]);
    return ok(c, [...s.records].reverse());
  })
  .post("/downloadDevIds", async (c) => {
    const series = await seriesOf(c, (await body(c, concreteIdsBody)).deviceIds);
    const locale = c.var.locale;
    const rows = series.flatMap((s) => [...s.records].reverse().map((r) => ({ ...r, deviceName: s.deviceName, ruleName: s.ruleName ?? "" })));
    const label = (k: string) => t(locale, `deviceOps.concrete.${k}`);
    const columns = [
      { key: "deviceName", header: label("device"), width: 20 },
      { key: "ruleName", header: label("rule"), width: 18 },
      { key: "t", header: label("time"), width: 22, value: (r: { t: number }) => platformTime(r.t) },
      { key: "temp", header: label("temp"), width: 14 },
      { key: "maturity", header: label("maturity"), width: 16 },
      { key: "strength", header: label("strength"), width: 16 },
    ];
    return xlsxResponse(c, `${label("title")}.xlsx`, columns, rows, label("title"));
  });
