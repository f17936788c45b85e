import { z } from "zod";
import { dbId } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { optional, text, textRequired } from "../validation";
import { OTA_UPGRADE_TYPE, OTA_UPGRADE_TYPES } from "./enums";
import { i18nField } from "../i18n-text";

const choice = <const T extends readonly number[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/** A version as a device writes it: letters, digits, dots, dashes and underscores, with at least one digit. */
export const versionText = textRequired(32).pipe(z.string().regex(/^[A-Za-z0-9._+-]*\d[A-Za-z0-9._+-]*$/, "validation.ota.version"));
/** A module of a device (several per device, e.g. `mcu` and `app`); `default` is the device's master firmware. */
export const moduleName = z.preprocess((v) => (v === "" || v === null || v === undefined ? "default" : v), z.string().trim().max(32, "validation.maxLength").regex(/^[A-Za-z0-9_-]+$/, "validation.format"));
export const DEFAULT_MODULE = "default";

/**
 * Upgrade package (core §3 "upgrade package", §9 firmware types): a product's firmware image for
 * one module at one version, full or differential (from one version), with its file's size and
 * SHA-256 / MD5 (computed by the cloud from the stored file), release notes, the tenants whose
 * devices may get it (none named: every tenant, a platform package) and the lowest master version
 * a device must run to be pushed to (`minMasterVersion`; see `version.ts` for the 5.5.0 boundary).
 */
export const otaPackage = defineEntity({
  ns: "ota.package",
  api: "device/ota",
  perm: "dev:ota",
  fields: {
    id: keyField,
    packageName: rowName(64),
    productId: { schema: dbId, kind: "select", search: "eq", list: false, export: false },
    productName: { kind: "text", readOnly: true, label: "fields.productId" },
    version: { schema: versionText, kind: "text", search: "contains" },
    versionOrder: { schema: optional(z.coerce.number({ error: "validation.number" }).int("validation.integer").min(0, "validation.min").max(1e15, "validation.max")), kind: "number", sort: true, list: false },
    module: { schema: moduleName.default(DEFAULT_MODULE), kind: "text", search: "eq" },
    upgradeType: { schema: choice(OTA_UPGRADE_TYPES).default(OTA_UPGRADE_TYPE.full), kind: "radio", dict: "otaUpgradeType", search: "eq" },
    fromVersion: { schema: optional(versionText), kind: "text", list: false },
    filePath: { schema: z.string({ error: "validation.ota.noFile" }).min(1, "validation.ota.noFile").max(80, "validation.maxLength"), kind: "custom", list: false, detail: false, export: false, full: true },
    fileName: { kind: "text", readOnly: true },
    fileSize: { kind: "number", readOnly: true },
    sha256: { kind: "text", readOnly: true, list: false },
    md5: { kind: "text", readOnly: true, list: false },
    tenantIds: { schema: z.array(dbId).max(500, "validation.maxItems").default([]), kind: "multiselect", list: false, export: false },
    minMasterVersion: { schema: optional(versionText), kind: "text", list: false },
    description: { schema: text(500), kind: "textarea", full: true, list: false },
    deviceCount: { kind: "number", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    if (Number(v.upgradeType) === OTA_UPGRADE_TYPE.diff && !v.fromVersion) ctx.addIssue({ code: "custom", path: ["fromVersion"], message: "validation.ota.fromVersion" });
  },
});
export type OtaPackage = RowOf<typeof otaPackage.fields>;

/** What `uploadFile` answers: the stored file and what the cloud computed of it. */
export const otaFile = z.object({ path: z.string(), name: z.string(), size: z.number().int(), sha256: z.string(), md5: z.string() });
export type OtaFile = z.infer<typeof otaFile>;
/** `uploadFile?productId=`: the query names the product the image is for (widgets §7: the OTA upload takes query parameters). */
export const otaUploadQuery = z.object({ productId: dbId });
