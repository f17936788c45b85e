import type { ToolStep } from "@/lib/contract/ai/chat";
import type { Locale } from "@/lib/contract/locale";
import { searchApi, type SearchHit } from "@/lib/contract/search";
import { t } from "../../lib/i18n";
import { COMPOSED } from "../../mcp/composed";
import { callAs, ToolRefusal, type Caller } from "../../mcp/tools";

/**
 * Direct lookups without a model (issue 39): a question that asks for the open alarms or the latest
 * values of something named — a device or a project, by name or pinyin initials — is answered from
 * the composed tools, run as the user, with the steps shown as a model's would be. Anything else is
 * left to the knowledge search. Read by words, not understood: it says so.
 */
export type Lookup = { want: "alarms" | "values"; name: string };

const ALARMS = /告警|报警|警报|alarms?\b/i;
const VALUES = /最新|实时|数据|数值|读数|测值|多少|latest|current|values?\b|readings?\b|data\b/i;
/** The words of the asking, taken out to leave the name asked about. */
const FILLER = [
  /未关闭的?|未处理的?|待处理的?|打开的|开着的|有哪些|有什么|有没有|是多少|是什么|查询|查看|看看|显示|请问|请|一下|现在|当前|目前|所有|全部|的|吗|呢|了|是|有/g,
  /最新|实时|数据|数值|读数|测值|多少|告警|报警|警报|设备|项目|测点|列表|情况/g,
  /\b(what|which|are|is|the|show|me|list|give|tell|about|of|for|in|on|at|any|all|there|please|now|open|pending|unhandled|latest|current|values?|readings?|data|alarms?|device|project|point|'s)\b/gi,
  /[?？,，.。!！:：;；"“”'‘’()（）]/g,
];

/** The lookup a question asks for, or null when it is not one (then the knowledge base answers). */
export function readLookup(question: string): Lookup | null {
  const q = question.trim();
  if (q.length > 80) return null;
  const want = ALARMS.test(q) ? "alarms" : VALUES.test(q) ? "values" : null;
  if (!want) return null;
  let name = q;
  for (const re of FILLER) name = name.replace(re, " ");
  name = name.replace(/\s+/g, " ").trim();
  if (want === "values" && name.length < 2) return null;
  return { want, name: name.length >= 2 ? name.slice(0, 64) : "" };
}

type Json = Record<string, unknown>;
type Value = { identifier: string; funcName: string; unit: string | null; labels: Record<string, string> | null; ts: string | null; num: number | null; txt: string | null };
type Alarm = { name: string; levelName: string; status: number; device: string | null; identifier: string | null; value: number | null; triggeredAt: string; project: string; link: string };

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "—");
const shown = (v: Value) => (v.num !== null ? (v.labels?.[String(v.num)] ?? String(v.num)) : (v.txt ?? "—"));

/** Runs one composed tool as a step the console shows folded; a refusal is a step that failed. */
async function step(caller: Caller, steps: ToolStep[], name: string, args: Json): Promise<Json | null> {
  const tool = COMPOSED.find((x) => x.name === name)!;
  try {
    const out = (await tool.run(caller, args)) as Json;
    steps.push({ name, args, result: JSON.stringify(out).slice(0, 8_000), ok: true });
    return out;
  } catch (err) {
    if (!(err instanceof ToolRefusal)) throw err;
    steps.push({ name, args, result: err.message, ok: false });
    return null;
  }
}

function alarmLines(locale: Locale, alarms: Alarm[]) {
  return alarms.map((a) => {
    const parts = [a.levelName, a.device, a.value !== null ? `${a.identifier ?? ""} ${a.value}`.trim() : null, t(locale, `enums.alarmStatus.${a.status}`), when(a.triggeredAt), a.project].filter(Boolean);
    return `- [${a.name}](${a.link}) — ${parts.join(" · ")}`;
  });
}

/**
 * Answers a lookup: the markdown answer (under `head`, by default the word that no model is
 * configured) and the tool steps behind it, or null when nothing the user may see goes by that
 * name (the knowledge base answers instead).
 */
export async function answerLookup(caller: Caller, locale: Locale, lookup: Lookup, head = t(locale, "cloud.ai.lookup.noModel")): Promise<{ text: string; steps: ToolStep[] } | null> {
  const steps: ToolStep[] = [];
  if (lookup.want === "alarms" && !lookup.name) {
    const out = await step(caller, steps, "open_alarms", { limit: 20 });
    const alarms = (out?.alarms ?? []) as Alarm[];
    const body = alarms.length ? `${t(locale, "cloud.ai.lookup.openAlarms", { n: out!.total as number })}\n\n${alarmLines(locale, alarms).join("\n")}` : t(locale, "cloud.ai.lookup.noOpenAlarms");
    return { text: `${head}\n\n${body}`, steps };
  }
  let hits: SearchHit[] = [];
  try {
    hits = await callAs<SearchHit[]>(caller, searchApi.global, { keyword: lookup.name });
  } catch (err) {
    if (!(err instanceof ToolRefusal)) throw err;
  }
  const device = hits.find((h) => h.kind === "device");
  const project = hits.find((h) => h.kind === "project");
  if (device) {
    const link = `[${device.title}](${device.href})`;
    if (lookup.want === "values") {
      const out = await step(caller, steps, "latest_values", { deviceId: device.id });
      const values = ((out?.values ?? []) as Value[]).filter((v) => v.ts);
      const body = values.length
        ? `${t(locale, "cloud.ai.lookup.latest", { device: link, at: when((out!.lastReportTime as string | null) ?? null) })}\n\n${values.map((v) => `- ${v.funcName} (${v.identifier}): **${shown(v)}**${v.unit ? ` ${v.unit}` : ""} · ${when(v.ts)}`).join("\n")}`
        : t(locale, "cloud.ai.lookup.noValues", { device: link });
      return { text: `${head}\n\n${body}`, steps };
    }
    const out = await step(caller, steps, "open_alarms", { deviceId: device.id, limit: 20 });
    const alarms = (out?.alarms ?? []) as Alarm[];
    const body = alarms.length ? `${t(locale, "cloud.ai.lookup.deviceAlarms", { device: link, n: out!.total as number })}\n\n${alarmLines(locale, alarms).join("\n")}` : t(locale, "cloud.ai.lookup.deviceNoAlarms", { device: link });
    return { text: `${head}\n\n${body}`, steps };
  }
  if (project && lookup.want === "alarms") {
    const link = `[${project.title}](${project.href})`;
    const out = await step(caller, steps, "open_alarms", { projectId: project.id, limit: 20 });
    const alarms = (out?.alarms ?? []) as Alarm[];
    const body = alarms.length ? `${t(locale, "cloud.ai.lookup.projectAlarms", { project: link, n: out!.total as number })}\n\n${alarmLines(locale, alarms).join("\n")}` : t(locale, "cloud.ai.lookup.projectNoAlarms", { project: link });
    return { text: `${head}\n\n${body}`, steps };
  }
  return null;
}
