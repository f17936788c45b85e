import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId } from "../common";
import { defineEntity, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { optional, text, textRequired } from "../validation";

/** Up to 100 photos of at most 20 MB each (core §5); the size limit is the upload purpose's. */
export const BUILD_PHOTOS = 100;

const id = z.coerce.number({ error: "validation.select" }).int().positive().max(2_147_483_647);
const day = z.string({ error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format");

/**
 * Construction record (core §3 buildInfo): per project and device, the visit's type, personnel,
 * summary and date, the device's outbound date and warranty deadline (on or after the outbound
 * date), remarks (≤ 500) and photos (≤ 100).
 */
export const buildInfo = defineEntity({
  ns: "deviceOps.buildInfo",
  api: "device/buildInfo", perm: "dev:buildInfo",
  nameField: "personnel",
  fields: {
    id: { kind: "id", readOnly: true, list: false, detail: false, export: false },
    projectId: { schema: id, kind: "select", search: "eq", list: false, detail: false, export: false },
    projectName: { kind: "text", readOnly: true, form: false },
    deviceId: { schema: optional(id), kind: "select", search: "eq", list: false, detail: false, export: false },
    deviceName: { kind: "text", readOnly: true, form: false },
    buildType: { schema: z.coerce.number({ error: "validation.select" }).pipe(z.union([z.literal(1), z.literal(2)], { error: "validation.invalidOption" })), kind: "radio", dict: "buildType", search: "eq" },
    personnel: { schema: textRequired(100), search: "contains" },
    buildDate: { schema: day, kind: "date", sort: true, search: "range", range: ["startDate", "endDate"] },
    summary: { schema: text(500), kind: "textarea", full: true, list: true, width: 240 },
    outboundDate: { schema: optional(day), kind: "date", list: false },
    warrantyDate: { schema: optional(day), kind: "date" },
    remarks: { schema: text(500), kind: "textarea", full: true, list: false },
    photos: { schema: z.array(z.string().max(500)).max(BUILD_PHOTOS, "validation.maxItems").default([]), kind: "images", purpose: "buildPhoto", limit: BUILD_PHOTOS, list: false, export: false, full: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
  refine: (v, ctx) => {
    if (typeof v.outboundDate === "string" && typeof v.warrantyDate === "string" && v.outboundDate && v.warrantyDate && v.warrantyDate < v.outboundDate)
      ctx.addIssue({ code: "custom", path: ["warrantyDate"], message: "validation.warrantyAfterOutbound" });
  },
});
export type BuildInfo = RowOf<typeof buildInfo.fields>;

const READERS = { menu: ["/constructionRecord"] };

/** A device a record may name: the chosen project's. */
export const buildDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string() });

/**
 * buildInfo: info, del, add, addAdmin, page, upd (core §7), the list, the export and the devices
 * of a project for the form; `addAdmin` is a platform administrator's record for a tenant's project.
 */
export const buildInfoApi = {
  ...crudCalls(buildInfo, { only: ["page", "list", "info", "add", "upd", "del", "export"], read: READERS }),
  deviceList: defineCall({ kind: "get", path: "device/buildInfo/deviceList", input: z.object({ projectId: dbId }), answer: z.array(buildDevice), access: READERS }),
  // The platform has no construction-record menu of its own: being a platform user is the right.
  addAdmin: defineCall({ kind: "post", path: "device/buildInfo/addAdmin", input: buildInfo.body.and(z.object({ tenantId: dbId })), answer: typed<BuildInfo>(), access: "platform" }),
};
