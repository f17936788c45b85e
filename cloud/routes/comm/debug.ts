import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { Code } from "@/lib/contract/envelope";
import { dbId } from "@/lib/contract/common";
import { devicePrefix, deviceTopics } from "@/lib/contract/device/topics";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { opsDevices, productName, productThingModel } from "../../db/queries/device-ops";
import type { Traffic } from "../../ingest/pipeline";
import { requireAuth, requireMenu } from "../../lib/auth";
import type { CloudEnv } from "../../lib/context";
import { AppError, ok, query } from "../../lib/http";
import { deviceFor } from "../../lib/devices";

const PICKER_LIMIT = 200;
/** A stream ends before the console's 120 s forwarding time-out; the browser's EventSource reconnects. */
const STREAM_MS = 100_000;
const HEARTBEAT_MS = 15_000;

const deviceQuery = z.object({ deviceId: dbId });
const pickerQuery = z.object({ keyword: z.string().trim().max(64).optional() });

/**
 * comm debug (online debugging, core §2 /debug): the devices the caller may operate, a device's
 * writable properties and services with their typed inputs, and its live traffic up and down as
 * server-sent events, which the console forwards behind the session: the broker is never exposed.
 */
export const debugRoutes = new Hono<CloudEnv>()
  .use(requireAuth, requireMenu("/debug"))
  .get("/devices", async (c) => {
    const { keyword } = query(c, pickerQuery);
    return ok(c, await opsDevices(c.var.deps.db, c.var.auth, keyword || undefined, PICKER_LIMIT, c.var.locale));
  })
  .get("/model", async (c) => {
    const d = await deviceFor(c, query(c, deviceQuery).deviceId);
    const [model, prodName] = await Promise.all([productThingModel(c.var.deps.db, d.productId), productName(c.var.deps.db, d.productId, c.var.locale)]);
    return ok(c, {
      device: { ...d, prodName },
      topics: deviceTopics(d.productId, d.sn),
      properties: model.filter((f) => f.funcType === FUNC_TYPE.property && f.accessMode === "rw"),
      services: model.filter((f) => f.funcType === FUNC_TYPE.service),
    });
  })
  .get("/stream", async (c) => {
    const d = await deviceFor(c, query(c, deviceQuery).deviceId);
    const ingest = c.var.deps.ingest;
    if (!ingest) throw new AppError(Code.BAD_REQUEST, "deviceOps.refused.noChannel");
    const prefix = devicePrefix(d.productId, d.sn);
    return streamSSE(c, async (stream) => {
      const queue: Traffic[] = [];
      let wake: (() => void) | null = null;
      const onTraffic = (t: Traffic) => {
        if (!t.topic.startsWith(prefix)) return;
        queue.push(t);
        wake?.();
      };
      ingest.on("traffic", onTraffic);
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      const end = Date.now() + STREAM_MS;
      try {
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ deviceId: d.id, prefix }) });
        while (open && Date.now() < end) {
          while (queue.length) await stream.writeSSE({ event: "traffic", data: JSON.stringify(queue.shift()) });
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, Math.min(HEARTBEAT_MS, Math.max(0, end - Date.now()))).unref();
          });
          wake = null;
          if (!queue.length && open) await stream.write(": keep-alive\n\n");
        }
      } finally {
        ingest.off("traffic", onTraffic);
      }
    });
  });
