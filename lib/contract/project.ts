import { z } from "zod";
import { defineCall } from "./call";
import { idQuery } from "./common";
import { defineEntity, rowName, type RowOf } from "./entity";
import { crudCalls } from "./entity-calls";
import { mobile, optional, text } from "./validation";
import { i18nField } from "./i18n-text";

const coordinate = (limit: number) => optional(z.coerce.number({ error: "validation.number" }).min(-limit, "validation.min").max(limit, "validation.max"));

/** Project (core §3): name, ID, type, contact person and phone, images, address, position. */
export const project = defineEntity({
  ns: "projects.project",
  api: "device/project", perm: "dev:project",
  fields: {
    prjName: rowName(64, { import: true, full: true }),
    id: { kind: "id", readOnly: true, form: false },
    prjType: { schema: text(32), kind: "select", dict: "prjType", search: "eq" },
    /** Devices and spaces in the project (deviceNums / spaceNums): a project with either cannot be deleted. */
    deviceNums: { kind: "number", readOnly: true, form: false, export: false, width: 90 },
    spaceNums: { kind: "number", readOnly: true, form: false, export: false, width: 90 },
    contactName: { schema: text(32), search: "contains", import: true },
    contactPhone: { schema: mobile, kind: "phone", import: true },
    areaCode: { schema: optional(z.string().regex(/^\d{6}$/, "validation.format")), kind: "area", label: "fields.area" },
    prjAddress: { schema: text(200), import: true, full: true },
    prjLongitude: { schema: coordinate(180), kind: "number", min: -180, max: 180, floatNum: 6, list: false, import: true, export: true },
    prjLatitude: { schema: coordinate(90), kind: "number", min: -90, max: 90, floatNum: 6, list: false, import: true, export: true },
    /** Stored file paths, at most 9 (image uploader limit). */
    images: { schema: z.array(z.string().max(500)).max(9, "validation.maxItems").default([]), kind: "images", purpose: "projectImage", limit: 9, list: false, export: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", range: ["startTime", "endTime"] },
    i18n: i18nField,
  },
});


export type Project = RowOf<typeof project.fields>;

/** project: the caller's projects (any signed-in user reads those they may see), and one's device and space counts. */
export const projectApi = {
  ...crudCalls(project, { only: ["page", "list", "info", "add", "upd", "del", "export", "template", "import"] }),
  deviceNums: defineCall({ kind: "get", path: "device/project/deviceNums", input: idQuery, answer: z.number().int().nonnegative(), access: "user" }),
  spaceNums: defineCall({ kind: "get", path: "device/project/spaceNums", input: idQuery, answer: z.number().int().nonnegative(), access: "user" }),
};
