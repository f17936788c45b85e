import { formatDateTime } from "@/lib/format";
import { BETON_RECORDS, DATUM_TEMP } from "@/lib/contract/device/beton-rule";
import { concreteApi, type ConcreteSeries } from "@/lib/contract/device/concrete";
import { calibrationOf, concreteDevices, concreteRecords, rulesOf } from "../../db/queries/concrete";
import type { Ctx } from "../../lib/context";
import { notFound } from "../../lib/http";
import { t } from "../../lib/i18n";
import { serve } from "../../lib/serve";
import { projectsOfCall } from "../../lib/project-context";
import { xlsxResponse } from "../../lib/xlsx-export";

/** The chosen loggers' latest records under their rules; every id must be a logger of the call's projects. */
async function seriesOf(c: Ctx, ids: number[]): Promise<ConcreteSeries[]> {
  const db = c.var.deps.db;
  const wanted = [...new Set(ids)];
  const devs = await concreteDevices(db, c.var.auth.tenantId, await projectsOfCall(c), c.var.locale, wanted);
  if (devs.length !== wanted.length) throw notFound();
  const rules = await rulesOf(db, wanted);
  return Promise.all(
    devs.map(async (d) => {
      const rule = rules.get(d.id) ?? null;
      return { deviceId: d.id, deviceName: d.deviceName, ruleName: rule?.ruleName ?? null, datumTemp: rule?.datumTemp ?? DATUM_TEMP.default, calibration: rule ? calibrationOf(rule) : null, records: await concreteRecords(db, d.id, rule, BETON_RECORDS) };
    }),
  );
}


/**
 * comm concrete (core §7, issue 16): getChartDevice (the loggers of the call's projects with
 * their rules), chartDeviceIds (their curves), listByDeviceId (one logger's latest 500 records,
 * newest first, core §9) and downloadDevIds (the same records of the chosen loggers as xlsx).
 */
export const concreteServed = [
  serve(concreteApi.devices, async (c) => concreteDevices(c.var.deps.db, c.var.auth.tenantId, await projectsOfCall(c), c.var.locale)),
  serve(concreteApi.chart, (c, { deviceIds }) => seriesOf(c, deviceIds)),
  serve(concreteApi.records, async (c, { deviceId }) => {
    const [s] = await seriesOf(c, [deviceId]);
    return [...s.records].reverse();
  }),
  serve(concreteApi.download, async (c, { deviceIds }) => {
    const series = await seriesOf(c, deviceIds);
    const locale = c.var.locale;
    const rows = series.flatMap((s) => [...s.records].reverse().map((r) => ({ ...r, deviceName: s.deviceName, ruleName: s.ruleName ?? "" })));
    const label = (k: string) => t(locale, `deviceOps.concrete.${k}`);
    const columns = [
      { key: "deviceName", header: label("device"), width: 20 },
      { key: "ruleName", header: label("rule"), width: 18 },
      { key: "t", header: label("time"), width: 22, value: (r: { t: number }) => formatDateTime(r.t) },
      { key: "temp", header: label("temp"), width: 14 },
      { key: "maturity", header: label("maturity"), width: 16 },
      { key: "strength", header: label("strength"), width: 16 },
    ];
    return xlsxResponse(c, `${label("title")}.xlsx`, columns, rows, label("title"));
  }),
];
