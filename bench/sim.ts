import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { withCheckDigit } from "@/lib/contract/sim/iccid";
import { createCloud } from "../cloud/app";
import { openDb } from "../cloud/db/client";
import { simCards, simUsage } from "../cloud/db/schema";
import { DEMO_ACCOUNTS, seed } from "../cloud/seed";
import { cloudConfig } from "../cloud/start";
import { tenantOf } from "../cloud/lib/scope";
import { carriersOf } from "../cloud/sim/carriers";
import { startSync } from "../cloud/sim/sync";
import { addDays, platformDay } from "../cloud/sim/simulated";

/**
 * `npm run bench:sim` on in-memory PGlite, through the cloud's whole routes:
 * - import of BENCH_IMPORT cards (default 10,000) from one xlsx (goal ≤ 10 s);
 * - a full sync of those cards through the simulated carrier at 5 calls a second × 100 cards (goal ≤ 25 s), progress printed;
 * - the card list at BENCH_CARDS cards (default 100,000): server p50 / p99 of a page (goal p50 ≤ 30 ms), and of a page
 *   searched by an ICCID's last 6 or 4 digits;
 * - a 31-day usage chart (goal ≤ 100 ms);
 * - the statistics' 31-day use of all the tenant's cards with its top 10, every card with a stored day each day
 *   (from the roll-ups), and beside it the raw sum of every card's days the route read before them.
 */
const IMPORT = Number(process.env.BENCH_IMPORT ?? 10_000);
const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** Whether to fill 31 days of use for every card and measure the statistics' tenant chart (BENCH_USAGE=0 skips it). */
const USAGE = process.env.BENCH_USAGE !== "0";
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const handle = await openDb({ dataDir: "memory" });
const db = handle.db;
await seed(db, { passwords: { demoadmin: DEMO_ACCOUNTS.demoadmin.password } });
const app = createCloud({ db, config: cloudConfig({ filesDir: ".data/bench-files" }), delivery: { send: async () => {} }, now: () => new Date() });
const login = await app.request("/iotCloud/sys/login/username", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "demoadmin", password: DEMO_ACCOUNTS.demoadmin.password, tId: 2 }) });
const token = ((await login.json()) as { data: { token: string } }).data.token;
const headers = { authorization: `Bearer ${token}`, language: "en" };

// Import.
const wb = new ExcelJS.Workbook();
const sheet = wb.addWorksheet("cards");
sheet.addRow(["ICCID", "Carrier", "Card type", "Pool", "MSISDN", "IMSI", "Expires", "Remarks"]);
for (let i = 0; i < IMPORT; i++) sheet.addRow([withCheckDigit(`898604${String(5_000_000 + i).padStart(12, "0")}`), "China Mobile", "Single"]);
const file = new Uint8Array(await wb.xlsx.writeBuffer());
const form = new FormData();
form.append("file", new File([file], "cards.xlsx"));
let t0 = performance.now();
const imported = (await (await app.request("/iotCloud/device/simCard/import", { method: "POST", body: form, headers })).json()) as { data: { successTotal: number; failureTotal: number } };
const importS = (performance.now() - t0) / 1000;
if (imported.data.successTotal !== IMPORT) throw new Error(`import: ${JSON.stringify(imported).slice(0, 300)}`);

// Sync: the tenant's cards (the import and the demo's) at 5 calls a second.
const carriers = carriersOf({}, { rate: 5, burst: 5 });
t0 = performance.now();
const { run, done } = await startSync(db, 2, carriers);
const ticker = setInterval(async () => {
  const [r] = await db.execute(sql`select seen, errors, total from sim_sync_runs where id = ${run.id}`).then((x) => (Array.isArray(x) ? x : (x as { rows: unknown[] }).rows) as { seen: number; errors: number; total: number }[]);
  if (r) console.log(`  sync: ${r.seen + r.errors} / ${r.total} cards`);
}, 5000);
const synced = await done;
clearInterval(ticker);
const syncS = (performance.now() - t0) / 1000;

