import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { cookieHeader, cookiesOf, signIn, withConsole } from "./console-server";
import { gzipSync } from "node:zlib";
import { ROUTES } from "../lib/shell/routes";
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

/**
 * `npm run bench:firstload`: the JavaScript each console route's first load fetches (gzip), next
 * to a bare page of the same build, and their ratio. Builds nothing: needs a production build
 * (`npm run build`), which it serves on a fresh database, or a running console at `BASE_URL`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const TARGET = 1.5;
/** The bare page: Next's own 404 route of this build (the root layout and app/not-found.tsx: a heading, a line and a link). */
const BARE = "/_not-found";

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

/** The first row of a list through the console's `/api` (as the signed-in user), or null when it has none or may not be read. */
async function firstRow(base: string, list: AnyCall, cookie: string): Promise<Row | null> {
  const res = await fetch(new URL(`/api/${list.path}?current=1&size=1`, base), { headers: { cookie } });
  const body = (await res.json().catch(() => null)) as { code?: number; data?: Row[] | { records?: Row[] } } | null;
  if (body?.code !== 200) return null;
  const rows = Array.isArray(body.data) ? body.data : body.data?.records;
  return rows?.[0] ?? null;
}

/** The app's route groups: the console's screens, the data screens, the robot pads, the standalone pages. */
const GROUPS = readdirSync("app").filter((d) => /^\(.+\)$/.test(d)).map((d) => join("app", d));
/** A page of its own in a route group, or its folder's one dynamic segment (`/operationMonitoring/[kind]`). */
function hasPage(path: string): boolean {
  return GROUPS.some((group) => {
    if (existsSync(join(group, path, "page.tsx"))) return true;
    const folder = join(group, dirname(path));
    return existsSync(folder) && readdirSync(folder).some((d) => /^\[[^.\]]+\]$/.test(d) && existsSync(join(folder, d, "page.tsx")));
  });
}

/** The session's cookie with the first project chosen (a project's lists answer only inside one), or null when there is none. */
async function withProject(base: string, cookie: string): Promise<string | null> {
  const project = await firstRow(base, projectApi.page, cookie);
  if (!project) return null;
  const res = await fetch(new URL("/api/session/project", base), { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ projId: project.id }) });
  const body = (await res.json().catch(() => null)) as { code?: number } | null;
  if (body?.code !== 200) return null;
  // The session cookie is written anew; the others stay.
  const jar = new Map(cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)]));
  for (const c of cookiesOf(res)) jar.set(c.name, c.value);
  return cookieHeader([...jar].map(([name, value]) => ({ name, value })));
}

type Measured = { path: string; note?: string; cookie?: string };

/**
 * The routes that have a page: login, home, every screen of the console, the data screens and the
 * standalone pages, detail pages with their first seeded row (inside the first project when their
 * list is a project's; `note` says when a detail page is measured without a row).
 */
async function consoleRoutes(base: string, cookie: string): Promise<Measured[]> {
  const built: Measured[] = [];
  let projectCookie: string | null | undefined;
  for (const r of ROUTES) {
    if (r.path === "/login" || !hasPage(r.path)) continue;
    const detail = DETAIL_ROWS[r.path];
    if (!detail) {
      built.push({ path: r.path });
      continue;
    }
    let row = await firstRow(base, detail.list, cookie);
    let rowCookie = cookie;
    if (!row) {
      projectCookie ??= await withProject(base, cookie);
      if (projectCookie) [row, rowCookie] = [await firstRow(base, detail.list, projectCookie), projectCookie];
    }
    if (!row) built.push({ path: r.path, note: "no seeded row" });
    else built.push({ path: `${r.path}?${new URLSearchParams(detail.query?.(row) ?? { id: String(row.id) })}`, cookie: rowCookie });
  }
  return [{ path: "/login" }, ...built];
}

/** Scripts a browser fetches for this HTML: `<script src>` (not the nomodule polyfills) and module preloads. */
export function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\ssrc="([^"]+)"/i.exec(tag)?.[1];
    if (src && !/\snomodule\b/i.test(tag)) found.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = /\srel="([^"]+)"/i.exec(tag)?.[1] ?? "";
    const as = /\sas="([^"]+)"/i.exec(tag)?.[1] ?? "";
    const href = /\shref="([^"]+)"/i.exec(tag)?.[1];
    if (href && (rel === "modulepreload" || (rel === "preload" && as === "script"))) found.add(href);
  }
  return [...found].map((s) => s.replace(/&amp;/g, "&"));
}

const gzipCache = new Map<string, number>();
async function gzipSize(base: string, src: string): Promise<number> {
  const url = new URL(src, base).href;
  if (!gzipCache.has(url)) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    gzipCache.set(url, gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length);
  }
  return gzipCache.get(url)!;
}

class Redirected extends Error {}

async function firstLoad(base: string, path: string, cookie: string): Promise<{ status: number; kb: number; files: number }> {
  const res = await fetch(new URL(path, base), { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  if (res.status >= 300 && res.status < 400) throw new Redirected(`redirected to ${res.headers.get("location")}`);
  const scripts = scriptsOf(await res.text());
  let bytes = 0;
  for (const src of scripts) bytes += await gzipSize(base, src);
  return { status: res.status, kb: bytes / 1024, files: scripts.length };
}

async function measure(base: string): Promise<boolean> {
  const cookie = cookieHeader(await signIn(base));
  const bare = await firstLoad(base, BARE, cookie);
  if (bare.status !== 404) throw new Error(`${BARE}: expected Next's 404, got ${bare.status}`);
  console.log(`bare page (Next's 404 of this build, ${BARE}): ${bare.kb.toFixed(1)} KB gzip in ${bare.files} scripts`);
  console.log("| route | JS the HTML loads (gzip) | scripts | bare page | ratio |");
  console.log("|---|---|---|---|---|");
  let ok = true;
  for (const { path, note, cookie: own } of await consoleRoutes(base, cookie)) {
    // Login is for anonymous visitors: measured without the session.
    const r = await firstLoad(base, path, path === "/login" ? "" : (own ?? cookie)).catch((e) => {
      if (e instanceof Redirected) return e.message;
      throw e;
    });
    if (typeof r === "string") {
      // A page that needs more than a session (a data screen's project in its URL): said, not measured.
      console.log(`| ${path} | ${r}: not measured | | | |`);
      continue;
    }
    const ratio = r.kb / bare.kb;
    if (ratio > TARGET) ok = false;
    console.log(`| ${path}${note ? ` (${note})` : ""} | ${r.kb.toFixed(1)} KB | ${r.files} | ${bare.kb.toFixed(1)} KB | ${ratio.toFixed(2)}×${ratio > TARGET ? " (over " + TARGET + "×)" : ""} |`);
  }
  console.log(ok ? `every route within ${TARGET}× the bare page` : `some routes exceed ${TARGET}× the bare page`);
  return ok;
}

const main = () => withConsole("firstload", PORT, measure);

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
