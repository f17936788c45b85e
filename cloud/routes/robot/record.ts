import { t } from "../../lib/i18n";
import { record, recordApi, statisticsApi, type InspectionRecord } from "@/lib/contract/robot/record";
import { pointStatistics, robotStatistics, taskStatistics, timeoutStatistics } from "../../db/queries/robots";
import { robotRecords } from "../../db/schema";
import { crudRoutes } from "../../lib/crud-routes";
import type { Ctx } from "../../lib/context";
import { projectOf } from "../../lib/project-context";
import { serve } from "../../lib/serve";
import { xlsxResponse, type ExportColumn } from "../../lib/xlsx-export";
import { formatDateTime } from "@/lib/format";
import { tenantZone } from "../../db/queries/company";

const scopeOf = async (c: Ctx) => {
  const p = projectOf(c);
  return { tenantId: p.tenantId, projectId: p.projectId, zone: await tenantZone(c.var.deps.db, p.tenantId) };
};

/** A statistic's sheet: a field's header from the page's messages, a status by its label, times in the platform's zone. */
function sheet<R>(c: Ctx, name: string, rows: R[], keys: readonly (keyof R & string)[], dicts: Partial<Record<keyof R & string, string>> = {}): Response {
  const locale = c.var.locale;
  const title = t(locale, `robot.statistics.${name}`);
  const columns: ExportColumn<R>[] = keys.map((key) => ({
    key,
    header: t(locale, `robot.statistics.fields.${key}`),
    value: (row: R) => {
      const v = row[key] as unknown;
      if (dicts[key]) return t(locale, `enums.${dicts[key]}.${String(v)}`);
      return /Time$/.test(key) && typeof v === "string" ? formatDateTime(v) : v;
    },
  }));
  return xlsxResponse(c, `${title}.xlsx`, columns, rows, title);
}

/** inspectionRecord: the project's records (page, info, export) and the four statistics with their Excel exports. */
export const recordServed = [
  ...crudRoutes<typeof record.fields, InspectionRecord>({ table: robotRecords, entity: record, calls: recordApi }),
  serve(statisticsApi.point.rows, async (c, q) => pointStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale)),
  serve(statisticsApi.point.export, async (c, q) => {
    const rows = await pointStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale);
    return sheet(c, "point", rows, ["pointName", "trackName", "total", "normal", "abnormal", "lastTime"]);
  }),
  serve(statisticsApi.task.rows, async (c, q) => taskStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale)),
  serve(statisticsApi.task.export, async (c, q) => {
    const rows = await taskStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale, 100_000);
    return sheet(c, "task", rows, ["taskName", "slotTime", "patrolStatus", "pointTotal", "pointDone", "total", "abnormal", "minutes"], { patrolStatus: "patrolStatus" });
  }),
  serve(statisticsApi.timeout.rows, async (c, q) => timeoutStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale)),
  serve(statisticsApi.timeout.export, async (c, q) => {
    const rows = await timeoutStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale, 100_000);
    return sheet(c, "timeout", rows, ["taskName", "deviceName", "slotTime", "duration", "minutes", "overMinutes", "patrolStatus"], { patrolStatus: "patrolStatus" });
  }),
  serve(statisticsApi.robot.rows, async (c, q) => robotStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale)),
  serve(statisticsApi.robot.export, async (c, q) => {
    const rows = await robotStatistics(c.var.deps.db, await scopeOf(c), q, c.var.locale);
    return sheet(c, "robot", rows, ["deviceName", "tasks", "done", "expired", "abnormalTasks", "timeouts", "total", "abnormal"]);
  }),
];
