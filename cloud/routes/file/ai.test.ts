import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { ChatEvent, ChatMessage, ChatSession, ToolStep } from "@/lib/contract/ai/chat";
import type { RealTimeData } from "@/lib/contract/device/device-data";
import type { PartsResult, PartsState } from "@/lib/contract/upload";
import { aiMessages, alarms, devices, projects, telemetryLatest } from "../../db/schema";
import { streamParts } from "../../../lib/stream-parts";
import { initialsOf } from "../sys/search";
import { readLookup } from "./ai-lookup";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let root: string;

/** A fake OpenAI-compatible server: streams the words it is given, remembers each request body and whether the caller hung up. */
let fake: Server;
let fakeUrl: string;
type SeenMessage = { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
const seen: { body: { messages: SeenMessage[]; temperature: number; max_tokens: number; model: string; tools?: { function: { name: string } }[] }; closed: boolean }[] = [];
/** `tools`: asked for (arguments streamed in two pieces) until the request carries their results. */
let script: { status?: number; words: string[]; reasoning?: string[]; delayMs?: number; tools?: { name: string; arguments: string }[] } = { words: [] };

signedIn((s) => ({ cloud, admin, operator } = s), ["admin", "operator"]);
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ai-test-"));
  cloud.deps.config.filesDir = root;
  fake = createServer(async (req: IncomingMessage, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const entry = { body: JSON.parse(raw), closed: false };
    seen.push(entry);
    res.on("close", () => (entry.closed = !res.writableFinished));
    if (script.status) {
      res.writeHead(script.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "overloaded" } }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (script.tools && !entry.body.messages.some((m: SeenMessage) => m.role === "tool")) {
      script.tools.forEach((tool, index) => {
        const half = Math.floor(tool.arguments.length / 2);
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index, id: `call_${index}`, type: "function", function: { name: tool.name, arguments: tool.arguments.slice(0, half) } }] } }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index, function: { arguments: tool.arguments.slice(half) } }] } }] })}\n\n`);
      });
      return void res.end("data: [DONE]\n\n");
    }
    for (const r of script.reasoning ?? []) res.write(`data: ${JSON.stringify({ choices: [{ delta: { reasoning_content: r } }] })}\n\n`);
    for (const w of script.words) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: w } }] })}\n\n`);
      if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    }
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  const addr = fake.address();
  fakeUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => fake.close(r));
  await rm(root, { recursive: true, force: true });
});

async function session(token: string) {
  return (await cloud.request<ChatSession>("/file/ai/sessions/add", { token, body: { title: "Test" } })).body.data.id;
}

/** Sends a question and reads the server-sent events; `stopAfter` cancels after that many deltas (with `stopOnce`, not before it settles too). */
async function ask(token: string, sessionId: number, content: string, opts: { model?: string; stopAfter?: number; stopOnce?: Promise<unknown>; language?: string } = {}) {
  let stop = false;
  void opts.stopOnce?.then(() => (stop = true));
  const res = await cloud.app.request("/iotCloud/file/ai/chat", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", language: opts.language ?? "en" },
    body: JSON.stringify({ sessionId, content, model: opts.model ?? "chat" }),
  });
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) return { status: res.status, events: [] as ChatEvent[], envelope: (await res.json()) as { code: number; msg: string } };
  const events: ChatEvent[] = [];
  let deltas = 0;
  for await (const part of streamParts(res.body!, "\n\n")) {
    const e = JSON.parse(part.slice(6)) as ChatEvent;
    events.push(e);
    if (e.type === "delta") deltas++;
    const enough = opts.stopAfter === undefined || deltas >= opts.stopAfter;
    if (enough && (opts.stopOnce ? stop : opts.stopAfter !== undefined)) break;
  }
  return { status: res.status, events, envelope: null };
}

