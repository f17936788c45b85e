import { streamSSE } from "hono/streaming";
import { Code } from "@/lib/contract/envelope";
import { debugApi } from "@/lib/contract/device/debug";
import { devicePrefix, deviceTopics } from "@/lib/contract/device/topics";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { opsDevices, productName, productThingModel } from "../../db/queries/device-ops";
import type { Traffic } from "../../ingest/pipeline";
import { AppError } from "../../lib/http";
import { serve } from "../../lib/serve";
import { deviceFor } from "../../lib/devices";

const PICKER_LIMIT = 200;
/** A stream ends before the console's 120 s forwarding time-out; the browser's EventSource reconnects. */
const STREAM_MS = 100_000;
const HEARTBEAT_MS = 15_000;


/**
 * comm debug (online debugging, core §2 /debug): the devices the caller may operate, a device's
 * writable properties and services with their typed inputs, and its live traffic up and down as
 * server-sent events, which the console forwards behind the session: the broker is never exposed.
 */
export const debugServed = [
  serve(debugApi.devices, (c, { keyword }) => opsDevices(c.var.deps.db, c.var.auth, keyword || undefined, PICKER_LIMIT, c.var.locale)),
  serve(debugApi.model, async (c, { deviceId }) => {
    const d = await deviceFor(c, deviceId);
    const [model, prodName] = await Promise.all([productThingModel(c.var.deps.db, d.productId, c.var.locale), productName(c.var.deps.db, d.productId, c.var.locale)]);
    return {
      device: { ...d, prodName },
      topics: deviceTopics(d.productId, d.sn),
      properties: model.filter((f) => f.funcType === FUNC_TYPE.property && f.accessMode === "rw"),
      services: model.filter((f) => f.funcType === FUNC_TYPE.service),
    };
  }),
  serve(debugApi.stream, async (c, { deviceId }) => {
    const d = await deviceFor(c, deviceId);
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
  }),
];
