// Server-side only (the docs route, the script, the tests): the browser's zod has no JSON-schema tools.
import { toJSONSchema, type z } from "zod";
import zhTexts from "@/messages/zh-cn/calls.json";
import enTexts from "@/messages/en/calls.json";
import type { AnyCall } from "./call";
import { DOWN_CHANNELS, TOPIC_ROOT, UP_CHANNELS } from "./device/topics";
import { BROKER_HOOK_HEADER } from "./device/broker-hooks";
import type { Locale } from "./locale";
import { SERVICES } from "./services";

/**
 * The OpenAPI 3.1 document of the call catalogue, for integrators: every declared call with its
 * input and answer as JSON Schema (zod's own `toJSONSchema`, draft 2020-12 as OpenAPI 3.1 takes
 * it), the envelope every answer travels in, the headers, the device-facing ingest and the MQTT
 * topics. Written by `npm run docs:openapi` to `docs/openapi.json` and served at `/api/docs`.
 */

type Texts = typeof enTexts;
const TEXTS: Record<Locale, Texts> = { "zh-cn": zhTexts, en: enTexts };
type Json = Record<string, unknown>;

/**
 * A schema as JSON Schema; what JSON cannot say (a custom check, a Date after a transform) is left
 * open. A recursive schema's definitions (a tree's node) move to the document's components under
 * `name`, so its references resolve from anywhere in the document.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", defs: Record<string, Json>, name: string): Json {
  try {
    const { $schema: _, $defs, ...rest } = toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
    const moved = JSON.parse(JSON.stringify({ rest, $defs: $defs ?? {} }).replace(/#\/\$defs\/(\w+)/g, (_, def: string) => `#/components/schemas/${name}_${def}`)) as { rest: Json; $defs: Record<string, Json> };
    for (const [def, body] of Object.entries(moved.$defs)) defs[`${name}_${def}`] = body;
    return moved.rest;
  } catch {
    return {};
  }
}

/** `comm/ingest/:productId/:sn{…}/property/post` → `comm/ingest/{productId}/{sn}/property/post`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** An entity's title by its message namespace (`<ns>.title`), when the caller has the messages. */
export type TitleOf = (ns: string) => string | undefined;

/**
 * A call's summary: its own (`summaries`, by path), else its generic verb (`actions`, by the path's
 * last segment) over its entity's title. `written` is false for the stand-in made from the path
 * alone (no summary, or an entity without a title): the summaries test lists those.
 */
function summaryOf(call: AnyCall, texts: Texts, titleOf?: TitleOf): { text: string; written: boolean } {
  const own = (texts.summaries as Record<string, string>)[call.path];
  if (own) return { text: own, written: true };
  const last = call.path.split("/").pop()!;
  const title = call.entity && titleOf?.(call.entity);
  const subject = title || call.path.split("/").slice(1, -1).join(" / ");
  const action = (texts.actions as Record<string, string>)[last];
  return action ? { text: action.replace("{subject}", subject), written: Boolean(title) } : { text: `${subject}: ${last}`, written: false };
}

/** The declared calls whose summary in `locale` is only a stand-in made from their path (none, once every call has its words). */
export function unwrittenSummaries(calls: readonly AnyCall[], locale: Locale, titleOf: TitleOf): string[] {
  return calls.filter((call) => !summaryOf(call, TEXTS[locale], titleOf).written).map((call) => call.path);
}

/**
 * The module a call belongs to, one tag of the document: its service and the path's next segment
 * (`device/product`), or the service alone when that segment is a parameter (`file/:tenantId/…`).
 */
export function moduleOf(call: AnyCall): string {
  const [service, next] = call.path.split("/");
  return next && !next.startsWith(":") ? `${service}/${next}` : service;
}

/**
 * Names Swagger UI's deep links (`#/{tag}/{operationId}`) can carry: the hash is split on `/`, and
 * `_` is read as an escaped space, so neither appears: `device/product` → `device.product`,
 * `device/device/getDevRealTimeData` → `device.device.getDevRealTimeData` (parameters lose their `:` and pattern).
 */
