import { z } from "zod";

/**
 * The OTA protocol on a device's own topics (`iot/{productId}/{sn}/…`, see `device/topics.ts`):
 *
 * - cloud → device `ota/upgrade` `{"id","taskId","module","version","size","sha256","md5","url","urlExpires","isDiff","fromVersion"}`:
 *   `url` is a short-lived URL signed for that device (HMAC over path, task device and expiry), served with
 *   `Range` and the SHA-256 as ETag, so a download resumes after a reconnect.
 * - device → cloud `ota/progress` `{"taskId","step","desc"}`: step 0–100, or −1 failed, −2 download
 *   failed, −3 verification failed, −4 flashing failed.
 * - device → cloud `ota/inform` `{"module","version"}` on every start and after installing: the task
 *   device succeeds only when it informs the target version.
 * - device → cloud `ota/request` `{"module"}`: asks for a pending upgrade (pull mode).
 */
export const OTA_UP_CHANNELS = ["ota/progress", "ota/inform", "ota/request"] as const;
export const OTA_DOWN_CHANNELS = ["ota/upgrade"] as const;

/** Progress steps below zero: the device gave up, and why. */
export const OTA_STEP_ERRORS = { failed: -1, download: -2, verify: -3, flash: -4 } as const;

const moduleField = z.string().max(32).regex(/^[A-Za-z0-9_-]+$/).default("default");
export const otaProgress = z.object({
  taskId: z.coerce.number().int().positive(),
  step: z.coerce.number().int().min(-4).max(100),
  desc: z.string().max(200).optional(),
});
export const otaInform = z.object({ module: moduleField, version: z.string().trim().min(1).max(32) });
export const otaRequest = z.object({ module: moduleField });
export type OtaProgress = z.infer<typeof otaProgress>;
export type OtaInform = z.infer<typeof otaInform>;

export const otaUpgradeMessage = z.object({
  id: z.string(),
  taskId: z.number().int(),
  module: z.string(),
  version: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  md5: z.string(),
  url: z.string(),
  urlExpires: z.number().int(),
  isDiff: z.boolean(),
  fromVersion: z.string().nullable(),
});
export type OtaUpgradeMessage = z.infer<typeof otaUpgradeMessage>;
