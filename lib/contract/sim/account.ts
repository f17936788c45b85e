import { z } from "zod";
import { enableState } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { isUrl, WEB_SCHEMES } from "../url";
import { optional, text } from "../validation";
import { choice } from "./common";
import { SIM_ADAPTERS, SIM_CARRIERS } from "./enums";

/** Each real interface's public endpoint: an account that names none uses its interface's. */
export const ADAPTER_ENDPOINTS = { onelink: "https://api.iot.10086.cn", controlcenter: "https://api.10646.cn", cmp: "https://cmp-api.ctwing.cn:20164" } as const;
export const ACCOUNT_RATE_MAX = 100;

/**
 * A tenant's account with a carrier (issue 37): which adapter speaks to it, its endpoint, app id
 * (OneLink's app id, Control Center's user name, CMP's AppKey) and secret (OneLink's password,
 * Control Center's API key, CMP's secret), and the calls a second it allows.
 * The secret is write-only: sealed at rest with `SECRETS_KEY`, never answered — an answer says
 * only whether one is set (`secretSet`); an update without one keeps the stored one. One account
 * per carrier; a carrier without one uses the platform's default (the environment's, or the
 * simulated carrier).
 */
export const simAccount = defineEntity({
  ns: "sim.account",
  api: "device/simAccount", perm: "dev:simAccount",
  fields: {
    id: keyField,
    accountName: rowName(64),
    carrier: { schema: choice(SIM_CARRIERS), kind: "select", dict: "simCarrier", search: "eq" },
    adapter: { schema: choice(SIM_ADAPTERS), kind: "select", dict: "simAdapter" },
    endpoint: { schema: optional(z.string().trim().max(200, "validation.maxLength").refine((s) => isUrl(s, WEB_SCHEMES), "validation.url")), full: true, list: false },
    appId: { schema: text(64), list: false },
    /** Write-only: taken on add and update, never answered. */
    secret: { schema: optional(z.string().max(200, "validation.maxLength")), kind: "password", column: "secretSealed", list: false, detail: false, export: false },
    secretSet: { schema: z.boolean(), kind: "switch", readOnly: true },
    rate: { schema: z.coerce.number({ error: "validation.number" }).int("validation.integer").min(1, "validation.min").max(ACCOUNT_RATE_MAX, "validation.max").default(5), kind: "number", min: 1, max: ACCOUNT_RATE_MAX },
    enableStatus: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    remark: { schema: text(500), kind: "textarea", full: true, list: false },
    updateTime: { kind: "datetime", readOnly: true, column: "updatedAt" },
  },
});
export type SimAccount = RowOf<typeof simAccount.fields>;

/** simAccount: page, info, add, upd, del — the carrier accounts of SIM settings. */
export const simAccountApi = crudCalls(simAccount, { only: ["page", "info", "add", "upd", "del"], read: { menu: ["/sim/simSet"] } });
