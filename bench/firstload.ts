import { existsSync } from "node:fs";
import { join } from "node:path";
import { cookieHeader, signIn, withConsole } from "./console-server";
import { gzipSync } from "node:zlib";
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

/** The console routes that have a page: login, home and every screen under app/(console). */
function consoleRoutes(): string[] {
  const built = ROUTES.filter((r) => !r.parent && existsSync(join("app/(console)", r.path, "page.tsx"))).map((r) => r.path);
  return ["/login", ...built];
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

async function firstLoad(base: string, path: string, cookie: string): Promise<{ status: number; kb: number; files: number }> {
  const res = await fetch(new URL(path, base), { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  if (res.status >= 300 && res.status < 400) throw new Error(`${path}: redirected to ${res.headers.get("location")}`);
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
  for (const path of consoleRoutes()) {
    // Login is for anonymous visitors: measured without the session.
    const r = await firstLoad(base, path, path === "/login" ? "" : cookie);
    const ratio = r.kb / bare.kb;
    if (ratio > TARGET) ok = false;
    console.log(`| ${path} | ${r.kb.toFixed(1)} KB | ${r.files} | ${bare.kb.toFixed(1)} KB | ${ratio.toFixed(2)}×${ratio > TARGET ? " (over " + TARGET + "×)" : ""} |`);
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
