import { cookieHeader, cookiesOf, cookiesOfHeader } from "./console-server";
import type { AnyCall } from "../lib/contract/call";
import { alarmCoreApi } from "../lib/contract/alarm/alarm-center";
import { deviceApi } from "../lib/contract/device/device";
import { objModelApi, prodCopyApi, productApi } from "../lib/contract/device/product";
import { stationApi } from "../lib/contract/message";
import { pointGroupApi } from "../lib/contract/monitoring/point-group";
import { otaTaskApi } from "../lib/contract/ota/task-api";
import { reportTemplateApi } from "../lib/contract/report/template";
import { recordApi } from "../lib/contract/robot/record";
import { simCardApi } from "../lib/contract/sim/card";
import { simOrderApi } from "../lib/contract/sim/order";
import { tenantApi } from "../lib/contract/system/tenant";
import { userApi } from "../lib/contract/system/user";
import { projectApi } from "../lib/contract/project";

/** The benches' detail pages (`bench:firstload`, `bench:paint`): each opened with a seeded row, as a user opens one from its list. */

type Row = Record<string, unknown>;
/**
 * A detail page opens one row (`?id=`): the list call whose first seeded row it is measured with,
 * and the query that row gives it. The others (API keys, a new document, a report's export) open without one.
 */
const DETAIL_ROWS: Record<string, { list: AnyCall; query?: (row: Row) => Record<string, string> }> = {
  "/devices/viewDevice": { list: deviceApi.page },
  "/alarm/alarmCenterInfo": { list: alarmCoreApi.page, query: (r) => ({ id: String(r.id), type: r.alarmType === 2 ? "alaManual" : "ala" }) },
  "/productSet/productInfo": { list: productApi.page },
  "/productSet/objModelInfo": { list: objModelApi.page },
  "/prodCopy/prodCopyInfo": { list: prodCopyApi.page },
  "/OTATaskInfo": { list: otaTaskApi.page },
  "/robot/inspectionRecord/viewInspectionRecord": { list: recordApi.page },
  "/systemSet/userSetInfo": { list: userApi.page },
  "/systemSet/tenantInfo": { list: tenantApi.page },
  "/msg/stationInfo": { list: stationApi.page },
  "/sim/simInfo": { list: simCardApi.page },
  "/sim/simOrderInfo": { list: simOrderApi.page },
  "/pointCorrelation/pointDetails": { list: pointGroupApi.page },
  "/editTemplate": { list: reportTemplateApi.page },
};

/** Whether a path is a detail page that opens a row. */
export const isDetail = (path: string) => path in DETAIL_ROWS;

/** The first row of a list through the console's `/api` (as the signed-in user), or null when it has none or may not be read. */
async function firstRow(base: string, list: AnyCall, cookie: string): Promise<Row | null> {
  const res = await fetch(new URL(`/api/${list.path}?current=1&size=1`, base), { headers: { cookie } });
  const body = (await res.json().catch(() => null)) as { code?: number; data?: Row[] | { records?: Row[] } } | null;
  if (body?.code !== 200) return null;
  const rows = Array.isArray(body.data) ? body.data : body.data?.records;
  return rows?.[0] ?? null;
}

/** The session's cookie with the first project chosen (a project's lists answer only inside one), or null when there is none. */
async function withProject(base: string, cookie: string): Promise<string | null> {
  const project = await firstRow(base, projectApi.page, cookie);
  if (!project) return null;
  const res = await fetch(new URL("/api/session/project", base), { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ projId: project.id }) });
  const body = (await res.json().catch(() => null)) as { code?: number } | null;
  if (body?.code !== 200) return null;
  // The session cookie is written anew; the others stay.
  const jar = new Map(cookiesOfHeader(cookie).map((c) => [c.name, c.value]));
  for (const c of cookiesOf(res)) jar.set(c.name, c.value);
  return cookieHeader([...jar].map(([name, value]) => ({ name, value })));
}

/** The session inside the first project, asked for once by whichever detail page needs it first. */
export function projectSession(base: string, cookie: string): () => Promise<string | null> {
  let asked: Promise<string | null> | undefined;
  return () => (asked ??= withProject(base, cookie));
}

/**
 * A detail page with its first seeded row and the session that reads it (the project's when its
 * list is a project's), or null when no list answers a row.
 */
export async function withRow(base: string, path: string, cookie: string, project: () => Promise<string | null>): Promise<{ path: string; cookie: string } | null> {
  const detail = DETAIL_ROWS[path];
  let row = await firstRow(base, detail.list, cookie);
  let rowCookie = cookie;
  if (!row) {
    const inProject = await project();
    if (inProject) [row, rowCookie] = [await firstRow(base, detail.list, inProject), inProject];
  }
  return row ? { path: `${path}?${new URLSearchParams(detail.query?.(row) ?? { id: String(row.id) })}`, cookie: rowCookie } : null;
}
