import { z } from "zod";
import { defineEntity, keyField, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { choice, simId } from "./common";
import { SIM_ACTIONS, SIM_RESULTS } from "./enums";

/** Record (core §7 simRecord): every operation on a card — who, when, what and the result; the card page's status history and sync log. */
export const simRecord = defineEntity({
  ns: "sim.record",
  api: "device/simRecord",
  nameField: "iccid",
  fields: {
    id: keyField,
    cardId: { schema: simId, readOnly: true, kind: "id", search: "eq", list: false, detail: false, export: false },
    iccid: { schema: z.string(), readOnly: true, search: "contains", width: 200 },
    action: { schema: choice(SIM_ACTIONS), readOnly: true, kind: "select", dict: "simAction", search: "eq" },
    detail: { kind: "text", readOnly: true, full: true },
    result: { schema: choice(SIM_RESULTS), readOnly: true, kind: "status", dict: "simResult", search: "eq" },
    operator: { kind: "text", readOnly: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", range: ["startTime", "endTime"] },
  },
});
export type SimRecord = RowOf<typeof simRecord.fields>;

/** simRecord: page, export (core §7). */
export const simRecordApi = crudCalls(simRecord, { only: ["page", "export"], read: { menu: ["/sim/sim"] } });
