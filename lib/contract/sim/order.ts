import { z } from "zod";
import { defineCall, typed } from "../call";
import { defineEntity, keyField, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { text } from "../validation";
import { choice, iccid, optionalSimId, simId } from "./common";
import { SIM_ORDER_STATUS, SIM_ORDER_TYPES } from "./enums";

/**
 * Order (core §1 simOrder): cards put on a plan for a number of periods, or renewed; the amount is
 * the plan's price × periods × cards (cents, shown with two decimals and thousands separators).
 * An order takes effect when placed: the cards' quota and expiry follow it. An update changes the
 * remark, or cancels it (status 2).
 */
export const simOrder = defineEntity({
  ns: "sim.order",
  api: "device/simOrder", perm: "dev:simOrder",
  nameField: "orderNo",
  fields: {
    id: keyField,
    orderNo: { kind: "text", readOnly: true, search: "contains", sort: true, width: 190 },
    orderType: { schema: choice(SIM_ORDER_TYPES), readOnly: true, kind: "select", dict: "simOrderType", search: "eq" },
    productId: { schema: simId, kind: "select", search: "eq", list: false, detail: false, export: false },
    prodName: { kind: "text", readOnly: true },
    customerId: { schema: optionalSimId, kind: "select", search: "eq", list: false, detail: false, export: false },
    custName: { kind: "text", readOnly: true },
    iccids: { schema: z.array(iccid).min(1, "validation.minItems").max(10_000, "validation.maxItems"), kind: "custom", list: false, export: false, full: true },
    cardCount: { kind: "number", readOnly: true },
    periods: { schema: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(36, "validation.max"), kind: "number", min: 1, max: 36 },
    amount: { kind: "money", readOnly: true, column: "amountCents", floatNum: 2, sort: true },
    orderStatus: { schema: choice(SIM_ORDER_STATUS), readOnly: true, kind: "status", dict: "simOrderStatus", search: "eq" },
    remark: { schema: text(500), kind: "textarea", full: true, list: false },
    createdBy: { kind: "text", readOnly: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, search: "range", range: ["startTime", "endTime"] },
  },
});
export type SimOrder = RowOf<typeof simOrder.fields>;

/** An update: the remark, or the order cancelled. */
export const simOrderUpdate = z.object({ id: simId, remark: text(500), orderStatus: choice(SIM_ORDER_STATUS).optional() });

/** simOrder: page, info, add, upd, del, export (core §7). */
export const simOrderApi = {
  ...crudCalls(simOrder, { only: ["page", "info", "add", "del", "export"], read: { menu: ["/sim/simOrder", "/sim/sim"] } }),
  upd: defineCall({ kind: "post", path: "device/simOrder/upd", input: simOrderUpdate, answer: typed<SimOrder>(), access: { perm: "dev:simOrder:upd" }, entity: simOrder.ns }),
};