const linkName = (path: string) => path.replace(/\{[^}]*\}/g, "").replace(/:/g, "").replace(/\//g, ".");
export const tagOf = (call: AnyCall) => linkName(moduleOf(call));
export const operationIdOf = (call: AnyCall) => linkName(call.path);

/** A call's summary in each language and its input as one JSON Schema (the MCP server's tools, `cloud/mcp/`). */
export function callText(call: AnyCall, locale: Locale, titleOf?: TitleOf): string {
  return summaryOf(call, TEXTS[locale], titleOf).text;
}
export function inputSchema(call: AnyCall): Json | null {
  const defs: Record<string, Json> = {};
  const schema = jsonSchema(call.input, "input", defs, "in");
  // A recursive input's references point into the OpenAPI document: not a tool's schema.
  return Object.keys(defs).length ? null : schema;
}

function operation(call: AnyCall, texts: Texts, defs: Record<string, Json>, titleOf?: TitleOf): Json {
  const id = call.path.replace(/[/:{}]/g, "_");
  const input = jsonSchema(call.input, "input", defs, `${id}_in`);
  const params: Json[] = pathParams(call.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const headers = [
    ...(call.access === "anonymous" || call.access === "device" || call.access === "broker" ? [] : [{ $ref: "#/components/parameters/Language" }]),
    ...(call.scope === "project" || call.scope === "projectOptional" ? [{ $ref: "#/components/parameters/ProjectId" }] : []),
  ];
  const inQuery = call.kind === "get" || call.kind === "upload" || call.kind === "raw";
  if (inQuery) {
    const props = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) if (!pathParams(call.path).includes(name)) params.push({ name, in: "query", required: required.has(name), schema });
  }
  const body: Json | undefined =
    call.kind === "upload"
      ? { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] } } } }
      : call.kind === "raw"
        ? { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }
        : inQuery
          ? undefined
          : { required: true, content: { "application/json": { schema: input } } };
  const data = call.typedOnly ? {} : jsonSchema(call.answer, "output", defs, `${id}_out`);
  const envelope = { allOf: [{ $ref: "#/components/schemas/Envelope" }, { type: "object", properties: { data } }] };
  const ok: Json =
    call.kind === "export"
      ? { description: texts.answers.file, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } }, "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } } }
      : call.kind === "stream"
        ? { description: texts.answers.stream, content: { "text/event-stream": { schema: { type: "string" } } } }
        : call.access === "broker"
          ? { description: texts.answers.broker, content: { "application/json": { schema: data } } }
          : { description: texts.answers.envelope, content: { "application/json": { schema: envelope } } };
  const access =
    typeof call.access === "string"
      ? (texts.access as Record<string, string>)[call.access]
      : "perm" in call.access
        ? texts.access.perm.replace("{codes}", [call.access.perm].flat().join(", "))
        : texts.access.menu.replace("{menus}", call.access.menu.join(", "));
  return {
    operationId: operationIdOf(call),
    summary: summaryOf(call, texts, titleOf).text,
    description: `${access}\n\n${(texts.scope as Record<string, string>)[call.scope]}`,
    tags: [tagOf(call)],
    ...(call.access === "anonymous" ? { security: [] } : call.access === "device" || call.access === "broker" ? { security: [{ [call.access]: [] }] } : {}),
    ...(params.length + headers.length ? { parameters: [...headers, ...params] } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { "200": ok },
    "x-access": call.access,
    "x-scope": call.scope,
  };
}

function mqttSection(texts: Texts): string {
  const topic = (c: string) => `\`${TOPIC_ROOT}/{productId}/{sn}/${c}\``;
  return [`## ${texts.mqtt.title}`, texts.mqtt.intro, "", `| ${texts.mqtt.direction} | topic |`, "|---|---|", ...UP_CHANNELS.map((c) => `| ${texts.mqtt.up} | ${topic(c)} |`), ...DOWN_CHANNELS.map((c) => `| ${texts.mqtt.down} | ${topic(c)} |`), "", texts.mqtt.payloads].join("\n");
}

/** A module's title: its own (`modules`), else its entity's; none when neither is written. */
function moduleTitle(module: string, entity: string | undefined, texts: Texts, titleOf?: TitleOf): string | undefined {
  return (texts.modules as Record<string, string>)[module] ?? (entity ? titleOf?.(entity) : undefined);
}

/** The modules (tags) of the declared calls that have no title in `locale`. */
export function untitledModules(calls: readonly AnyCall[], locale: Locale, titleOf: TitleOf): string[] {
  const entities = new Map<string, string | undefined>();
  for (const call of calls) if (!entities.get(moduleOf(call))) entities.set(moduleOf(call), call.entity);
  return [...entities].filter(([module, entity]) => !moduleTitle(module, entity, TEXTS[locale], titleOf)).map(([module]) => module);
}

export function openApiDocument(calls: readonly AnyCall[], o: { locale: Locale; product?: string; version?: string; titleOf?: TitleOf }): Json {
  const texts = TEXTS[o.locale];
  const paths: Record<string, Json> = {};
  const defs: Record<string, Json> = {};
  for (const call of [...calls].sort((a, b) => a.path.localeCompare(b.path))) {
    const method = call.kind === "get" ? "get" : "post";
    (paths[`/${openApiPath(call.path)}`] ??= {})[method] = operation(call, texts, defs, o.titleOf);
  }
  // One tag per module, in the services' order, then by name (the catalogue's own order follows its imports); named by the module's title, else its entity's.
  const modules = new Map<string, { name: string; entity?: string }>();
  const byModule = (a: AnyCall, b: AnyCall) => SERVICES.indexOf(a.service) - SERVICES.indexOf(b.service) || moduleOf(a).localeCompare(moduleOf(b)) || a.path.localeCompare(b.path);
  for (const call of [...calls].sort(byModule)) {
    const tag = modules.get(moduleOf(call)) ?? modules.set(moduleOf(call), { name: tagOf(call) }).get(moduleOf(call))!;
    tag.entity ??= call.entity;
  }
  return {
    openapi: "3.1.0",
    info: { title: texts.title, version: o.version ?? "0.1.0", description: `${texts.description}\n\n${mqttSection(texts)}` },
    servers: [
      { url: `/${o.product ?? "iot"}Cloud`, description: texts.servers.cloud },
      { url: "/api", description: texts.servers.console },
    ],
    security: [{ bearer: [] }],
    tags: [...modules].map(([path, m]) => ({ name: m.name, description: moduleTitle(path, m.entity, texts, o.titleOf) ?? path })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: texts.security.bearer },
        device: { type: "http", scheme: "basic", description: texts.security.device },
        broker: { type: "apiKey", in: "header", name: BROKER_HOOK_HEADER, description: texts.security.broker },
      },
      parameters: {
        Language: { name: "Language", in: "header", required: false, schema: { type: "string", enum: ["zh-cn", "en"] }, description: texts.headers.language },
        ProjectId: { name: "projectId", in: "header", required: false, schema: { type: "integer" }, description: texts.headers.projectId },
      },
      schemas: {
        Envelope: {
          type: "object",
          description: texts.envelope,
          properties: { code: { type: "integer", examples: [200] }, msg: { type: "string" }, data: {}, success: { type: "boolean" } },
          required: ["code", "msg", "data", "success"],
        },
        ...defs,
      },
    },
  };
}