const text = (events: ChatEvent[]) => events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 500 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("the assistant without a model", () => {
  it("answers from the knowledge base the user may see, with links, saying no model is configured", async () => {
    const base = ((await cloud.request<{ id: number }>("/file/header/addHeader", { token: admin, body: { fileName: "Bridge manual" } })).body.data as { id: number }).id;
    const bytes = Buffer.from("第三章 累计沉降超过 30 mm 时应加密观测并上报。");
    const init = (await cloud.request<PartsState>("/file/upload/init", { token: admin, body: { purpose: "knowledge", fileName: "settle.txt", size: bytes.length } })).body.data;
    await cloud.app.request(`/iotCloud/file/upload/part?uploadId=${init.uploadId}&offset=0`, { method: "POST", body: new Uint8Array(bytes), headers: { authorization: `Bearer ${admin}`, "content-type": "application/octet-stream" } });
    const up = (await cloud.request<PartsResult>("/file/upload/done", { token: admin, body: { uploadId: init.uploadId } })).body.data;
    const file = await cloud.request<{ id: number }>("/file/fileBase/add", { token: admin, body: { headerId: base, fielId: -1, fileName: "Settlement rules", fileType: "2", filePath: up.path, fileSize: String(up.size) } });
    expect(file.body.code).toBe(200);

    const sid = await session(admin);
    const r = await ask(admin, sid, "沉降怎么处理？");
    expect(r.events[0]).toEqual({ type: "start", messageId: expect.any(Number), mode: "search" });
    expect(r.events.filter((e) => e.type === "delta").length).toBeGreaterThan(3);
    const answer = text(r.events);
    expect(answer).toContain("No language model is configured");
    expect(answer).toContain(`[Settlement rules](/knowledge?node=${base}&dlg=preview&id=${file.body.data.id})`);
    expect(answer).toContain("累计沉降超过 30 mm");
    expect(r.events.at(-1)?.type).toBe("done");
    const stored = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: admin })).body.data;
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["user", "done"],
      ["assistant", "done"],
    ]);
    expect(stored[1].content).toBe(answer);

    // operator01 has no right on this base: the same question finds nothing of it.
    const other = await ask(operator, await session(operator), "沉降怎么处理？", { language: "zh-cn" });
    expect(text(other.events)).not.toContain("Settlement rules");
    expect(text(other.events)).toContain("未配置大语言模型");
  });

  it("answers a first question from the seeded guides, in the asker's language", async () => {
    const zh = text((await ask(operator, await session(operator), "控制值是什么意思？", { language: "zh-cn" })).events);
    expect(zh).toContain("预警值、报警值与控制值.txt");
    expect(zh).toContain("设计允许值");
    const en = text((await ask(operator, await session(operator), "What does the control value mean?", { language: "en" })).events);
    expect(en).toContain("Warning, alarm and control values.txt");
    expect(en).toContain("three thresholds per measured item");
  });

  it("reads a plain lookup from the question's words, and leaves every other question to the knowledge base", () => {
    expect(readLookup("滨江花园二期基坑监测有哪些未关闭的告警？")).toEqual({ want: "alarms", name: "滨江花园二期基坑监测" });
    expect(readLookup("Which alarms are open?")).toEqual({ want: "alarms", name: "" });
    expect(readLookup("JLSZY-01 latest values")).toEqual({ want: "values", name: "JLSZY-01" });
    expect(readLookup("水准仪-03 的最新数据是多少")).toEqual({ want: "values", name: "水准仪-03" });
    expect(readLookup("最新数据")).toBeNull();
    expect(readLookup("沉降怎么处理？")).toBeNull();
    expect(readLookup("控制值是什么意思？")).toBeNull();
  });

  it("answers a device's latest values and a project's open alarms directly, as the user, saying no model is configured", async () => {
    const [riverside] = await cloud.db.select({ id: projects.id, name: projects.prjName }).from(projects).where(eq(projects.prjName, "滨江花园二期基坑监测"));
    let device: { id: number; name: string } | undefined;
    for (const d of await cloud.db.select({ id: devices.id, name: devices.deviceName }).from(devices).where(eq(devices.projectId, riverside.id))) {
      const rt = await cloud.request<RealTimeData>(`/device/device/getDevRealTimeData?id=${d.id}`, { token: operator });
      const first = rt.body.data?.values[0];
      if (first) {
        device = d;
        // A value as the ingest stores it.
        await cloud.db.insert(telemetryLatest).values({ deviceId: d.id, identifier: first.identifier, ts: cloud.now(), num: 12.5 }).onConflictDoUpdate({ target: [telemetryLatest.deviceId, telemetryLatest.identifier], set: { num: 12.5, ts: cloud.now() } });
        break;
      }
    }
    expect(device).toBeDefined();
    const zh = await ask(operator, await session(operator), `${device!.name} 的最新数据`, { language: "zh-cn" });
    expect(zh.events.filter((e) => e.type === "tool").map((e) => [e.name, e.ok])).toEqual([["latest_values", true]]);
    const zhText = text(zh.events);
    expect(zhText).toContain("当前未配置大语言模型");
    expect(zhText).toContain(`[${device!.name}](/devices/viewDevice?id=${device!.id}) 的最新数据`);
    expect(zhText).toMatch(/\n- .+ \(.+\): \*\*12\.5\*\*/);

    // A project named by its pinyin initials: its open alarms, linked into the alarm centre.
    const open = await cloud.db.select({ id: alarms.id }).from(alarms).where(and(eq(alarms.projectId, riverside.id), inArray(alarms.status, [1, 2, 3])));
    const en = await ask(operator, await session(operator), `open alarms of ${initialsOf(riverside.name).slice(0, 6)}`, { language: "en" });
    expect(en.events.filter((e) => e.type === "tool").map((e) => [e.name, e.args])).toEqual([["open_alarms", { projectId: riverside.id, limit: 20 }]]);
    const enText = text(en.events);
    expect(enText).toContain("No language model is configured (set LLM_BASE_URL to have a model answer), so this is a direct lookup");
    expect(enText).toContain(`${open.length} open alarms in [Binjiang Garden Phase II foundation pit monitoring](/projects/project?view=${riverside.id})`);
    expect(enText).toMatch(/\n- \[.+\]\(\/alarm\/alarmCenterInfo\?id=\d+&type=ala(Manual)?\) — /);
    // The steps are stored with the answer.
    const [row] = await cloud.db.select().from(aiMessages).where(eq(aiMessages.id, (en.events[0] as { messageId: number }).messageId));
    expect(row.tools?.map((x) => x.name)).toEqual(["open_alarms"]);

    // A project the user is no member of is not found by its name: the knowledge base answers instead.
    const foreign = await ask(operator, await session(operator), "地铁 5 号线隧道结构监测的告警", { language: "zh-cn" });
    expect(foreign.events.some((e) => e.type === "tool")).toBe(false);
    expect(text(foreign.events)).not.toContain("直接查询");
  });

  it("keeps conversations per user", async () => {
    const sid = await session(admin);
    expect((await cloud.request(`/file/ai/messages?id=${sid}`, { token: operator })).body.code).toBe(404);
    expect((await cloud.request("/file/ai/sessions/del", { token: operator, body: { id: sid } })).body.code).toBe(404);
    expect((await cloud.request("/file/ai/sessions/upd", { token: admin, body: { id: sid, title: "Renamed" } })).body.code).toBe(200);
    expect((await cloud.request<ChatSession[]>("/file/ai/sessions", { token: admin })).body.data[0].title).toBe("Renamed");
  });
});

