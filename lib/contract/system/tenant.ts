import { z } from "zod";
import { defineEntity, keyField, type RowOf } from "../entity";
import { defineCall, empty, pageOf } from "../call";
import { PASSWORD_MAX, passwordForm } from "../password";
import { codeRequired, endNotBeforeStart, mobile, optional, text, textRequired, username } from "../validation";
import { dbId, deleted, enableState, idQuery, idsBody, statusBody } from "../common";
import { i18nField, i18nTextsAnswer } from "../i18n-text";

/** Tenant (core §3): name, ID, region, contact, account, contract number, dates and attachment. */

/** A calendar day, `YYYY-MM-DD`. */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "validation.format");
const optionalDay = optional(day);

/** Area code of the area cascader (`sys/areas/tree`): province, city or district. */
export const areaCode = optional(z.string().regex(/^\d{2}(\d{2}){0,2}$/, "validation.format"));

const password = z.string({ error: "validation.required" }).min(1, "validation.required").max(PASSWORD_MAX, "validation.maxLength");
const contractDates = endNotBeforeStart<{ contractStart?: string | null; contractEnd?: string | null }>("contractStart", "contractEnd");

export const tenant = defineEntity({
  ns: "system.tenant",
  api: "sys/tenant", perm: "sys:tenant",
  nameField: "name",
  fields: {
    id: keyField,
    name: { schema: textRequired(64), search: "contains" },
    /** The tenant's ID: letters, digits and underscore, unique. */
    code: { schema: codeRequired },
    areaCode: { schema: areaCode, kind: "area", label: "fields.area" },
    /** The area's names joined with " / ". */
    areaName: { schema: z.string().nullable(), readOnly: true, list: false, detail: false, export: false },
    contact: { schema: text(32) },
    contactPhone: { schema: mobile, kind: "phone" },
    contractNo: { schema: text(64) },
    /** Search: contracts starting on or after this day. */
    contractStart: { schema: optionalDay, kind: "date", search: "eq", label: "fields.contractStart" },
    /** Search: contracts ending on or before this day. */
    contractEnd: { schema: optionalDay, kind: "date", search: "eq", label: "fields.contractEnd" },
    /** Stored path of the contract attachment (≤ 20 MB, checked by the uploader). */
    contractFile: { schema: text(500), kind: "document", purpose: "tenantContract", list: false, full: true },
    /** Adding a tenant also creates its administrator account, with a password checked against
     *  the new tenant's (default) policy; the row shows that account's name. */
    username: { schema: username },
    password: { schema: password, kind: "password", list: false, detail: false, export: false },
    confirmPassword: { schema: password, kind: "password", list: false, detail: false, export: false },
    status: { schema: z.number(), readOnly: true, kind: "status", dict: "enableStateExpiry" },
    enabled: { schema: enableState, readOnly: true, kind: "switch", dict: "enableState", search: "eq" },
    /** The administrator account's enable state, 1 or 2. */
    adminStatus: { schema: enableState.nullable(), readOnly: true, kind: "switch", dict: "enableState" },
    adminUserId: { schema: dbId.nullable(), readOnly: true, kind: "id", list: false, detail: false, export: false },
    userNums: { kind: "number", readOnly: true, list: false },
    projectNums: { kind: "number", readOnly: true, list: false },
    /** Uploads' storage: MB used of the tenant's quota (`STORAGE_QUOTA_MB`). */
    storageUsedMb: { kind: "number", readOnly: true, floatNum: 2 },
    storageQuotaMb: { kind: "number", readOnly: true, list: false, detail: false },
    createTime: { kind: "datetime", readOnly: true },
    /** Limits the new tenant's menus (all tenant menus when absent). */
    menuIds: { schema: z.array(dbId).max(5000, "validation.maxItems").optional(), list: false, detail: false, form: false, export: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    contractDates(v as Parameters<typeof contractDates>[0], ctx);
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.pwdMismatch" });
  },
});

/** `sys/tenant/add`: the tenant and its administrator account. */
export const tenantAdd = tenant.body;
export type TenantAdd = z.infer<typeof tenantAdd>;
/** `sys/tenant/upd`: the tenant's own fields (the account has its own calls). */
const { username: _u, password: _p, confirmPassword: _c, menuIds: _m, ...tenantShape } = tenant.shape;
export const tenantUpdate = z.object({ id: dbId, ...tenantShape }).superRefine(contractDates);
export type TenantUpdate = z.infer<typeof tenantUpdate>;

/** Days are checked as days (not date-times), and the area includes the areas below it. */
export const tenantQuery = tenant.query.extend({ areaCode, contractStart: optionalDay, contractEnd: optionalDay });
export type TenantQuery = z.infer<typeof tenantQuery>;

/** Menu authorisation: the tenant-tree menus (entries and buttons) the tenant may use. */
export const tenantAuth = z.object({ id: dbId, menuIds: z.array(dbId).max(5000, "validation.maxItems") });

/** Status of a tenant, from the `enableStateExpiry` dictionary: 0 contract not started yet,
 *  1 enabled, 2 disabled, 3 contract ended. */
export type TenantStatus = 0 | 1 | 2 | 3;

/** One row of the tenant list (`tenant/page`) and `tenant/info`. */
export type TenantRow = Omit<RowOf<typeof tenant.fields>, "password" | "confirmPassword" | "menuIds" | "status" | "code" | "username"> & {
  status: TenantStatus;
  /** The platform itself has no code; `username` is the administrator's (the "account" column). */
  code: string | null;
  username: string | null;
};

const orNull = z.string().nullable();
export const tenantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: orNull,
  enabled: z.number().int(),
  status: z.literal([0, 1, 2, 3]),
  areaCode: orNull,
  areaName: orNull,
  contact: orNull,
  contactPhone: orNull,
  contractNo: orNull,
  contractStart: orNull,
  contractEnd: orNull,
  contractFile: orNull,
  adminUserId: z.number().int().nullable(),
  username: orNull,
  adminStatus: z.number().int().nullable(),
  userNums: z.number().int(),
  projectNums: z.number().int(),
  storageUsedMb: z.number(),
  storageQuotaMb: z.number(),
  createTime: z.string(),
  i18n: i18nTextsAnswer,
}) satisfies z.ZodType<TenantRow>;

