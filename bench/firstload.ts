import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { cookieHeader, signIn, withConsole } from "./console-server";
import { gzipSync } from "node:zlib";
import { isDetail, projectSession, withRow } from "./detail-rows";
import { ROUTES } from "../lib/shell/routes";

/**
 * `npm run bench:firstload`: the JavaScript each console route's first load fetches (gzip), next
 * to a bare page of the same build, and their ratio. Builds nothing: needs a production build
 * (`npm run build`), which it serves on a fresh database, or a running console at `BASE_URL`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const TARGET = 1.5;
/** The bare page: Next's own 404 route of this build (the root layout and app/not-found.tsx: a heading, a line and a link). */
const BARE = "/_not-found";

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

type Measured = { path: string; note?: string; cookie?: string };

/**
 * The routes that have a page: login, home, every screen of the console, the data screens and the
 * standalone pages, detail pages with their first seeded row (inside the first project when their
 * list is a project's; `note` says when a detail page is measured without a row).
 */
async function consoleRoutes(base: string, cookie: string): Promise<Measured[]> {
  const built: Measured[] = [];
  const projects = projectSession(base, cookie);
  for (const r of ROUTES) {
    if (r.path === "/login" || !hasPage(r.path)) continue;
    if (!isDetail(r.path)) {
      built.push({ path: r.path });
      continue;
    }
    const found = await withRow(base, r.path, cookie, projects);
    built.push(found ?? { path: r.path, note: "no seeded row" });
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
