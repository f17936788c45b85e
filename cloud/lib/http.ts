import type { z } from "zod";
import { Code, envelopeOf } from "@/lib/contract/envelope";
import { fieldLabelKey } from "@/lib/contract/entity";
import { issueMessage } from "@/lib/contract/validation";
import type { Ctx } from "./context";
import { find, guessLabelKey, t } from "./i18n";

/** The one error type of the cloud: an envelope code, a message key and its values. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly values: Record<string, string | number> = {},
    readonly data: unknown = null,
    /** The refused field's path: the envelope's data carries it so the console marks that field. */
    readonly field?: string,
  ) {
    super(key);
  }
}

/**
 * A refusal of one field: the message names the field by its label in the caller's language
 * (`labelKey`, else the label any namespace gives that name, else the name itself), and the
 * envelope's data is `{ field, reason }`.
 */
export function fieldError(field: string, reasonKey: string, values: Record<string, string | number> = {}, labelKey?: string): AppError {
  const top = field.split(".")[0];
  const label = labelKey && find("zh-cn", labelKey) ? labelKey : guessLabelKey(top);
  return new AppError(Code.BAD_REQUEST, "cloud.fieldError", { ...values, field: label ? `@${label}` : field, reason: `@${reasonKey}` }, null, field);
}

export const badRequest = (key: string, values?: Record<string, string | number>) => new AppError(Code.BAD_REQUEST, key, values);
export const forbidden = () => new AppError(Code.FORBIDDEN, "cloud.forbidden");
export const notFound = () => new AppError(Code.NOT_FOUND, "cloud.notFound");

/** HTTP status mirrors the envelope code where HTTP has one, so proxies can see a 401. */
function httpStatus(code: number) {
  return ([400, 401, 403, 404, 413, 429, 500] as number[]).includes(code) ? code : 200;
}

export function envelope<T>(c: Ctx, code: number, msg: string, data: T) {
  return c.json(envelopeOf(code, msg, data), httpStatus(code) as 200);
}

export function ok<T>(c: Ctx, data: T = null as T, key = "cloud.ok") {
  return envelope(c, Code.OK, t(c.var.locale, key), data);
}

export function fail(c: Ctx, err: AppError) {
  const locale = c.var.locale;
  // A value written "@key" is itself a message key (the reason inside a field error).
  const values = Object.fromEntries(
    Object.entries(err.values).map(([k, v]) => [k, typeof v === "string" && v.startsWith("@") ? v.split("|").map((key) => t(locale, key.slice(1), err.values)).join(t(locale, "cloud.listSeparator")) : v]),
  );
  const data = err.field ? { ...(typeof err.data === "object" && err.data ? err.data : {}), field: err.field, reason: values.reason } : err.data;
  return envelope(c, err.code, t(locale, err.key, values), data);
}

/** A PostgreSQL data exception (SQLSTATE class 22), found through the driver's `cause` chain. */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.length === 5 && code.startsWith("22")) return true;
  }
  return false;
}

/** Validation failure: code 400 and a message naming the field by its label (`schema`'s entity). */
function validationError(error: z.ZodError, schema?: z.ZodType): AppError {
  const issue = error.issues[0];
  const { key, values } = issueMessage(issue);
  const field = issue.path.map(String).join(".");
  if (!field) return new AppError(Code.BAD_REQUEST, key, values);
  return fieldError(field, key, values, schema && fieldLabelKey(schema, String(issue.path[0])));
}

export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(r.error, schema);
  return r.data;
}

/** Reads and checks a JSON body; a body that is not JSON is a 400, never a 500. */
export async function body<S extends z.ZodTypeAny>(c: Ctx, schema: S): Promise<z.output<S>> {
  let input: unknown = {};
  const raw = await c.req.text();
  if (raw.trim()) {
    try {
      input = JSON.parse(raw);
    } catch {
      throw new AppError(Code.BAD_REQUEST, "cloud.badJson");
    }
  }
  return parse(schema, input);
}

export function query<S extends z.ZodTypeAny>(c: Ctx, schema: S): z.output<S> {
  return parse(schema, c.req.query());
}
