import { z } from "zod";
import { defineCall } from "../call";

/**
 * The device-facing HTTP ingest (comm ingest): a device posts the payload it would publish over
 * MQTT to its own topic's path, authenticated by its SN and secret (`Authorization: Basic`), no
 * console session. The answer says how many values were kept and why any were refused.
 */
export const ingestAnswer = z.object({
  accepted: z.number().int().nonnegative(),
  rejects: z.array(z.object({ identifier: z.string().nullable(), reason: z.string(), msg: z.string() })),
});
export type IngestAnswer = z.infer<typeof ingestAnswer>;

export const ingestApi = {
  /** `{channel}` is `group/action` of an upward channel (`property/post` …); the body is the raw payload. */
  post: defineCall({ kind: "raw", path: "comm/ingest/:productId/:sn/:group/:action", answer: ingestAnswer, access: "device" }),
};

/** The path a device posts `channel` to: the console's credentials dialog shows it. */
export const ingestPath = (productId: number | string, sn: string, channel: string) =>
  ingestApi.post.path.replace(":productId", String(productId)).replace(":sn", sn).replace(":group/:action", channel);