/** `tenant/info` adds the authorised menu ids (for the authorisation dialog). */
export type TenantInfo = TenantRow & { menuIds: number[] };
export const tenantInfo = tenantRow.extend({ menuIds: z.array(z.number().int()) }) satisfies z.ZodType<TenantInfo>;

/** `tenant/numStat`: counts over the customer tenants (the platform itself excluded). */
export const tenantNumStat = z.object({
  total: z.number().int(),
  enabled: z.number().int(),
  /** Contract ends within the expiry-warning window (`expireWarn.days`). */
  expiring: z.number().int(),
  expired: z.number().int(),
  userNums: z.number().int(),
  projectNums: z.number().int(),
  deviceNums: z.number().int(),
  onlineNums: z.number().int(),
});
export type TenantNumStat = z.infer<typeof tenantNumStat>;
/** `tenant/trendChart`: new tenants (`count`) and new devices per month, the last 12 months, oldest first. */
export const tenantTrendPoint = z.object({ month: z.string(), count: z.number().int(), deviceNums: z.number().int() });
export type TenantTrendPoint = z.infer<typeof tenantTrendPoint>;
/** `tenant/areaChart`: per province, tenants (`count`) and projects, each by its own area code. */
export const tenantAreaPoint = z.object({ areaCode: z.string(), areaName: z.string(), count: z.number().int(), projectNums: z.number().int() });
export type TenantAreaPoint = z.infer<typeof tenantAreaPoint>;
/** `tenant/statDeviceNums`: per tenant, its projects, users and devices (online and offline among them). */
export const tenantDeviceNums = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  projectNums: z.number().int(),
  userNums: z.number().int(),
  deviceNums: z.number().int(),
  onlineNums: z.number().int(),
  offlineNums: z.number().int(),
});
export type TenantDeviceNums = z.infer<typeof tenantDeviceNums>;

/** The tenant list's screen: who may see the tenants may see their statistics (also on the home). */
export const TENANT_SCREEN = "/systemSet/tenantSet";
const read = { menu: [TENANT_SCREEN] };

/** sys/tenant (core §7): the platform's tenants, their administrators, authorisation and statistics; platform only (checked by the cloud beside each call's code). */
export const tenantApi = {
  page: defineCall({ kind: "get", path: "sys/tenant/page", input: tenantQuery, answer: pageOf(tenantRow), access: read }),
  info: defineCall({ kind: "get", path: "sys/tenant/info", input: idQuery, answer: tenantInfo, access: read }),
  add: defineCall({ kind: "post", path: "sys/tenant/add", input: tenantAdd, answer: tenantRow, access: { perm: "sys:tenant:add" } }),
  upd: defineCall({ kind: "post", path: "sys/tenant/upd", input: tenantUpdate, answer: tenantRow, access: { perm: "sys:tenant:upd" } }),
  del: defineCall({ kind: "post", path: "sys/tenant/del", input: idsBody, answer: deleted, access: { perm: "sys:tenant:del" } }),
  openOrClose: defineCall({ kind: "post", path: "sys/tenant/openOrClose", input: statusBody, answer: empty, access: { perm: "sys:tenant:openOrClose" } }),
  adminStatus: defineCall({ kind: "post", path: "sys/tenant/openOrCloseAdminStatus", input: statusBody, answer: empty, access: { perm: "sys:tenant:openOrClose" } }),
  updAuth: defineCall({ kind: "post", path: "sys/tenant/updAuth", input: tenantAuth, answer: z.object({ menuIds: z.array(z.number().int()) }), access: { perm: "sys:tenant:auth" } }),
  resetPwd: defineCall({ kind: "post", path: "sys/tenant/updUserPwd", input: passwordForm, answer: empty, access: { perm: "sys:tenant:resetPwd" } }),
  numStat: defineCall({ kind: "get", path: "sys/tenant/numStat", answer: tenantNumStat, access: read }),
  trendChart: defineCall({ kind: "get", path: "sys/tenant/trendChart", answer: z.array(tenantTrendPoint), access: read }),
  areaChart: defineCall({ kind: "get", path: "sys/tenant/areaChart", answer: z.array(tenantAreaPoint), access: read }),
  deviceNums: defineCall({ kind: "get", path: "sys/tenant/statDeviceNums", answer: z.array(tenantDeviceNums), access: read }),
};
