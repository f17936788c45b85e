import { z } from "zod";
import { pageQuery } from "../page-query";
import { PASSWORD_MAX } from "../password";
import { codeRequired, endNotBeforeStart, mobile, optional, text, textRequired, username } from "../validation";
import { dbId, optionalEnableState } from "./status";

/** Tenant (core §3): name, ID, region, contact, account, contract number, dates and attachment. */

/** A calendar day, `YYYY-MM-DD`. */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "validation.format");
const optionalDay = optional(day);

/** Area code of the area cascader (`sys/areas/tree`): province, city or district. */
export const areaCode = optional(z.string().regex(/^\d{2}(\d{2}){0,2}$/, "validation.format"));

const tenantFields = {
  name: textRequired(64),
  /** The tenant's ID: letters, digits and underscore, unique. */
  code: codeRequired,
  areaCode,
  contact: text(32),
  contactPhone: mobile,
  contractNo: text(64),
  contractStart: optionalDay,
  contractEnd: optionalDay,
  /** Stored path of the contract attachment (≤ 20 MB, checked by the uploader). */
  contractFile: text(500),
};
type TenantFields = z.infer<z.ZodObject<typeof tenantFields>>;
const contractDates = endNotBeforeStart<TenantFields>("contractStart", "contractEnd");

export const tenantUpdate = z.object({ id: dbId, ...tenantFields }).superRefine(contractDates);
export type TenantUpdate = z.infer<typeof tenantUpdate>;

/** Adding a tenant also creates its administrator account, with a password checked against the
 *  new tenant's (default) policy; `menuIds` limits its menus (all tenant menus when absent). */
export const tenantAdd = z
  .object({
    ...tenantFields,
    username,
    password: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
    confirmPassword: z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength"),
    menuIds: z.array(dbId).max(5000, "validation.maxItems").optional(),
  })
  .superRefine(contractDates)
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "validation.pwdMismatch" });
export type TenantAdd = z.infer<typeof tenantAdd>;

export const tenantQuery = pageQuery.extend({
  name: optional(z.string().max(64)),
  enabled: optionalEnableState,
  /** Tenants in this area or below it. */
  areaCode,
  /** Contracts starting on or after this day. */
  contractStart: optionalDay,
  /** Contracts ending on or before this day. */
  contractEnd: optionalDay,
});
export type TenantQuery = z.infer<typeof tenantQuery>;

/** Menu authorisation: the tenant-tree menus (entries and buttons) the tenant may use. */
export const tenantAuth = z.object({ id: dbId, menuIds: z.array(dbId).max(5000, "validation.maxItems") });

/** Status of a tenant, from the `enableStateExpiry` dictionary: 0 contract not started yet,
 *  1 enabled, 2 disabled, 3 contract ended. */
export type TenantStatus = 0 | 1 | 2 | 3;

/** One row of the tenant list (`tenant/page`) and `tenant/info`. */
export type TenantRow = {
  id: number;
  name: string;
  code: string | null;
  enabled: number;
  status: TenantStatus;
  areaCode: string | null;
  /** The area's names joined with " / ". */
  areaName: string | null;
  contact: string | null;
  contactPhone: string | null;
  contractNo: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  contractFile: string | null;
  adminUserId: number | null;
  /** The administrator's account name (the "account" column). */
  username: string | null;
  /** The administrator account's enable state, 1 or 2. */
  adminStatus: number | null;
  userNums: number;
  projectNums: number;
  createTime: string;
};

/** `tenant/info` adds the authorised menu ids (for the authorisation dialog). */
export type TenantInfo = TenantRow & { menuIds: number[] };

/** `tenant/numStat`: counts over the customer tenants (the platform itself excluded). */
export type TenantNumStat = {
  total: number;
  enabled: number;
  /** Contract ends within the expiry-warning window (`expireWarn.days`). */
  expiring: number;
  expired: number;
  userNums: number;
  projectNums: number;
};
/** `tenant/trendChart`: new tenants per month, the last 12 months, oldest first. */
export type TenantTrendPoint = { month: string; count: number };
/** `tenant/areaChart`: tenants per province. */
export type TenantAreaPoint = { areaCode: string; areaName: string; count: number };
/** `tenant/statDeviceNums`: per tenant. No devices table exists yet, so it answers the counts
 *  that exist — projects and users — under their own names. */
export type TenantDeviceNums = { tenantId: number; tenantName: string; projectNums: number; userNums: number };
