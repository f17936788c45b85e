import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { text } from "../validation";
import { SIM_READERS } from "./product";

/** Customer (core §1 simCust): whom cards are sold or assigned to, with how many they hold. */
export const simCust = defineEntity({
  ns: "sim.customer",
  api: "device/simCust", perm: "dev:simCust",
  fields: {
    id: keyField,
    custName: rowName(64),
    contact: { schema: text(64), search: "contains" },
    phone: { schema: text(20) },
    cardCount: { kind: "number", readOnly: true },
    remark: { schema: text(500), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
});
export type SimCust = RowOf<typeof simCust.fields>;

/** simCust: page, list (pickers), info, add, upd, del, export (core §7). */
export const simCustApi = crudCalls(simCust, { only: ["page", "list", "info", "add", "upd", "del", "export"], read: { menu: SIM_READERS }, exportRead: { menu: ["/sim/simClient"] } });
