import { asc, eq, sql } from "drizzle-orm";
import { createCloud } from "../cloud/app";
import { openDb } from "../cloud/db/client";
import { robotPlans, robotTasks } from "../cloud/db/schema";
import { DEMO_ACCOUNTS, seed } from "../cloud/seed";
import { cloudConfig } from "../cloud/start";
import { generateTasks, slotsOf } from "../cloud/robot/scheduler";
import { backfillRecordDays, backfillTaskDays } from "../cloud/db/queries/robots";

/**
 * `npm run bench:robots` on in-memory PGlite:
 * - task generation for BENCH_PLANS plans (default 1,000) over a year of daily slots: time, and that
 *   each (plan, slot) exists once after a second run;
 * - the four statistics over BENCH_RECORDS records (default 1,000,000): server p50 / p95 per call (goal p50 ≤ 200 ms),
 *   after the former queries (aggregates over the records and tasks) on the same data in the same run, and the ratio;
 *   the records' roll-up and the tasks' daily counts are built from the rows as a start does, and timed.
 */
const PLANS = Number(process.env.BENCH_PLANS ?? 1000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const handle = await openDb({ dataDir: "memory" });
const db = handle.db;
await seed(db, { passwords: { demoadmin: DEMO_ACCOUNTS.demoadmin.password } });
const now = new Date();
const [demo] = await db.select().from(robotPlans).orderBy(asc(robotPlans.id)).limit(1);
if (!demo) throw new Error("no demo plan: the seed has no robot");
const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
await db.insert(robotPlans).values(
  Array.from({ length: PLANS }, (_, i) => ({ tenantId: demo.tenantId, projectId: demo.projectId, schemeName: `Bench ${i}`, trackId: demo.trackId, deviceId: demo.deviceId, repetition: 1, startTime: yearAgo.toISOString(), startAt: yearAgo, cycle: `0 ${i % 60} ${i % 24} * * ? *`, duration: 1, publishStatus: 1 })),
);
await db.update(robotPlans).set({ publishStatus: 0 }).where(eq(robotPlans.id, demo.id));
// The slots alone (the cycle's walk, no database), then the whole generation with its inserts.
const plans = await db.select().from(robotPlans).where(eq(robotPlans.publishStatus, 1));
let t0 = performance.now();
const slotCount = plans.reduce((n, p) => n + slotsOf(p, null, now).length, 0);
console.log(`slots alone: ${plans.length} plans → ${slotCount} slots in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
t0 = performance.now();
const written = await generateTasks(db, now);
const genS = (performance.now() - t0) / 1000;
t0 = performance.now();
const again = await generateTasks(db, now);
const againS = (performance.now() - t0) / 1000;
const [{ n, distinct }] = (await db.execute(sql`select count(*)::int n, count(distinct (scheme_id, slot_at))::int distinct from robot_tasks`).then((x) => (Array.isArray(x) ? x : (x as { rows: unknown[] }).rows))) as { n: number; distinct: number }[];
console.log(`task generation: ${PLANS} plans × a year of daily slots → ${written} tasks in ${genS.toFixed(1)} s (${Math.round(written / genS)} tasks/s); a second run wrote ${again} in ${againS.toFixed(1)} s; ${n} rows, ${distinct} distinct (plan, slot)`);

// A million records over the generated tasks, spread over the year.
t0 = performance.now();
const [task] = await db.select().from(robotTasks).limit(1);
await db.execute(sql`
  insert into robot_records (tenant_id, project_id, task_id, track_id, point_id, item_id, device_id, task_name, track_name, point_name, item_name, item_type, device_name, value, unit, inspect_status, recorded_at)
  select ${task.tenantId}, ${task.projectId}, t.id, ${task.trackId}, 1 + (g % 11), 1 + (g % 20), ${task.deviceId}, t.task_name, 'Rail', 'P' || (1 + g % 11), 'Item', 2, 'Robot', 20 + (g % 30), '°C', case when g % 13 = 0 then 1 else 0 end,
         ${yearAgo.toISOString()}::timestamptz + (g * interval '31 second')
  from generate_series(1, ${RECORDS}) g
  join (select id, task_name, row_number() over (order by id) rn from robot_tasks) t on t.rn = 1 + (g % ${Math.max(1, n)})`);
console.log(`  ${RECORDS} records written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const app = createCloud({ db, config: cloudConfig({ filesDir: ".data/bench-files" }), delivery: { send: async () => {} }, now: () => new Date() });
const login = await app.request("/iotCloud/sys/login/username", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "demoadmin", password: DEMO_ACCOUNTS.demoadmin.password, tId: 2 }) });
const token = ((await login.json()) as { data: { token: string } }).data.token;
const headers = { authorization: `Bearer ${token}`, language: "en", projectid: String(task.projectId) };
const timed = async (label: string, run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms`);
  return pct(times, 50);
};
const callOf = (name: string) => async () => {
  const res = (await (await app.request(`/iotCloud/stat/inspectionRecord/${name}`, { headers })).json()) as { code: number };
  if (res.code !== 200) throw new Error(`${name}: ${JSON.stringify(res).slice(0, 200)}`);
};

// Before: what the statistics did until the roll-up (aggregates over every record of the project; the
// timeouts without their partial index), measured in this same run on the same data.
const own = sql`tenant_id = ${task.tenantId} and project_id = ${task.projectId}`;
const before: Record<string, number> = {};
before.pointStatistics = await timed("before: pointStatistics (aggregate over the records)", () =>
  db.execute(sql`select point_id, max(point_name), max(track_name), count(*)::int, (count(*) filter (where inspect_status = 1))::int, max(recorded_at) from robot_records where ${own} group by point_id order by point_id`),
);
before.robotTaskStatistics = await timed("before: robotTaskStatistics (aggregates over the tasks and the records)", () =>
  Promise.all([
    db.execute(sql`select device_id, count(*)::int, (count(*) filter (where patrol_status = 2))::int, (count(*) filter (where timeout = 1))::int from robot_tasks where ${own} group by device_id`),
    db.execute(sql`select device_id, max(device_name), count(*)::int, (count(*) filter (where inspect_status = 1))::int from robot_records where ${own} group by device_id`),
  ]),
);
await db.execute(sql`drop index robot_tasks_timeouts`);
before.timeoutTaskStatistics = await timed("before: timeoutTaskStatistics (no partial index)", callOf("timeoutTaskStatistics"));
await db.execute(sql`create index robot_tasks_timeouts on robot_tasks (tenant_id, project_id, slot_at) where timeout = 1`);
before.taskStatistics = await timed("before: taskStatistics (unchanged)", callOf("taskStatistics"));

// The roll-up of records written before it existed, as a start builds it.
t0 = performance.now();
const days = await backfillRecordDays(db);
console.log(`  roll-up built from ${RECORDS} records: ${days} daily rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// The tasks' daily counts were kept as the tasks were generated; built again from the tasks, as a start does after the upgrade.
await db.execute(sql`delete from robot_task_days`);
t0 = performance.now();
const taskDays = await backfillTaskDays(db);
console.log(`  task counts built from ${n} tasks: ${taskDays} daily rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
for (const name of ["pointStatistics", "taskStatistics", "timeoutTaskStatistics", "robotTaskStatistics"]) {
  const p50 = await timed(`${name} over ${RECORDS} records (goal p50 ≤ 200 ms)`, callOf(name));
  console.log(`  ${name}: before / after p50 = ${(before[name] / p50).toFixed(1)}×`);
}
await handle.close();