describe("the assistant with an OpenAI-compatible model", () => {
  beforeAll(() => {
    cloud.deps.config.llm = { baseUrl: fakeUrl, apiKey: "k", models: { chat: "fake-chat", reasoning: "fake-reasoner" } };
  });
  afterAll(() => {
    cloud.deps.config.llm = null;
  });

  it("streams the model's words and its reasoning, with the knowledge as context, temperature 0.7, 2000 tokens", async () => {
    script = { words: ["Settle", "ment ", "is ", "fine [1]"], reasoning: ["think"] };
    const sid = await session(admin);
    const r = await ask(admin, sid, "沉降", { model: "reasoning" });
    expect(r.events.filter((e) => e.type === "delta").map((e) => (e as { text: string }).text)).toEqual(script.words);
    expect(r.events.find((e) => e.type === "reasoning")).toEqual({ type: "reasoning", text: "think" });
    const req = seen.at(-1)!.body;
    expect(req).toMatchObject({ model: "fake-reasoner", temperature: 0.7, max_tokens: 2000 });
    expect(req.messages[0].content).toContain("Settlement rules");
    expect(req.messages.at(-1)).toEqual({ role: "user", content: "沉降" });
  });

  for (const language of ["en", "zh-cn"] as const)
    it(`${language}: calls the tools the model asks for with the user's rights, shows them and stores them, then streams the answer`, async () => {
      script = { tools: [{ name: "search_devices", arguments: JSON.stringify({ keyword: "" }) }, { name: "latest_values", arguments: JSON.stringify({ deviceId: 999_999 }) }], words: ["See ", "[the device](/devices/viewDevice?id=1)"] };
      const sid = await session(operator);
      const r = await ask(operator, sid, "Which devices do I have?", { language });
      const tools = r.events.filter((e) => e.type === "tool");
      expect(tools.map((e) => [e.name, e.ok])).toEqual([["search_devices", true], ["latest_values", false]]);
      // The devices the operator sees, with console links; another's device is refused in the reader's language.
      const found = JSON.parse(tools[0].result) as { total: number; devices: { link: string; projectId: number }[] };
      expect(found.total).toBeGreaterThan(0);
      expect(found.devices.every((d) => d.link.startsWith("/devices/viewDevice?id="))).toBe(true);
      expect(tools[1].result).toBe(language === "en" ? "The requested resource does not exist" : "请求的资源不存在");
      // The model got its tools, then the results beside its calls, and answered.
      const [first, second] = seen.slice(-2).map((x) => x.body);
      expect(first.tools?.map((x) => x.function.name)).toEqual(["search_devices", "latest_values", "series_stats", "open_alarms", "accept_alarm", "set_device_property"]);
      expect(second.messages.at(-3)).toMatchObject({ role: "assistant", tool_calls: [{ function: { name: "search_devices" } }, { function: { name: "latest_values" } }] });
      expect(second.messages.slice(-2).map((m) => [m.role, m.tool_call_id])).toEqual([["tool", "call_0"], ["tool", "call_1"]]);
      expect(text(r.events)).toBe("See [the device](/devices/viewDevice?id=1)");
      const stored = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: operator })).body.data;
      expect(stored[1]).toMatchObject({ status: "done", tools: [{ name: "search_devices", ok: true }, { name: "latest_values", ok: false }] });
    });

  it("runs a plain lookup at once and hands it to the model as calls it made; the lookup answers when the model fails", async () => {
    const [riverside] = await cloud.db.select({ id: projects.id, name: projects.prjName }).from(projects).where(eq(projects.prjName, "滨江花园二期基坑监测"));
    const question = `open alarms of ${initialsOf(riverside.name).slice(0, 6)}`;
    script = { words: ["There ", "are ", "open alarms."] };
    const before = seen.length;
    const r = await ask(operator, await session(operator), question, { language: "en" });
    expect(r.events.filter((e) => e.type === "tool").map((e) => [e.name, e.args])).toEqual([["open_alarms", { projectId: riverside.id, limit: 20 }]]);
    // One request: the question, the lookup as the model's own call, its result; the model answers from it.
    expect(seen.length - before).toBe(1);
    const req = seen.at(-1)!.body;
    expect(req.messages.slice(-3).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(req.messages.at(-2)).toMatchObject({ tool_calls: [{ id: "lookup_0", function: { name: "open_alarms", arguments: JSON.stringify({ projectId: riverside.id, limit: 20 }) } }] });
    expect(req.messages.at(-1)).toMatchObject({ tool_call_id: "lookup_0" });
    expect(JSON.parse(req.messages.at(-1)!.content!)).toMatchObject({ total: expect.any(Number), alarms: expect.any(Array) });
    expect(text(r.events)).toBe("There are open alarms.");
    expect(text(r.events)).not.toContain("No language model is configured");

    // The model down: the lookup's own answer stands, saying why; not an error.
    script = { status: 503, words: [] };
    const down = await ask(operator, await session(operator), question, { language: "en" });
    const said = text(down.events);
    expect(said).toMatch(/^The model did not answer \(error code HTTP_503\)/);
    expect(said).toContain(`open alarms in [Binjiang Garden Phase II foundation pit monitoring](/projects/project?view=${riverside.id})`);
    expect(down.events.at(-1)).toMatchObject({ type: "done" });
    // A question that is no lookup still fails as before.
    expect((await ask(operator, await session(operator), "hello")).events.at(-1)).toMatchObject({ type: "error", code: "HTTP_503" });
  });

  it("proposes a write as a card, runs nothing until the user confirms, then runs it with the user's rights; cancel runs nothing", async () => {
    const [riverside] = await cloud.db.select({ id: projects.id }).from(projects).where(eq(projects.prjName, "滨江花园二期基坑监测"));
    const pending = await cloud.db.select().from(alarms).where(and(eq(alarms.projectId, riverside.id), eq(alarms.status, 1)));
    const [metro] = await cloud.db.select({ id: projects.id }).from(projects).where(eq(projects.prjName, "地铁 5 号线隧道结构监测"));
    // An alarm of a project operator01 is no member of.
    const { id: _id, ...copy } = pending[0];
    const [foreign] = await cloud.db.insert(alarms).values({ ...copy, projectId: metro.id }).returning();
    expect(pending.length).toBeGreaterThan(1);
    const [target, spared] = pending;
    script = {
      tools: [
        { name: "accept_alarm", arguments: JSON.stringify({ alarmId: target.id, remark: "on site" }) },
        { name: "accept_alarm", arguments: JSON.stringify({ alarmId: spared.id }) },
        { name: "accept_alarm", arguments: JSON.stringify({ alarmId: foreign.id }) },
      ],
      words: ["I proposed it: confirm below."],
    };
    const sid = await session(operator);
    const r = await ask(operator, sid, "Accept the alarms", { language: "en" });
    const steps = r.events.filter((e) => e.type === "tool");
    expect(steps.map((e) => [e.name, e.ok, e.action?.status])).toEqual([["accept_alarm", true, "pending"], ["accept_alarm", true, "pending"], ["accept_alarm", false, undefined]]);
    // The exact action, in the asker's words: which alarm (its name as the alarm centre shows it in English), its level and device, and the note.
    expect(steps[0].action!.summary).toMatch(new RegExp(`^Accept alarm #${target.id} “[^”]+” \\(.+, device .+\\) with the note “on site”: it moves to handling under your name$`));
    // Another project's alarm: refused at once, no card.
    expect(steps[2].result).toBe("The requested resource does not exist");
    // The model is told it did not run.
    expect(seen.at(-1)!.body.messages.filter((m) => m.role === "tool")[0].content).toMatch(/^Proposed to the user, not run: Accept alarm #/);
    // Nothing ran.
    const statusOf = async (id: number) => (await cloud.db.select({ s: alarms.status }).from(alarms).where(eq(alarms.id, id)))[0].s;
    expect(await statusOf(target.id)).toBe(1);
    const stored = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: operator })).body.data[1];
    expect(stored.tools.map((x) => x.action?.status)).toEqual(["pending", "pending", undefined]);

    const decide = (token: string, body: Record<string, unknown>, language = "en") => cloud.request<ToolStep>("/file/ai/confirm", { token, body, language });
    // Only its own user decides, only on a proposed write.
    expect((await decide(admin, { messageId: stored.id, step: 0, confirm: true })).body.code).toBe(404);
    expect((await decide(operator, { messageId: stored.id, step: 2, confirm: true })).body).toMatchObject({ code: 400, msg: "This step is no action waiting for a decision" });
    expect((await decide(operator, { messageId: stored.id, step: "x", confirm: true })).body.code).toBe(400);

    const done = await decide(operator, { messageId: stored.id, step: 0, confirm: true });
    expect(done.body.data.action).toMatchObject({ status: "done" });
    expect(JSON.parse(done.body.data.action!.outcome!)).toEqual({ id: target.id, status: 2 });
    expect(await statusOf(target.id)).toBe(2);
    // Once only.
    expect((await decide(operator, { messageId: stored.id, step: 0, confirm: true })).body).toMatchObject({ code: 409, msg: "This action has already been confirmed or cancelled" });

    const cancelled = await decide(operator, { messageId: stored.id, step: 1, confirm: false });
    expect(cancelled.body.data.action).toMatchObject({ status: "cancelled", outcome: null });
    expect(await statusOf(spared.id)).toBe(1);
    expect((await decide(operator, { messageId: stored.id, step: 1, confirm: true })).body.code).toBe(409);
    expect(await statusOf(spared.id)).toBe(1);
    const after = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: operator })).body.data[1];
    expect(after.tools.map((x) => x.action?.status)).toEqual(["done", "cancelled", undefined]);
  });

  it("checks a proposed property write against the device, and a confirmation against the user's own rights", async () => {
    const [riverside] = await cloud.db.select({ id: projects.id }).from(projects).where(eq(projects.prjName, "滨江花园二期基坑监测"));
    const list = await cloud.db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, riverside.id));
    let device = 0;
    let identifier = "";
    for (const d of list) {
      const rt = await cloud.request<RealTimeData>(`/device/device/getDevRealTimeData?id=${d.id}`, { token: operator });
      if (rt.body.data?.values.length) {
        device = d.id;
        identifier = rt.body.data.values[0].identifier;
      }
      if (device) break;
    }
    expect(device).toBeGreaterThan(0);
    script = {
      tools: [
        { name: "set_device_property", arguments: JSON.stringify({ deviceId: device, identifier: "no_such_prop", value: 1 }) },
        { name: "set_device_property", arguments: JSON.stringify({ deviceId: device, identifier, value: 5 }) },
      ],
      words: ["ok"],
    };
    const sid = await session(operator);
    const r = await ask(operator, sid, "把它设为 5", { language: "zh-cn" });
    const steps = r.events.filter((e) => e.type === "tool");
    expect(steps[0]).toMatchObject({ ok: false, result: "设备没有属性“no_such_prop”" });
    expect(steps[1].action).toMatchObject({ status: "pending" });
    expect(steps[1].action!.summary).toMatch(new RegExp(`^向设备 #${device} 下发指令，将“.+”（${identifier}）设为 5`));
    // operator01 may watch the device but not command it: the confirmation is refused by the same check as the console's.
    const stored = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: operator })).body.data[1];
    const out = await cloud.request<ToolStep>("/file/ai/confirm", { token: operator, body: { messageId: stored.id, step: 1, confirm: true }, language: "zh-cn" });
    expect(out.body).toMatchObject({ code: 200 });
    expect(out.body.data.action).toMatchObject({ status: "failed", outcome: "没有权限执行此操作" });
  });

  it("sends the last 50 messages once the history is over 100", async () => {
    script = { words: ["ok"] };
    const sid = await session(admin);
    await cloud.db.insert(aiMessages).values(Array.from({ length: 120 }, (_, i) => ({ sessionId: sid, role: i % 2 ? "assistant" : "user", content: `m${i}` })));
    await ask(admin, sid, "next");
    const msgs = seen.at(-1)!.body.messages.filter((m) => m.role !== "system");
    expect(msgs).toHaveLength(51);
    expect(msgs[0].content).toBe("m70");
  });

  it("turns an upstream failure into the error message with its code", async () => {
    script = { status: 503, words: [] };
    const sid = await session(admin);
    const r = await ask(admin, sid, "hello");
    expect(r.events.at(-1)).toEqual({ type: "error", code: "HTTP_503", message: "Service temporarily unavailable, retry later (error code HTTP_503)" });
    const stored = (await cloud.request<ChatMessage[]>(`/file/ai/messages?id=${sid}`, { token: admin })).body.data;
    expect(stored[1]).toMatchObject({ status: "error", content: "Service temporarily unavailable, retry later (error code HTTP_503)" });
  });

  it("refuses a second request while one runs, and aborts upstream when the reader goes away", async () => {
    // The first reader goes away only once the second request has been answered (a fixed count of words raced a loaded
    // machine: the first was over before the second came), and the answer is long enough to still run then.
    script = { words: Array.from({ length: 3000 }, (_, i) => `w${i} `), delayMs: 10 };
    const sid = await session(admin);
    let answered!: () => void;
    const first = ask(admin, sid, "long", { stopAfter: 3, stopOnce: new Promise<void>((r) => (answered = r)) });
    await waitFor(async () => seen.length > 0 && !seen.at(-1)!.closed && seen.at(-1)!.body.messages.at(-1)?.content === "long");
    const second = await ask(admin, sid, "again");
    answered();
    expect(second.envelope).toMatchObject({ code: 409, msg: "A request is already in progress" });
    await first;
    await waitFor(async () => seen.at(-1)!.closed);
    expect(seen.at(-1)!.closed).toBe(true);
    await waitFor(async () => (await cloud.db.select().from(aiMessages).where(eq(aiMessages.sessionId, sid))).some((m) => m.status === "aborted"));
    const stored = await cloud.db.select().from(aiMessages).where(eq(aiMessages.sessionId, sid));
    const answer = stored.find((m) => m.role === "assistant")!;
    expect(answer.status).toBe("aborted");
    expect(answer.content).toMatch(/^w0 w1 w2 [\s\S]*\(response aborted\)$/);
  });
});
