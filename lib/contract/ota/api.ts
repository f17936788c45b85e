import { z } from "zod";
import { defineCall, empty, file } from "../call";
import { dbId, idQuery } from "../common";
import { crudCalls } from "../entity-calls";
import { DEVICE_READERS } from "../device/readers";
import { otaFile, otaPackage, otaUploadQuery, type OtaPackage } from "./package";
import { OTA_ADD, OTA_UPD, otaRead, otaTaskDevice, otaVersion, otaVersionQuery } from "./task-api";

const OTA_DEL = "dev:ota:del";

/** Tenants a package may be offered to. */
export const otaTenant = z.object({ id: z.number().int(), tenantName: z.string() });

/** What a device runs per module (the default module is its firmware version), and its upgrades, newest first: the device page's firmware tab. */
export const otaDeviceUpgrade = otaTaskDevice
  .pick({ id: true, taskId: true, status: true, phase: true, progress: true, attempt: true, fromVersion: true, errorCode: true, errorText: true, queuedAt: true, notifiedAt: true, doneAt: true })
  .extend({ taskName: z.string(), packageName: z.string(), module: z.string(), version: z.string() });
export type OtaDeviceUpgrade = z.infer<typeof otaDeviceUpgrade>;
export const otaDeviceFirmware = z.object({
  modules: z.array(z.object({ module: z.string(), version: z.string().nullable(), informedAt: z.string().nullable() })),
  upgrades: z.array(otaDeviceUpgrade),
});
export type OtaDeviceFirmware = z.infer<typeof otaDeviceFirmware>;

/** A package's download, signed for one task device: `?d=&e=&s=` (task device, expiry in epoch seconds, HMAC). */
export const otaDownloadQuery = z.object({ d: dbId, e: z.coerce.number().int().positive(), s: z.string().regex(/^[a-f0-9]{64}$/) });

/**
 * Upgrade packages (device ota, core §7): page, add, upd, info, del; versionList (versions a
 * product's devices run), tenantList, uploadFile (multipart, the product in the query), delFile
 * (an upload no package kept), the devices' signed download, and one device's firmware history.
 */
export const otaApi = {
  ...crudCalls(otaPackage, { only: ["page", "info", "add", "upd", "del"], read: otaRead }),
  versionList: defineCall({ kind: "get", path: "device/ota/versionList", input: otaVersionQuery, answer: z.array(otaVersion), access: otaRead }),
  /** The products packages may be for: every tenant's for the platform (devices are every tenant's), else the caller's. */
  productList: defineCall({ kind: "get", path: "device/ota/productList", answer: z.array(z.object({ id: z.number().int(), prodName: z.string() })), access: otaRead }),
  tenantList: defineCall({ kind: "get", path: "device/ota/tenantList", answer: z.array(otaTenant), access: otaRead }),
  uploadFile: defineCall({ kind: "upload", path: "device/ota/uploadFile", input: otaUploadQuery, answer: otaFile, access: { perm: [OTA_ADD, OTA_UPD] } }),
  delFile: defineCall({ kind: "post", path: "device/ota/delFile", input: z.object({ path: z.string().min(1, "validation.required").max(80, "validation.maxLength") }), answer: empty, access: { perm: [OTA_ADD, OTA_UPD, OTA_DEL] } }),
  download: defineCall({ kind: "get", path: "device/ota/download", input: otaDownloadQuery, answer: file, access: "device" }),
  /** A device's firmware and upgrade history, for whoever may read the device (its page's firmware tab). */
  deviceFirmware: defineCall({ kind: "get", path: "device/ota/deviceFirmware", input: idQuery, answer: otaDeviceFirmware, access: { menu: DEVICE_READERS }, scope: "own" }),
};

export type { OtaPackage };
