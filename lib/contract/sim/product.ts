import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { decimalIn, text } from "../validation";
import { choice, money } from "./common";
import { SIM_CARRIERS, SIM_PERIODS } from "./enums";

export const QUOTA_MAX_MB = 10_000_000;

/**
 * Product category (core §1 simProd): a carrier's plan with its price per period (shown with two
 * decimals and thousands separators, stored in cents), its data quota and its period.
 */
export const simProd = defineEntity({
  ns: "sim.product",
  api: "device/simProd", perm: "dev:simProd",
  fields: {
    id: keyField,
    prodName: rowName(64),
    carrier: { schema: choice(SIM_CARRIERS), kind: "select", dict: "simCarrier", search: "eq" },
    price: { schema: money, kind: "money", column: "priceCents", min: 0, floatNum: 2, sort: true },
    quotaMb: { schema: decimalIn(0, QUOTA_MAX_MB), kind: "number", min: 0, max: QUOTA_MAX_MB, floatNum: 2 },
    period: { schema: choice(SIM_PERIODS), kind: "select", dict: "simPeriod", search: "eq" },
    remark: { schema: text(500), kind: "textarea", full: true, list: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
});
export type SimProd = RowOf<typeof simProd.fields>;

export const SIM_READERS = ["/sim/sim", "/sim/simOrder", "/sim/simClient", "/sim/simProduct", "/sim/simSet"] as const;

/** simProd: page, list (pickers), info, add, upd, del, export (core §7). */
export const simProdApi = crudCalls(simProd, { only: ["page", "list", "info", "add", "upd", "del", "export"], read: { menu: SIM_READERS }, exportRead: { menu: ["/sim/simProduct"] } });
