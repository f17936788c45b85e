import { openDb } from "../cloud/db/client";
import { tenants } from "../cloud/db/schema";
import { addDevices, addSensorProduct } from "../cloud/ingest/fixtures";
import { DynsecAccounts } from "../cloud/ingest/dynsec";
import { ensureMosquitto, startMosquitto } from "../scripts/mosquitto";

/**
 * `npm run bench:dynsec`: what keeping Mosquitto's dynamic-security accounts in step costs.
 * BENCH_DEVICES (default 2,000) devices on in-memory PGlite, a throwaway Mosquitto 2 (installed when
 * missing): the start with none of their secrets on the broker, a secret issued to each in turn
 * (as adding a device or *New secret* does; Mosquitto 2.0 rewrites its whole plugin file after
 * every command, so the cost grows with the fleet), the reconcile with everything in step (every
 * later start) and a sync after a change that needs no command.
 */
const N = Number(process.env.BENCH_DEVICES ?? 2000);
ensureMosquitto();
const h = await openDb({ dataDir: "memory" });
const [t] = await h.db.insert(tenants).values({ name: "bench" } as typeof tenants.$inferInsert).returning({ id: tenants.id });
const productId = await addSensorProduct(h.db, t.id);
const devs = await addDevices(h.db, { tenantId: t.id, productId, count: N, prefix: "B" });
const broker = await startMosquitto();
const ms = (from: number) => Math.round(performance.now() - from);
const avg = (xs: number[]) => (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(1);
try {
  let at = performance.now();
  const accounts = await DynsecAccounts.start(h.db, broker.url);
  console.log(`start, ${N} devices, no secret on the broker: ${ms(at)} ms`);
  const each: number[] = [];
  for (const d of devs) {
    const t0 = performance.now();
    await accounts.issue({ sn: d.sn, productId, enabled: true }, d.secret, h.db);
    each.push(performance.now() - t0);
  }
  console.log(`a secret issued: ${avg(each.slice(0, 100))} ms each for the first 100, ${avg(each.slice(-100))} ms for the last 100 (${Math.round(each.reduce((s, x) => s + x, 0) / 1000)} s for all)`);
  at = performance.now();
  await accounts.reconcile();
  console.log(`reconcile, ${N} accounts in step: ${ms(at)} ms`);
  at = performance.now();
  for (const d of devs.slice(0, 100)) await accounts.sync(d.sn);
  console.log(`sync after a change, nothing to send: ${((performance.now() - at) / 100).toFixed(1)} ms each`);
  await accounts.close();
} finally {
  await broker.stop();
  await h.close();
}
