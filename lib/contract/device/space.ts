import { z } from "zod";
import { defineCall, pageOf, type CallAccess } from "../call";
import { dbId } from "../common";
import { defineEntity, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { code, text, textRequired } from "../validation";
import { SPACE_TYPES } from "./enums";
import { i18nField } from "../i18n-text";


/**
 * Space (core §3): a place within a project that devices are bound to — name, ID (`id`, with the
 * user's own code), type and one attachment (≤ 20 MB, core §5). `deviceNums` counts the bound
 * devices: a space with devices cannot be deleted.
 */
export const space = defineEntity({
  ns: "devices.space",
  api: "device/space", perm: "dev:space", scope: "project",
  fields: {
    spaceName: { schema: textRequired(64), search: "contains", sort: true },
    id: { kind: "id", readOnly: true, form: false },
    spaceCode: { schema: code, search: "contains" },
    spaceType: { schema: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(SPACE_TYPES, { error: "validation.invalidOption" }).optional()), kind: "select", dict: "spaceType", search: "eq" },
    attachment: { schema: text(500), kind: "document", purpose: "spaceAttachment", list: false, export: false, full: true },
    deviceNums: { kind: "number", readOnly: true, form: false, export: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
    i18n: i18nField,
  },
});

export type Space = RowOf<typeof space.fields>;

/** bind / unBind: devices of the space's project into or out of a space. */
export const spaceBindBody = z.object({ spaceId: dbId, deviceIds: z.array(dbId).min(1, "validation.minItems").max(500, "validation.maxItems") });
/** bindDevicePage (devices of the space) and unBindDevicePage (the project's devices in no space). */
export const spaceDevicePageQuery = z.object({
  spaceId: dbId,
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(9999).default(10),
  keyword: z.string().trim().max(64, "validation.maxLength").optional(),
});
/** A device as the space's dialogs list it. */
export const spaceDevice = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceSn: z.string(),
  productId: z.number().int(),
  prodName: z.string().nullable(),
  status: z.number().int(),
  spaceId: z.number().int().nullable(),
  spaceName: z.string().nullable(),
});
export type SpaceDevice = z.infer<typeof spaceDevice>;

/** The spaces screen and the device screens (the device form picks a space) read spaces. */
const read: CallAccess = { menu: ["/spaces/space", "/devices/device"] };
const moveDevices: CallAccess = { perm: "dev:space:upd" };

/** space: the project's spaces, and the devices bound to one. */
export const spaceApi = {
  ...crudCalls(space, { only: ["page", "list", "info", "add", "upd", "del", "export"], read }),
  bindDevicePage: defineCall({ kind: "get", path: "device/space/bindDevicePage", input: spaceDevicePageQuery, answer: pageOf(spaceDevice), access: read, scope: "project" }),
  unBindDevicePage: defineCall({ kind: "get", path: "device/space/unBindDevicePage", input: spaceDevicePageQuery, answer: pageOf(spaceDevice), access: read, scope: "project" }),
  bind: defineCall({ kind: "post", path: "device/space/bind", input: spaceBindBody, answer: z.object({ bound: z.number().int() }), access: moveDevices, scope: "project" }),
  unBind: defineCall({ kind: "post", path: "device/space/unBind", input: spaceBindBody, answer: z.object({ unbound: z.number().int() }), access: moveDevices, scope: "project" }),
};
