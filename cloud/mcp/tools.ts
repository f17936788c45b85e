import type { Hono } from "hono";
import { CATALOGUE } from "@/lib/contract/catalogue";
import type { AnyCall } from "@/lib/contract/call";
import type { Envelope } from "@/lib/contract/envelope";
import type { Locale } from "@/lib/contract/locale";
import { callText, inputSchema } from "@/lib/contract/openapi";
import { personal } from "../lib/api-key-guard";
import { PROXY_SECRET_HEADER } from "@/lib/contract/console-proxy";
import { find } from "../lib/i18n";
import type { CloudEnv, Ctx } from "../lib/context";

/** Rows a tool answers at most: summaries, never a year of raw values. */
export const MAX_ROWS = 100;
const SECRET = /secret|password|passwd|pwd|token|credential|apikey|privatekey/i;

type Json = Record<string, unknown>;
/** How a tool reaches the cloud: the caller's own credentials on an in-process call, through every check a console call passes. */
export type Caller = { app: Hono<CloudEnv>; base: string; authorization: string; language: Locale; forwarded: Record<string, string> };
export type Tool = {
  name: string;
  title: string;
  description: string;
  inputSchema: Json;
  writes: boolean;
  run: (caller: Caller, args: Json) => Promise<unknown>;
  /** A write's exact action in the caller's words, checked with reads as the caller (the assistant's confirmation card). */
  describe?: (caller: Caller, args: Json) => Promise<string>;
};

export class ToolRefusal extends Error {}

/** Drops what must never reach a model or an integration (device secrets, push tokens, carrier credentials), and long lists. */
export function compact(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    const rows = value.slice(0, MAX_ROWS).map((v) => compact(v, depth + 1));
    return value.length > MAX_ROWS ? [...rows, `… ${value.length - MAX_ROWS} more`] : rows;
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, SECRET.test(k) ? (v == null || v === "" ? v : "[hidden]") : compact(v, depth + 1)]));
  }
  return value;
}

/** The caller of a request, for tools run in-process with its own credentials (and its address, logged as theirs). */
export function callerOf(c: Ctx, authorization: string): Caller {
  const secret = c.var.deps.config.proxySecret;
  return { ...c.var.inner, authorization, language: c.var.locale, forwarded: secret ? { "x-real-ip": c.var.ip, [PROXY_SECRET_HEADER]: secret } : {} };
}

/** One catalogue call, in-process, as the caller: a refusal comes back as its localised message. */
export async function callAs<T = unknown>(caller: Caller, call: AnyCall, input: Json, projectId?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...caller.forwarded, authorization: caller.authorization, language: caller.language };
  if (projectId !== undefined && projectId !== null && projectId !== "") headers.projectid = String(projectId);
  let url = `${caller.base}/${call.path}`;
  const init: RequestInit = { method: call.kind === "get" ? "GET" : "POST", headers };
  if (call.kind === "get") {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) qs.set(k, v.join(","));
      else if (typeof v !== "object") qs.set(k, String(v));
    }
    if ([...qs].length) url += `?${qs}`;
  } else {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(input);
  }
  const res = await caller.app.request(url, init);
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 200) throw new ToolRefusal(body.msg);
  return body.data;
}

/** A call's summary as the API reference words it: an entity's calls named by the entity's title. */
const summary = (call: AnyCall, locale: Locale) => callText(call, locale, (ns) => find(locale, `${ns}.title`));
const bilingual = (call: AnyCall) => {
  const en = summary(call, "en");
  const zh = summary(call, "zh-cn");
  return en === zh ? en : `${en} / ${zh}`;
};

const PROJECT = { type: "integer", description: "The project (projectId) the call works in / 调用所在的项目" };

/** The catalogue's reads as tools: GETs a signed-in user may make, but never the caller's own security. */
export function catalogueTools(): Tool[] {
  const tools: Tool[] = [];
  for (const call of CATALOGUE) {
    if (call.kind !== "get" || call.access === "anonymous" || call.access === "device" || personal(call)) continue;
    const schema = inputSchema(call);
    if (!schema) continue;
    const scoped = call.scope === "project" || call.scope === "projectOptional" || call.scope === "screen";
    const props = { ...((schema.properties as Json | undefined) ?? {}), ...(scoped ? { projectId: PROJECT } : {}) };
    const required = [...((schema.required as string[] | undefined) ?? []), ...(call.scope === "project" || call.scope === "screen" ? ["projectId"] : [])];
    tools.push({
      name: call.path.replace(/\//g, "_").slice(0, 64),
      title: summary(call, "en"),
      description: `${bilingual(call)}. (GET ${call.path})`,
      inputSchema: { type: "object", properties: props, ...(required.length ? { required } : {}) },
      writes: false,
      run: async (caller, { projectId, ...args }) => compact(await callAs(caller, call, call.scope === "screen" ? { ...args, projId: projectId } : args, projectId)),
    });
  }
  return tools;
}


/** Console links for what a tool names (the assistant cites them). */
export const link = {
  device: (id: number) => `/devices/viewDevice?id=${id}`,
  alarm: (r: { id: number; alarmType: number }) => `/alarm/alarmCenterInfo?id=${r.id}&type=${r.alarmType === 2 ? "alaManual" : "ala"}`,
};
