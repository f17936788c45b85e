import { desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { PUSH_DEVICE_SCOPE, PUSH_STATUS, type PushMethod } from "@/lib/contract/push/enums";
import { pushConfig, pushConfigApi, pushLog, pushLogApi, type PushConfigRow, type PushLogRow, type PushTestResult } from "@/lib/contract/push/config";
import type { Db } from "../../db/client";
import { logPushAttempt, outboxCounts } from "../../db/queries/push";
import { devices, pushConfigs, pushLogs, telemetryLatest, type StoredHeader } from "../../db/schema";
import type { Ctx } from "../../lib/context";
import { columnsOf } from "../../lib/crud";
import { crudRoutes, OPER_SWITCH } from "../../lib/crud-routes";
import { badRequest, ok } from "../../lib/http";
import { serve } from "../../lib/serve";
import { projectOf, projectRow } from "../../lib/project-context";
import { maskEntries, sealEntries } from "../../lib/secrets";
import { kafkaBrokers, sendBatch } from "../../push/senders";

type Input = z.infer<typeof pushConfig.body>;

/** What the form cannot check: the chosen devices are the project's; Kafka has brokers. */
async function assertRefs(db: Db, c: Ctx, input: Input) {
  if (input.deviceScope === PUSH_DEVICE_SCOPE.chosen) {
    const ids = [...new Set(input.deviceIds)];
    const found = await db.select({ id: devices.id }).from(devices).where(projectOf(c).where(devices, inArray(devices.id, ids)));
    if (found.length !== ids.length) throw badRequest("cloud.push.deviceUnknown");
  }
  if ((input.method as PushMethod) === "KAFKA" && !kafkaBrokers({ address: input.address ?? null }).length) throw badRequest("cloud.push.kafkaUnavailable");
}

/** The columns of a configuration: devices only when chosen, secret header values sealed. */
function columns(input: Input, stored: StoredHeader[] = []) {
  const cols = columnsOf(pushConfig, input) as Partial<typeof pushConfigs.$inferInsert>;
  cols.deviceIds = input.deviceScope === PUSH_DEVICE_SCOPE.chosen ? [...new Set(input.deviceIds)] : [];
  cols.headers = sealEntries(input.headers, stored, (h) => h.name);
  return cols;
}

/**
 * Data push configurations (pushConfig, core §7) of the call's project: page / info / del from the
 * contract (secret headers masked), add / upd (secrets sealed; a masked secret sent back keeps the
 * stored one), `oper` to enable or disable, `test` to send one sample value now; `pageLog` lists
 * the attempts of one configuration. Each change tells the delivery engine.
 */
export const configServed = [
  ...crudRoutes<typeof pushConfig.fields, PushConfigRow>({
    table: pushConfigs,
    entity: pushConfig,
    calls: pushConfigApi,
    values: async (c, input, _partial, before) => {
      await assertRefs(c.var.deps.db, c, input as Input);
      return columns(input as Input, before?.headers as StoredHeader[] | undefined);
    },
    ...OPER_SWITCH,
    extra: outboxCounts,
    toRow: { headers: (r) => maskEntries(r.headers as StoredHeader[], (h) => h.name) as PushConfigRow["headers"] },
    afterWrite: (c) => c.var.deps.push?.invalidate(),
  }),
  serve(pushConfigApi.test, async (c, { id }) => {
    const { db, now } = c.var.deps;
    const config = await projectRow(c, pushConfigs, id);
    // The project's newest stored value when there is one: the receiver sees a real item's shape.
    const [latest] = await db
      .select({ deviceId: devices.id, deviceSn: devices.deviceSn, deviceName: devices.deviceName, identifier: telemetryLatest.identifier, ts: telemetryLatest.ts, num: telemetryLatest.num, txt: telemetryLatest.txt })
      .from(telemetryLatest)
      .innerJoin(devices, eq(devices.id, telemetryLatest.deviceId))
      .where(projectOf(c).where(devices))
      .orderBy(desc(telemetryLatest.ts))
      .limit(1);
    const at = now();
    const item = latest
      ? { kind: "telemetry", test: 1, deviceId: latest.deviceId, deviceSn: latest.deviceSn, deviceName: latest.deviceName, identifier: latest.identifier, ts: latest.ts.toISOString(), value: latest.num ?? latest.txt }
      : { kind: "telemetry", test: 1, deviceId: null, deviceSn: null, deviceName: null, identifier: "test", ts: at.toISOString(), value: 0 };
    const result = await sendBatch(config, [item], { now: at, timeoutMs: 10_000 });
    await logPushAttempt(db, { tenantId: config.tenantId, projectId: config.projectId, configId: config.id, at, status: result.status, httpStatus: result.httpStatus, durationMs: result.durationMs, items: 1, attempt: 1, final: false, error: result.error, response: result.response });
    const answer: PushTestResult = result;
    return ok(c, answer, result.status === PUSH_STATUS.success ? "cloud.push.testDelivered" : "cloud.push.testFailed");
  }),
  // The attempts of one configuration of the project, newest first (pageLog).
  ...crudRoutes<typeof pushLog.fields, PushLogRow>({ table: pushLogs, entity: pushLog, calls: pushLogApi, defaultOrder: [desc(pushLogs.id)] }),
];
