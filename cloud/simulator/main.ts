import { join } from "node:path";
import { openDb } from "../db/client";
import { startSimulator } from ".";

/**
 * `npm run simulate`: the demo devices alone, against any broker (`MQTT_URL`, default the embedded
 * one on MQTT_PORT). It reads the devices from the cloud's database: PostgreSQL (`DATABASE_URL`),
 * or the PGlite folder under DATA_DIR when no console is using it.
 */
const handle = await openDb({ url: process.env.DATABASE_URL, dataDir: join(process.env.DATA_DIR || ".data", "pglite") });
const sim = await startSimulator(handle.db, { brokerUrl: process.env.MQTT_URL || `mqtt://127.0.0.1:${process.env.MQTT_PORT || 1883}` });
// The device list is all it needs from the database.
await handle.close();
if (!sim.devices) console.log("[simulator] no demo devices in this database");
const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
