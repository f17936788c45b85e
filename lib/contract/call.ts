import { z } from "zod";
import type { Page } from "./envelope";
import { SERVICES, type Service } from "./services";

/**
 * Every call of the upstream contract (core §7), declared once: how it travels, its path, what it
 * takes, what it answers, who may make it and whose rows it touches. The cloud serves a declaration
 * (`cloud/lib/serve.ts`), the console calls one (`lib/api/call.ts`), the OpenAPI document is written
 * from them (`lib/contract/openapi.ts`) and one test walks them all (`cloud/catalogue.test.ts`).
 *
 * ```ts
 * export const deviceDataApi = {
 *   realTime: defineCall({ kind: "get", path: "device/device/getDevRealTimeData", input: idQuery, answer: realTimeData, access: { menu: DEVICE_READERS } }),
 * };
 * const { data } = useCall(deviceDataApi.realTime, { id });        // console
 * serve(deviceDataApi.realTime, async (c, { id }) => …);           // cloud
 * ```
 */

/**
 * How a call travels: GET with a query string, POST with a JSON body, an export (POST JSON,
 * a file back), a multipart upload (field `file`, the input in the query), a raw body (the
 * bytes themselves, the input in the query) or an event stream (POST JSON, `text/event-stream` back).
 */
export type CallKind = "get" | "post" | "export" | "upload" | "raw" | "stream";

/**
 * Who may make a call. Writes check their button's permission code (`{ perm }`; any of several when
 * one call serves two screens, the handler then checking the row's own); reads check that
 * the caller may open one of the screens that use them (`{ menu }`: a picker's list is readable
 * from every screen that shows the picker). `user` is any signed-in user, `platform` the platform
 * tenant's, `anonymous` anyone (login, branding), `device` a device by its own credentials and
 * `broker` an external MQTT broker's hooks by their shared secret (`MQTT_HOOK_SECRET`).
 */
export type CallAccess = { perm: string | readonly string[] } | { menu: readonly string[] } | "user" | "platform" | "anonymous" | "device" | "broker";

/**
 * Whose rows a call touches: the caller's tenant's, the project the `projectId` header names
 * (checked against the caller's projects; refused without one), that project when the header
 * names one (`projectOptional`), a data screen's project (`?projId=`, core §2), or rows the
 * handler scopes itself (`own`: a user's own settings, the projects the caller belongs to).
 */
export type CallScope = "tenant" | "project" | "projectOptional" | "screen" | "own";

export type Call<I extends z.ZodType = z.ZodType, A = unknown> = {
  kind: CallKind;
  /** The path under `{product}Cloud/` (core §7) and under the console's `/api/`, byte for byte. */
  path: string;
  service: Service;
  input: I;
  /** The data of the envelope; `file` for exports, `stream` for event streams. */
  answer: z.ZodType<A>;
  access: CallAccess;
  scope: CallScope;
  /** Its answer is checked by TypeScript only (`typed<T>()`), not by a schema the tests parse against. */
  typedOnly: boolean;
  /** The message namespace of the entity an entity's call serves (`crudCalls`): the docs name it by its title. */
  entity?: string;
};

export type AnyCall = Call<z.ZodType, unknown>;
/**
 * What a call takes as its caller writes it (before defaults and coercion). A field read through a
 * preprocess (an optional filter, a sort field) takes `unknown`, undefined included: the caller may leave it out.
 */
export type CallInput<C extends AnyCall> = Loose<z.input<C["input"]>>;
type Loose<T> = T extends object ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & { [K in keyof T as unknown extends T[K] ? never : K]: T[K] } : T;
/** What the handler gets: the input after its schema. */
export type CallArgs<C extends AnyCall> = z.output<C["input"]>;
export type CallAnswer<C extends AnyCall> = C extends Call<z.ZodType, infer A> ? A : never;

/** Answers typed without a schema. A set beside them, not a mark on them: in the browser a schema is zod's lazy recording until zod loads, and must not be touched at import. */
const typedAnswers = new WeakSet<object>();
/**
 * An answer typed for TypeScript without a schema yet: every such call is listed by the catalogue
 * test, so the ones left are known. Prefer a zod schema (`z.object`) the route tests parse.
 */
export function typed<T>(): z.ZodType<T> {
  const schema = z.custom<T>(() => true);
  typedAnswers.add(schema);
  return schema;
}
/** An export's answer: a file (xlsx, docx, zip), or an envelope when it is refused. */
export const file = typed<Blob>();
/** An event stream's answer. */
export const stream = typed<ReadableStream<Uint8Array>>();
/** A call that answers no data. */
export const empty = z.null();
/** A page of rows (core §7 `page` calls). */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ records: z.array(row), total: z.number().int().nonnegative() }) as unknown as z.ZodType<Page<z.output<T>>>;

const noInput = z.object({});

export type CallDef<I extends z.ZodType, A> = {
  kind: CallKind;
  path: string;
  input?: I;
  answer: z.ZodType<A>;
  access: CallAccess;
  /** Default `tenant`. */
  scope?: CallScope;
  entity?: string;
};

export function defineCall<I extends z.ZodType = typeof noInput, A = null>(def: CallDef<I, A>): Call<I, A> {
  const service = def.path.split("/")[0] as Service;
  // A declaration outside the contract's services, or a path with a leading slash, is a typo: refuse it at import.
  if (!(SERVICES as readonly string[]).includes(service) || def.path.startsWith("/")) throw new Error(`defineCall: ${def.path} is not a path under a service of core §7`);
  return {
    kind: def.kind,
    path: def.path,
    service,
    input: (def.input ?? noInput) as I,
    answer: def.answer,
    access: def.access,
    scope: def.scope ?? "tenant",
    typedOnly: typedAnswers.has(def.answer),
    ...(def.entity ? { entity: def.entity } : {}),
  };
}

/** The permission codes a call takes, any of which will do (the console hides a button without one). */
export const permsOf = (call: AnyCall): readonly string[] => (typeof call.access === "object" && "perm" in call.access ? [call.access.perm].flat() : []);
/** The screens whose holders may make the call, when it is opened by menu (`{ menu }`). */
export const menusOf = (call: AnyCall): readonly string[] => (typeof call.access === "object" && "menu" in call.access ? call.access.menu : []);

/** Every `Call` among a module's exports and their members (`{ deviceDataApi: { realTime } }`). */
export function callsIn(module: Record<string, unknown>): AnyCall[] {
  const out: AnyCall[] = [];
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== "object" || depth > 2) return;
    if ("path" in v && "kind" in v && "access" in v && "input" in v) out.push(v as AnyCall);
    else for (const member of Object.values(v)) visit(member, depth + 1);
  };
  for (const v of Object.values(module)) visit(v, 0);
  return out;
}
