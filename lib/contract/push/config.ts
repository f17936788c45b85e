import { z } from "zod";
import { dbId, enableState } from "../common";
import { defineCall } from "../call";
import { defineEntity, keyField, rowName, type RowOf } from "../entity";
import { crudCalls } from "../entity-calls";
import { text } from "../validation";
import { isUrl, WEB_SCHEMES } from "../url";
import { HTTP_METHODS, PUSH_DATA, PUSH_DATA_KIND, PUSH_DEVICE_SCOPE, PUSH_DEVICE_SCOPES, PUSH_ENCODINGS, PUSH_METHODS, type PushMethod } from "./enums";
import { i18nField } from "../i18n-text";

const choice = <const T extends readonly (string | number)[]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" && typeof values[0] === "number" && v !== "" ? Number(v) : v), z.custom<T[number]>((v) => values.includes(v as T[number]), "validation.invalidOption"));

/** An HTTP header name (RFC 9110 token). */
const headerName = z.string().trim().min(1, "validation.required").max(64, "validation.maxLength").regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "validation.push.headerName");
/** A header value: no line breaks (they would start another header). */
const headerValue = z.string().max(1000, "validation.maxLength").regex(/^[^\r\n]*$/, "validation.push.headerValue");

/** A header of the request; a `secret` one (a token, a password) is stored encrypted and shown masked. */
export const pushHeader = z.object({ name: headerName, value: headerValue.default(""), secret: z.boolean().default(false) });
export type PushHeader = z.infer<typeof pushHeader>;
/** A query parameter added to the address. */
export const pushParam = z.object({ name: z.string().trim().min(1, "validation.required").max(64, "validation.maxLength"), value: z.string().max(500, "validation.maxLength").default("") });
export type PushParam = z.infer<typeof pushParam>;

/** Placeholders of a payload template; without a template the body is the default JSON document. */
export const TEMPLATE_VARS = ["items", "count", "name", "sentAt"] as const;