// The list at CARDS cards.
const have = (await db.select({ n: sql<number>`count(*)::int` }).from(simCards).where(tenantOf(2).where(simCards)))[0].n;
for (let i = have; i < CARDS; i += 5000) {
  const rows = Array.from({ length: Math.min(5000, CARDS - i) }, (_, k) => ({ tenantId: 2, iccid: withCheckDigit(`898601${String(7_000_000 + i + k).padStart(12, "0")}`), carrier: "unicom", status: "activation", quotaMb: 1024, usedMb: (i + k) % 1100, usageAsOf: platformDay(Date.now() - 86_400_000) }));
  await db.insert(simCards).values(rows);
}
await db.execute(sql`analyze sim_cards`);
/** p50 / p99 of `n` requests after `warm` to warm up; `path` may name a different request each time (`i`). */
async function measure(path: string | ((i: number) => string), n = REQUESTS, warm = 20) {
  const times: number[] = [];
  for (let i = 0; i < n + warm; i++) {
    const s = performance.now();
    const res = (await (await app.request(`/iotCloud/device/simCard/${typeof path === "string" ? path : path(i)}`, { headers })).json()) as { code: number };
    if (res.code !== 200) throw new Error(`${path}: ${JSON.stringify(res).slice(0, 200)}`);
    if (i >= warm) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { p50: +pct(times, 50).toFixed(1), p99: +pct(times, 99).toFixed(1) };
}
const page = await measure("page?size=20&current=3");
const filtered = await measure("page?size=20&carrier=unicom&overQuota=1");
// A card found by the last digits of its ICCID, as a user reads them off the card: 6 and 4 digits of
// cards spread over the list (each request another card).
const stored = (await db.select({ iccid: simCards.iccid }).from(simCards).where(tenantOf(2).where(simCards)).orderBy(simCards.id)).map((r) => r.iccid);
const spread = (i: number) => stored[Math.floor(((i * 7919) % 1000) / 1000 * stored.length)];
const last6 = await measure((i) => `page?size=20&iccid=${spread(i).slice(-6)}`);
const last4 = await measure((i) => `page?size=20&iccid=${spread(i).slice(-4)}`);
const [card] = await db.select({ id: simCards.id }).from(simCards).where(tenantOf(2).where(simCards)).limit(1);
const end = platformDay(Date.now() - 86_400_000);
await db.insert(simUsage).values(Array.from({ length: 31 }, (_, k) => ({ cardId: card.id, day: addDays(end, -k), usedMb: k }))).onConflictDoNothing();
const chart = await measure(`useChart?id=${card.id}&startDate=${addDays(end, -30)}&endDate=${end}`);
// The statistics screen's counts (by status and carrier, expiring, over quota, SPLIT, cross-checks, pools).
const stat = await measure("stat", 20, 2);
// The statistics screen: the tenant's use over 31 days and its top users, every card with a stored day each day.
const useRows = USAGE ? (await db.execute(sql`insert into sim_usage (card_id, day, used_mb) select c.id, d::date, (c.id % 97) + 0.5 from sim_cards c, generate_series(${addDays(end, -30)}::date, ${end}::date, interval '1 day') d where c.tenant_id = 2 on conflict do nothing`), (await db.select({ n: sql<number>`count(*)::int` }).from(simUsage))[0].n) : 0;
if (USAGE) await db.execute(sql`analyze sim_usage`);
// Far heavier than a page (31 days × every card): 20 requests after 2.
const tenantChart = USAGE ? await measure(`useChart?startDate=${addDays(end, -30)}&endDate=${end}`, 20, 2) : null;
// Beside it, in the same run: what the route read before the roll-ups — every card's days summed per day and per card
// (the top 10) — straight on the database, 5 times after 1. BENCH_RAW=0 skips it.
async function rawSum() {
  const range = sql`u.day between ${addDays(end, -30)} and ${end}`;
  await db.execute(sql`select u.day, coalesce(sum(u.used_mb), 0)::float8 from sim_usage u join sim_cards c on c.id = u.card_id and ${range} where c.tenant_id = 2 group by u.day`);
  await db.execute(sql`select c.id, coalesce(sum(u.used_mb), 0)::float8 from sim_usage u join sim_cards c on c.id = u.card_id and ${range} where c.tenant_id = 2 group by c.id having sum(u.used_mb) > 0 order by 2 desc, c.iccid limit 10`);
}
const raw = USAGE && process.env.BENCH_RAW !== "0" ? await (async () => {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    await rawSum();
    if (i > 0) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { p50: +pct(times, 50).toFixed(1), p99: +pct(times, 99).toFixed(1) };
})() : null;
await handle.close();
console.table([
  { measure: `import ${IMPORT} cards (s)`, value: +importS.toFixed(1), goal: "≤ 10" },
  { measure: `full sync of ${synced.total} cards at 5 calls/s × 100 (s)`, value: +syncS.toFixed(1), goal: "≤ 25" },
  { measure: "sync: seen / changed / errors", value: `${synced.seen} / ${synced.changed} / ${synced.errors}`, goal: "" },
  { measure: `card page at ${CARDS} cards, p50 / p99 (ms)`, value: `${page.p50} / ${page.p99}`, goal: "p50 ≤ 30" },
  { measure: "filtered page (carrier, over quota), p50 / p99 (ms)", value: `${filtered.p50} / ${filtered.p99}`, goal: "" },
  { measure: "page by an ICCID's last 6 digits, p50 / p99 (ms)", value: `${last6.p50} / ${last6.p99}`, goal: "" },
  { measure: "page by an ICCID's last 4 digits, p50 / p99 (ms)", value: `${last4.p50} / ${last4.p99}`, goal: "" },
  { measure: "31-day usage chart, p50 / p99 (ms)", value: `${chart.p50} / ${chart.p99}`, goal: "≤ 100" },
  { measure: `statistics' counts at ${CARDS} cards, p50 / p99 (ms)`, value: `${stat.p50} / ${stat.p99}`, goal: "" },
  ...(tenantChart ? [{ measure: `tenant's 31-day use + top 10 (${useRows} daily rows), p50 / p99 (ms)`, value: `${tenantChart.p50} / ${tenantChart.p99}`, goal: "≤ 100" }] : []),
  ...(raw ? [{ measure: "the same read as a raw sum of every card's days (before the roll-ups), p50 / max (ms)", value: `${raw.p50} / ${raw.p99}`, goal: "" }] : []),
]);
process.exit(0);
