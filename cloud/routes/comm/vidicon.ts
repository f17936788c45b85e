import { eq } from "drizzle-orm";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { CAMERA_HOLD_STEP, CAMERA_REPEAT_MS, CAMERA_RESEND_MS, CAMERA_STOP_WAIT_S, CAMERA_TTL_MS, VIDICON_SERVICE, videoApi } from "@/lib/contract/video/video";
import { productFunctions } from "../../db/schema";
import { commandsOf } from "../../ingest/commands";
import type { Ctx } from "../../lib/context";
import { deviceFor, dispatchCommand } from "../../lib/devices";
import { badRequest } from "../../lib/http";
import { serve } from "../../lib/serve";

/** The caller's camera with the pad's service; another tenant's or an unseen project's is not found. */
async function padCamera(c: Ctx, id: number) {
  const d = await deviceFor(c, id);
  const fns = await c.var.deps.db.select({ definition: productFunctions.definition }).from(productFunctions).where(eq(productFunctions.productId, d.productId));
  if (!fns.some((f) => f.definition.identifier === VIDICON_SERVICE && f.definition.funcType === FUNC_TYPE.service)) throw badRequest("cloud.video.noPad", { name: d.name });
  return d;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The camera pad (widgets §7 `vidiconOperate`, core §7 comm apiWs/vidicon): a step of ±5 is a held
 * press, sent with the time-to-live after which the camera stops by itself and answered once sent
 * (its repeats fold onto one command row); ±10 is a click, a turn of one repeat; 0 stops the axis
 * and answers once the camera acknowledged; restore and video wait for the camera's answer. What is
 * waited for is idempotent, so it is sent again every `CAMERA_RESEND_MS` until answered: a lost
 * stop costs one gap, not the whole wait and the console's retry.
 */
export const vidiconServed = [
  serve(videoApi.vidicon, async (c, b) => {
    const device = await padCamera(c, b.deviceId);
    const step = b.controlValue ?? 0;
    const turn = b.controlType === "vertical" || b.controlType === "horizontal";
    const held = turn && Math.abs(step) === CAMERA_HOLD_STEP;
    const ttlMs = !turn || step === 0 ? 0 : held ? CAMERA_TTL_MS : CAMERA_REPEAT_MS;
    const params = turn ? { controlType: b.controlType, controlValue: step, ttlMs } : { controlType: b.controlType };
    // A move goes out and is not waited for: its repeats and its stop follow within the TTL.
    const moving = turn && step !== 0;
    const row = await dispatchCommand(c, { device, cmdType: "service", identifier: VIDICON_SERVICE, params, timeoutS: turn ? CAMERA_STOP_WAIT_S : 5, foldMs: held ? CAMERA_TTL_MS : undefined, resendMs: moving ? undefined : CAMERA_RESEND_MS });
    if (moving) return { pan: null, tilt: null, url: null };
    const done = await commandsOf(c.var.deps.ingest!).wait(row.id);
    if (done.status !== COMMAND_STATUS.success) throw badRequest(done.status === COMMAND_STATUS.timeout ? "cloud.video.padNoAnswer" : "cloud.video.padFailed", { name: device.name });
    const out = ((JSON.parse(done.reply ?? "{}") as { params?: Record<string, unknown> }).params ?? {}) as Record<string, unknown>;
    // The stream is the console's own address for the camera (the media host never reaches the browser).
    return { pan: num(out.pan), tilt: num(out.tilt), url: b.controlType === "video" ? `/api/${videoApi.flv.path}?id=${device.id}` : null };
  }),
];