const isHttp = (m: unknown) => HTTP_METHODS.includes(m as PushMethod);
/** Whether an address suits the method: a URL of its schemes (`isUrl`; MQTT a broker, no path), or Kafka's brokers. */
const ADDRESS_RULES: Record<PushMethod, (address: string) => boolean> = {
  POST: (a) => isUrl(a, WEB_SCHEMES),
  GET: (a) => isUrl(a, WEB_SCHEMES),
  MQTT: (a) => isUrl(a, ["mqtt", "mqtts"]) && /^[a-z]+:\/\/[^/?#]+\/?$/i.test(a),
  // Brokers "host:port,host:port"; blank means KAFKA_BROKERS of the cloud.
  KAFKA: (a) => /^[A-Za-z0-9.-]+:\d{1,5}(,[A-Za-z0-9.-]+:\d{1,5})*$/.test(a),
};

/**
 * Data push configuration (pushConfig, core §3 "Data push"): where a project's telemetry and
 * alarms go — HTTP POST / GET to an address with headers, parameters, a payload template and an
 * encoding; an external MQTT broker and topic; or Kafka brokers and a topic — for every device
 * of the project or the chosen ones; enabled or not (`oper`).
 */
export const pushConfig = defineEntity({
  ns: "push.config",
  api: "push/pushConfig", perm: "push:pushConfig", scope: "project",
  fields: {
    id: keyField,
    pushName: rowName(64),
    method: { schema: choice(PUSH_METHODS).default("POST"), kind: "select", dict: "pushMethod", search: "eq" },
    address: { schema: text(500), kind: "text", full: true },
    topic: { schema: text(200), kind: "text", list: false },
    dataTypes: { schema: z.array(choice(PUSH_DATA)).min(1, "validation.minItems").max(PUSH_DATA.length, "validation.maxItems").default([PUSH_DATA_KIND.telemetry]), kind: "multiselect", dict: "pushData" },
    deviceScope: { schema: choice(PUSH_DEVICE_SCOPES).default(PUSH_DEVICE_SCOPE.all), kind: "radio", dict: "pushDeviceScope", list: false },
    deviceIds: { schema: z.array(dbId).max(500, "validation.maxItems").default([]), kind: "custom", list: false, export: false },
    headers: { schema: z.array(pushHeader).max(20, "validation.maxItems").default([]), kind: "custom", list: false, export: false },
    params: { schema: z.array(pushParam).max(20, "validation.maxItems").default([]), kind: "custom", list: false, export: false },
    template: { schema: text(5000), kind: "textarea", full: true, list: false, export: false },
    encoding: { schema: choice(PUSH_ENCODINGS).default("UTF-8"), kind: "select", dict: "pushEncoding", list: false },
    /** A new configuration delivers at once unless switched off (the switch sits at the foot of the form). */
    enableStatus: { schema: enableState.default(1), kind: "switch", dict: "enableState", search: "eq" },
    /** The newest attempt's status and time, what waits in the outbox, and what was given up on. */
    lastStatus: { kind: "select", dict: "pushStatus", readOnly: true, form: false },
    lastPushTime: { kind: "datetime", readOnly: true, form: false },
    pending: { kind: "number", readOnly: true, form: false },
    dead: { kind: "number", readOnly: true, form: false },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", sort: true, form: false, list: false },
    i18n: i18nField,
  },
  refine: (v, ctx) => {
    const method = (v.method ?? "POST") as PushMethod;
    const address = typeof v.address === "string" ? v.address.trim() : "";
    if (!address && method !== "KAFKA") ctx.addIssue({ code: "custom", path: ["address"], message: "validation.required" });
    else if (address && !ADDRESS_RULES[method](address)) ctx.addIssue({ code: "custom", path: ["address"], message: `validation.push.address${method}` });
    if (!isHttp(method) && !(typeof v.topic === "string" && v.topic.trim())) ctx.addIssue({ code: "custom", path: ["topic"], message: "validation.required" });
    if (typeof v.topic === "string" && /[#+\s]/.test(v.topic) && method === "MQTT") ctx.addIssue({ code: "custom", path: ["topic"], message: "validation.push.topic" });
    if (v.deviceScope === PUSH_DEVICE_SCOPE.chosen && !(Array.isArray(v.deviceIds) && v.deviceIds.length)) ctx.addIssue({ code: "custom", path: ["deviceIds"], message: "validation.minItems", params: { min: 1 } });
    const names = Array.isArray(v.headers) ? (v.headers as PushHeader[]).map((h) => h.name.toLowerCase()) : [];
    if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", path: ["headers"], message: "validation.duplicate" });
  },
});
export type PushConfigRow = RowOf<typeof pushConfig.fields>;
export type PushConfigBody = z.infer<typeof pushConfig.body>;

/** `pushConfig/test`: one sample value sent now through a saved configuration, whether enabled or not. */
export const pushTest = z.object({ id: dbId });

/** One attempt to deliver a batch (pageLog). */
export const pushLog = defineEntity({
  ns: "push.log",
  api: "push/pushConfig", perm: "push:pushConfig", scope: "project",
  fields: {
    id: keyField,
    configId: { schema: dbId, kind: "id", search: "eq", list: false, detail: false, export: false },
    pushTime: { kind: "datetime", readOnly: true, column: "at", search: "range", sort: true },
    status: { schema: choice([1, 2, 3] as const), kind: "select", dict: "pushStatus", search: "eq" },
    httpStatus: { kind: "number", readOnly: true },
    durationMs: { kind: "number", readOnly: true },
    items: { kind: "number", readOnly: true },
    attempt: { kind: "number", readOnly: true },
    final: { schema: z.boolean(), kind: "text", readOnly: true },
    error: { kind: "text", readOnly: true, full: true },
    response: { kind: "textarea", readOnly: true, list: false, full: true },
  },
});
export type PushLogRow = RowOf<typeof pushLog.fields>;
/** The test send's answer: the attempt as the log would show it. */
export const pushTestResult = z.object({ status: z.union([z.literal(1), z.literal(2), z.literal(3)]), httpStatus: z.number().int().nullable(), durationMs: z.number(), error: z.string().nullable(), response: z.string().nullable() });
export type PushTestResult = z.infer<typeof pushTestResult>;

/** Configurations and their attempts are read on their screen only (issue 32 §5: not by a project user). */
export const PUSH_READERS = ["/devices/dataPush"] as const;

/**
 * pushConfig (core §7): page / info / add / upd (the whole configuration: its checks need every
 * field) / del, `oper` to switch it, `test` to send one sample value now.
 */
export const pushConfigApi = {
  ...crudCalls(pushConfig, { only: ["page", "info", "add", "upd", "del", "openOrClose"], read: { menu: PUSH_READERS }, oper: true, update: pushConfig.body.and(z.object({ id: dbId })) }),
  test: defineCall({ kind: "post", path: "push/pushConfig/test", input: pushTest, answer: pushTestResult, access: { perm: "push:pushConfig:upd" }, scope: "project" }),
};
/** pageLog: the attempts of one configuration. */
export const pushLogApi = crudCalls(pushLog, { only: ["page"], read: { menu: PUSH_READERS }, paths: { page: "pageLog" } });
