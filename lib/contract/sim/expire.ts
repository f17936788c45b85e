import { z } from "zod";
import { enableState } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { simId } from "./common";

/**
 * Expiry rule (core §2 simSet, §7 simExpire): this many days before a card expires, a to-do and an
 * in-site message go to the chosen users — once per card, rule and expiry date.
 */
export const simExpire = defineEntity({
  ns: "sim.expire",
  api: "device/simExpire", perm: "dev:simExpire",
  fields: {
    id: keyField,
    ruleName: rowName(64),
    daysBefore: { schema: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(365, "validation.max"), kind: "number", min: 1, max: 365 },
    userIds: { schema: z.array(simId).min(1, "validation.minItems").max(100, "validation.maxItems"), kind: "custom", list: false, export: false },
    userNames: { kind: "text", readOnly: true },
    enableStatus: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
});
export type SimExpire = RowOf<typeof simExpire.fields>;

/** simExpire: page, info, add, upd, del (core §7). */
export const simExpireApi = crudCalls(simExpire, { only: ["page", "info", "add", "upd", "del"], read: { menu: ["/sim/simSet"] } });
