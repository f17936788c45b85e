import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId, idQuery } from "../common";
import { SEND_PERM } from "../device/command";
import { crudCalls } from "../entity-calls";
import { linkageLog, type LinkageLogRow } from "./log";
import { LINKAGE_SCREEN, linkageModelCall, type PadControl } from "./pad";
import { linkageOperate, linkageRule, type LinkageRuleRow } from "./rule";

/** A device of the project as the editor's pickers list it. */
export const linkageDevice = z.object({ id: z.number().int(), deviceName: z.string(), deviceSn: z.string(), productId: z.number().int(), status: z.number().int() });
export type LinkageDevice = z.infer<typeof linkageDevice>;

/**
 * `operate` runs a rule now (`{ id }`) or, naming a device, is the linkage pad (`padControl`,
 * widgets §7): the handler tells them apart and checks the body by the one it is, so the refusal
 * names the fields of that one.
 */
const operateBody = z.custom<z.input<typeof linkageOperate> | PadControl>((v) => typeof v === "object" && v !== null && !Array.isArray(v), "validation.format");

/** Rules, their log and the editor's pickers are read on the linkage screen; a device's thing model also by the linkage pad of the device screens. */
const read = { menu: [LINKAGE_SCREEN] };

/**
 * Linkage rules and their log (device linkage, core §7) of the call's project: page, add, upd, del,
 * oper (enable switch), info (recipients by name), the editor's devices and a device's thing model,
 * operate (run now: the log row; a pad control: null on press, the device's answer on release),
 * and the executions: pageLog, infoLog, exportLog.
 */
export const linkageApi = {
  ...crudCalls(linkageRule, { only: ["page", "add", "upd", "del", "openOrClose"], read, oper: true, update: linkageRule.body.and(z.object({ id: dbId })) }),
  info: defineCall({ kind: "get", path: "device/linkage/info", input: idQuery, answer: typed<LinkageRuleRow>(), access: read, scope: "project" }),
  devices: defineCall({ kind: "get", path: "device/linkage/devices", answer: z.array(linkageDevice), access: read, scope: "project" }),
  model: linkageModelCall,
  operate: defineCall({ kind: "post", path: "device/linkage/operate", input: operateBody, answer: typed<LinkageLogRow | string | null>(), access: { perm: ["dev:linkage:upd", SEND_PERM] }, scope: "project" }),
};

export const linkageLogApi = crudCalls(linkageLog, { only: ["page", "info", "export"], read, paths: { page: "pageLog", info: "infoLog", export: "exportLog" } });
