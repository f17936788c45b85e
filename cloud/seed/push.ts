import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { projects, pushConfigs } from "../db/schema";
import { tenantOf } from "../lib/scope";
import { bilingual } from "./bilingual";

/** The demo receiver of the README: a documentation address, so the seeded configuration stays disabled until pointed elsewhere. */
const DEMO_PUSH_URL = "https://example.com/iot/receive";

/** One disabled push configuration on the demo tenant's first project: telemetry and alarms to the example address. */
export async function seedDemoPush(db: Db, opts: { tenantId: number }) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(tenantOf(opts.tenantId).where(projects)).orderBy(asc(projects.id)).limit(1);
  if (!project) return;
  await db.insert(pushConfigs).values({
    tenantId: opts.tenantId,
    projectId: project.id,
    ...bilingual({ pushName: ["业主平台转发（示例）", "Forward to the owner platform (example)"] }),
    method: "POST",
    address: DEMO_PUSH_URL,
    dataTypes: [1, 2],
    headers: [{ name: "X-Site", value: "demo", secret: false }],
    params: [{ name: "source", value: "iot-console" }],
    encoding: "UTF-8",
    enableStatus: 2,
  });
}
