import { z } from "zod";
import { defineCall, pageOf } from "../call";
import { dbId, idsBody } from "../common";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { SECURITY_SCREEN } from "./safety";
import { API_KEY_ACCESS, API_KEY_TTL } from "./api-key-enums";

const oneOf = <T extends readonly number[]>(values: T) =>
  z.coerce.number({ error: "validation.select" }).refine((n) => (values as readonly number[]).includes(n), "validation.invalidOption");

/** The tenant administrator's screen of the tenant's keys, and its revoke button's code. */
export const API_KEY_ADMIN_SCREEN = "/systemSet/tenantApiKeys";
export const API_KEY_REVOKE_PERM = "sys:apiKey:revoke";

/** At most this many projects per key (a key for more is a key for all). */
export const API_KEY_PROJECTS_MAX = 50;

/**
 * A personal API key (issue 39): named, read-only or read-write, for every project its user sees
 * or chosen ones, with a lifetime. The secret is answered once, by the add; the list shows its
 * first characters, when and from where it was last used, and whether it is active.
 */
export const apiKey = defineEntity({
  ns: "system.apiKey",
  api: "sys/apiKey",
  fields: {
    id: keyField,
    name: rowName(64),
    prefix: { kind: "text", readOnly: true },
    writable: { schema: oneOf(API_KEY_ACCESS).default(0), kind: "radio", dict: "apiKeyAccess", search: "eq" },
    /** Empty: every project the user sees, now and later. */
    projectIds: { schema: z.array(dbId).max(API_KEY_PROJECTS_MAX, "validation.maxItems").default([]), kind: "multiselect", list: false, detail: false },
    projectNames: { schema: z.array(z.string()), readOnly: true, kind: "multiselect", label: "fields.projectIds" },
    /** Days from now; the answer carries `expiresAt`. */
    ttlDays: { schema: oneOf(API_KEY_TTL).default(90), kind: "radio", dict: "apiKeyTtl", list: false, detail: false },
    status: { schema: z.number().int(), kind: "status", readOnly: true, dict: "apiKeyStatus", width: 90 },
    expiresAt: { kind: "datetime", readOnly: true, sort: true },
    lastUsedAt: { kind: "datetime", readOnly: true },
    lastUsedIp: { kind: "text", readOnly: true },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true },
  },
});
export type ApiKeyRow = RowOf<typeof apiKey.fields>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  writable: z.number().int(),
  projectIds: z.array(z.number().int()),
  projectNames: z.array(z.string()),
  ttlDays: z.number().int().nullable(),
  status: z.number().int(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createTime: z.string(),
});
/**
 * The tenant administrator's view (issue 39): every key of the tenant with its owner, to see who
 * reaches the tenant's data from outside and to revoke any key. Never made here: a key is made by its user.
 */
export const tenantApiKey = defineEntity({
  ns: "system.apiKey",
  api: "sys/apiKey",
  perm: "sys:apiKey",
  fields: {
    id: keyField,
    owner: { kind: "text", readOnly: true, search: "contains", column: "owner" },
    name: rowName(64),
    prefix: apiKey.fields.prefix,
    writable: apiKey.fields.writable,
    projectNames: apiKey.fields.projectNames,
    status: apiKey.fields.status,
    expiresAt: apiKey.fields.expiresAt,
    lastUsedAt: apiKey.fields.lastUsedAt,
    lastUsedIp: apiKey.fields.lastUsedIp,
    createTime: apiKey.fields.createTime,
  },
});
export const tenantApiKeyRow = apiKeyRow.extend({ userId: z.number().int(), owner: z.string() });
export type TenantApiKeyRow = z.infer<typeof tenantApiKeyRow>;

/** The add's answer: the row and, this once, the key itself. */
export const apiKeyCreated = apiKeyRow.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

/**
 * sys/apiKey: the caller's own keys, from their security settings. Made with a session only: a
 * key can never make, list or revoke keys (the cloud refuses every call of the security screen to a key).
 */
const own = { access: { menu: [SECURITY_SCREEN] }, scope: "own" } as const;
export const apiKeyApi = {
  page: defineCall({ kind: "get", path: "sys/apiKey/page", input: apiKey.query, answer: pageOf(apiKeyRow), ...own, entity: apiKey.ns }),
  add: defineCall({ kind: "post", path: "sys/apiKey/add", input: apiKey.body, answer: apiKeyCreated, ...own, entity: apiKey.ns }),
  /** Revokes: the key stays listed as revoked, and is refused from the next call on. */
  del: defineCall({ kind: "post", path: "sys/apiKey/del", input: idsBody, answer: z.object({ deleted: z.number().int() }), ...own, entity: apiKey.ns }),
  /** The tenant's keys, every user's, for its administrators (the tenant's, never another tenant's). */
  tenantPage: defineCall({ kind: "get", path: "sys/apiKey/tenantPage", input: tenantApiKey.query, answer: pageOf(tenantApiKeyRow), access: { menu: [API_KEY_ADMIN_SCREEN] }, entity: apiKey.ns }),
  /** An administrator revokes any key of the tenant's. */
  tenantRevoke: defineCall({ kind: "post", path: "sys/apiKey/tenantRevoke", input: idsBody, answer: z.object({ deleted: z.number().int() }), access: { perm: API_KEY_REVOKE_PERM }, entity: apiKey.ns }),
};
