import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Code } from "@/lib/contract/envelope";
import { aiApi, CHAT_LIMITS, type ChatEvent, type ChatMessage, type ToolStep } from "@/lib/contract/ai/chat";
import type { CallArgs } from "@/lib/contract/call";
import { searchKnowledge, type KnowledgeHit } from "../../db/queries/knowledge";
import { aiMessages, aiSessions } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Auth, Ctx } from "../../lib/context";
import { AppError, notFound } from "../../lib/http";
import { t } from "../../lib/i18n";
import { LlmError, streamCompletion, type LlmMessage, type LlmTool, type LlmToolCall } from "../../lib/llm";
import { COMPOSED, WRITES } from "../../mcp/composed";
import { callerOf, ToolRefusal, type Caller } from "../../mcp/tools";
import { serve } from "../../lib/serve";
import { answerLookup, readLookup } from "./ai-lookup";
import { tsQueryOf } from "../../lib/segment";
import { tenantScope } from "../../lib/scope";

/**
 * The AI assistant (core §2 /AIModel/index, §4, §7, §8, §9): sessions per user, and `chat`, which
 * answers as server-sent events. With a model configured the knowledge search feeds it as context
 * (answers cite [n]); without one the answer is a direct lookup of live data (`ai-lookup.ts`) or
 * the search itself, saying so.
 */

/** One answer at a time per user (core §8 "a request is already in progress"). */
const running = new Set<number>();

async function ownSession(db: Db, auth: Auth, id: number) {
  const [s] = await db.select().from(aiSessions).where(tenantScope(auth).where(aiSessions, eq(aiSessions.userId, auth.userId), eq(aiSessions.id, id)));
  if (!s) throw notFound();
  return s;
}

const hrefOf = (h: KnowledgeHit) => `/knowledge?node=${h.folderId}${h.fileType === "2" ? `&dlg=preview&id=${h.fileId}` : ""}`;

/** The answer without a model: the matches, quoted and linked, and a plain word that no model is configured. */
function searchAnswer(locale: Parameters<typeof t>[0], question: string, hits: KnowledgeHit[]): string {
  if (!hits.length) return t(locale, "cloud.ai.noModelNoHits", { q: question.slice(0, 60) });
  const lines = hits.map((h, i) => `${i + 1}. [${h.fileName}](${hrefOf(h)}) — ${h.path.join(" / ")}\n   > ${h.excerpt}`);
  return `${t(locale, "cloud.ai.noModel")}\n\n${lines.join("\n")}`;
}

function contextOf(hits: KnowledgeHit[]) {
  return hits.map((h, i) => `[${i + 1}] ${h.path.join(" / ")} (${hrefOf(h)})\n${h.excerpt}`).join("\n\n");
}

/** Rounds of tool calls before the model must answer with what it has. */
const TOOL_ROUNDS = 4;
/** A tool's answer as the model reads it (and the console shows it folded), at most this long. */
const RESULT_CHARS = 8_000;
/** The assistant's tools: the composed reads and writes of the MCP server (a few, so a small local model chooses well). */
const ASSISTANT_TOOLS: LlmTool[] = [...COMPOSED, ...WRITES].map((x) => ({ type: "function", function: { name: x.name, description: x.description, parameters: x.inputSchema } }));

/**
 * Runs a read the model asked for, as the user (their rights, no more), or proposes a write: a
 * write never runs here; its exact action (checked with reads as the user) waits for the user's
 * click (`file/ai/confirm`). A refusal or bad arguments is a result the model reads.
 */
async function runAssistantTool(caller: Caller, call: LlmToolCall): Promise<ToolStep> {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    return { name: call.function.name, args, result: t(caller.language, "cloud.ai.toolBadArgs"), ok: false };
  }
  const tool = [...COMPOSED, ...WRITES].find((x) => x.name === call.function.name);
  if (!tool) return { name: call.function.name, args, result: t(caller.language, "cloud.mcpNoTool", { name: call.function.name }), ok: false };
  try {
    if (tool.writes) {
      const summary = await tool.describe!(caller, args);
      return { name: tool.name, args, result: t(caller.language, "cloud.ai.proposed", { summary }), ok: true, action: { status: "pending", summary, outcome: null } };
    }
    return { name: tool.name, args, result: JSON.stringify(await tool.run(caller, args)).slice(0, RESULT_CHARS), ok: true };
  } catch (err) {
    if (err instanceof ToolRefusal) return { name: tool.name, args, result: err.message, ok: false };
    throw err;
  }
}

/** The history that goes upstream: all of it, or the last 50 once it is over 100 (core §9). */
function trimHistory<T>(history: T[]): T[] {
  return history.length > CHAT_LIMITS.historyMax ? history.slice(-CHAT_LIMITS.historyKeep) : history;
}

export const aiServed = [
  serve(aiApi.sessions, async (c) => {
    const { auth, deps } = c.var;
    const rows = await deps.db.select().from(aiSessions).where(tenantScope(auth).where(aiSessions, eq(aiSessions.userId, auth.userId))).orderBy(desc(aiSessions.updatedAt), desc(aiSessions.id));
    return rows.map((r) => ({ id: r.id, title: r.title, updateTime: r.updatedAt.toISOString() }));
  }),
  serve(aiApi.addSession, async (c, b) => {
    const { auth, deps } = c.var;
    const [s] = await deps.db.insert(aiSessions).values(tenantScope(auth).owned({ userId: auth.userId, title: b.title })).returning();
    return { id: s.id, title: s.title, updateTime: s.updatedAt.toISOString() };
  }),
  serve(aiApi.renameSession, async (c, b) => {
    await ownSession(c.var.deps.db, c.var.auth, b.id);
    await c.var.deps.db.update(aiSessions).set({ title: b.title, updatedAt: c.var.deps.now() }).where(eq(aiSessions.id, b.id));
    return null;
  }),
  serve(aiApi.delSession, async (c, { id }) => {
    await ownSession(c.var.deps.db, c.var.auth, id);
    await c.var.deps.db.delete(aiSessions).where(eq(aiSessions.id, id));
    return null;
  }),
  serve(aiApi.messages, async (c, { id }) => {
    await ownSession(c.var.deps.db, c.var.auth, id);
    const rows = await c.var.deps.db.select().from(aiMessages).where(eq(aiMessages.sessionId, id)).orderBy(asc(aiMessages.id));
    return rows.map((m) => ({ id: m.id, role: m.role as ChatMessage["role"], content: m.content, reasoning: m.reasoning, tools: m.tools ?? [], status: m.status as ChatMessage["status"], timestamp: m.createdAt.toISOString() }));
  }),
  serve(aiApi.chat, (c, b) => chat(c, b)),
  serve(aiApi.confirm, (c, b) => decide(c, b)),
];

/**
 * The user's click on a proposed write: cancel, or run exactly the stored call as the user (the
 * token of this request, so their rights and the same checks as any console call). The step is
 * claimed by a conditional update (pending → running), so a double click or a second instance
 * runs it once.
 */
async function decide(c: Ctx, b: CallArgs<typeof aiApi.confirm>): Promise<ToolStep> {
  const { auth, deps, locale } = c.var;
  const db = deps.db;
  const [m] = await db
    .select({ id: aiMessages.id, tools: aiMessages.tools })
    .from(aiMessages)
    .innerJoin(aiSessions, eq(aiSessions.id, aiMessages.sessionId))
    .where(tenantScope(auth).where(aiSessions, eq(aiSessions.userId, auth.userId), eq(aiMessages.id, b.messageId), eq(aiMessages.role, "assistant")));
  if (!m) throw notFound();
  const step = m.tools?.[b.step];
  const tool = step?.action && WRITES.find((x) => x.name === step.name);
  if (!step?.action || !tool) throw new AppError(Code.BAD_REQUEST, "cloud.ai.noAction");
  const path = `{${b.step},action,status}`;
  const claimed = await db
    .update(aiMessages)
    .set({ tools: sql`jsonb_set(${aiMessages.tools}, ${path}::text[], ${JSON.stringify(b.confirm ? "running" : "cancelled")}::jsonb)` })
    .where(and(eq(aiMessages.id, m.id), sql`${aiMessages.tools} -> ${b.step}::int -> 'action' ->> 'status' = 'pending'`))
    .returning({ id: aiMessages.id });
  if (!claimed.length) throw new AppError(Code.CONFLICT, "cloud.ai.actionDecided");
  let action: NonNullable<ToolStep["action"]>;
  if (!b.confirm) action = { ...step.action, status: "cancelled", outcome: null };
  else {
    try {
      const done = await tool.run(callerOf(c, c.req.header("authorization") ?? ""), step.args);
      action = { ...step.action, status: "done", outcome: JSON.stringify(done ?? null).slice(0, RESULT_CHARS) };
    } catch (err) {
      if (!(err instanceof ToolRefusal)) console.warn("[ai] confirmed action failed:", (err as Error).message);
      action = { ...step.action, status: "failed", outcome: err instanceof ToolRefusal ? err.message : t(locale, "cloud.ai.failed", { code: "INTERNAL" }) };
    }
  }
  await db
    .update(aiMessages)
    .set({ tools: sql`jsonb_set(${aiMessages.tools}, ${`{${b.step},action}`}::text[], ${JSON.stringify(action)}::jsonb)` })
    .where(eq(aiMessages.id, m.id));
  return { ...step, action };
}

async function chat(c: Ctx, b: CallArgs<typeof aiApi.chat>) {
  const { auth, deps, locale } = c.var;
  const db = deps.db;
  const session = await ownSession(db, auth, b.sessionId);
  if (running.has(auth.userId)) throw new AppError(Code.CONFLICT, "cloud.ai.busy");
  running.add(auth.userId);
  try {
    const history = await db.select({ role: aiMessages.role, content: aiMessages.content, status: aiMessages.status }).from(aiMessages).where(eq(aiMessages.sessionId, session.id)).orderBy(asc(aiMessages.id));
    await db.insert(aiMessages).values({ sessionId: session.id, role: "user", content: b.content });
    const [answer] = await db.insert(aiMessages).values({ sessionId: session.id, role: "assistant", content: "", status: "streaming" }).returning({ id: aiMessages.id });
    await db.update(aiSessions).set({ updatedAt: deps.now() }).where(eq(aiSessions.id, session.id));
    const tsQuery = tsQueryOf(b.content);
    const hits = tsQuery ? await searchKnowledge(db, auth, tsQuery) : [];
    const llm = deps.config.llm ?? null;

    const upstream = new AbortController();
    // The browser going away (its request's signal) stops the upstream call too.
    c.req.raw.signal.addEventListener("abort", () => upstream.abort(), { once: true });
    const encoder = new TextEncoder();
    let content = "";
    let reasoning = "";
    const steps: ToolStep[] = [];
    const finish = async (status: "done" | "aborted" | "error", text = content) => {
      running.delete(auth.userId);
      await db.update(aiMessages).set({ content: text, reasoning: reasoning || null, tools: steps.length ? steps : null, status }).where(and(eq(aiMessages.id, answer.id), eq(aiMessages.sessionId, session.id)));
    };
    const caller = callerOf(c, c.req.header("authorization") ?? "");

    const stream = new ReadableStream<Uint8Array>({
      async start(ctrl) {
        const send = (e: ChatEvent) => {
          if (!upstream.signal.aborted) ctrl.enqueue(encoder.encode(`data: ${JSON.stringify(e)}\n\n`));
        };
        send({ type: "start", messageId: answer.id, mode: llm ? "model" : "search" });
        let direct: { text: string; steps: ToolStep[] } | null = null;
        try {
          if (!llm) {
            // A plain lookup (a device's latest values, open alarms by name) is answered from the tools; else the knowledge base answers.
            const lookup = readLookup(b.content);
            const direct = lookup ? await answerLookup(caller, locale, lookup) : null;
            for (const step of direct?.steps ?? []) {
              steps.push(step);
              send({ type: "tool", ...step });
            }
            // Sent in small pieces, as a model would, so the console shows it the same way.
            const text = direct?.text ?? searchAnswer(locale, b.content, hits);
            for (const piece of text.match(/[\s\S]{1,8}/g) ?? []) {
              if (upstream.signal.aborted) break;
              content += piece;
              send({ type: "delta", text: piece });
            }
          } else {
            const context = [
              { role: "system" as const, content: `${t(locale, "cloud.ai.system")}\n\n${contextOf(hits) || t(locale, "cloud.ai.noContext")}` },
              ...b.attachments.map((a) => ({ role: "system" as const, content: `${a.name}\n${a.text}` })),
            ];
            const past = trimHistory(history.filter((m) => m.status !== "error" && m.content)).map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
            const messages: LlmMessage[] = [...context, ...past, { role: "user", content: b.content }];
            // A plain lookup runs at once, as the user, shown as the model's own calls would be and handed to
            // the model as calls it made: it answers from the live data without a planning round (a small
            // local model need not find the tools), and may still call more.
            const lookup = readLookup(b.content);
            direct = lookup ? await answerLookup(caller, locale, lookup, "") : null;
            if (direct?.steps.length) {
              const calls: LlmToolCall[] = direct.steps.map((s, i) => ({ id: `lookup_${i}`, type: "function", function: { name: s.name, arguments: JSON.stringify(s.args) } }));
              messages.push({ role: "assistant", content: null, tool_calls: calls });
              direct.steps.forEach((s, i) => {
                steps.push(s);
                send({ type: "tool", ...s });
                messages.push({ role: "tool", tool_call_id: calls[i].id, content: s.result });
              });
            }
            // The model may ask for tools (live data, with the user's rights) a few rounds before it answers.
            for (let round = 0; round <= TOOL_ROUNDS && !upstream.signal.aborted; round++) {
              let asked: LlmToolCall[] = [];
              let said = "";
              for await (const piece of streamCompletion(llm, b.model, messages, upstream.signal, round < TOOL_ROUNDS ? ASSISTANT_TOOLS : undefined)) {
                if (piece.reasoning) {
                  reasoning += piece.reasoning;
                  send({ type: "reasoning", text: piece.reasoning });
                }
                if (piece.content) {
                  said += piece.content;
                  content += piece.content;
                  send({ type: "delta", text: piece.content });
                }
                if (piece.toolCalls) asked = piece.toolCalls;
              }
              if (!asked.length) break;
              messages.push({ role: "assistant", content: said || null, tool_calls: asked });
              for (const call of asked) {
                const step = await runAssistantTool(caller, call);
                steps.push(step);
                send({ type: "tool", ...step });
                messages.push({ role: "tool", tool_call_id: call.id, content: step.result });
              }
            }
          }
          if (upstream.signal.aborted) {
            await finish("aborted", `${content}\n\n${t(locale, "cloud.ai.aborted")}`);
            return;
          }
          await finish("done");
          send({ type: "done", messageId: answer.id });
        } catch (e) {
          if (upstream.signal.aborted) {
            await finish("aborted", `${content}\n\n${t(locale, "cloud.ai.aborted")}`);
            return;
          }
          const code = e instanceof LlmError ? e.code : "INTERNAL";
          console.warn("[ai] answer failed:", code, (e as Error).message);
          if (direct && !content) {
            // The model failed before a word: the lookup's own answer stands, saying why.
            content = `${t(locale, "cloud.ai.lookup.modelFailed", { code })}${direct.text}`;
            send({ type: "delta", text: content });
            await finish("done");
            send({ type: "done", messageId: answer.id });
          } else {
            const message = t(locale, "cloud.ai.failed", { code });
            await finish("error", message);
            send({ type: "error", code, message });
          }
        }
        try {
          ctrl.close();
        } catch {
          /* the browser has gone */
        }
      },
      cancel() {
        upstream.abort();
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
    });
  } catch (e) {
    running.delete(auth.userId);
    throw e;
  }
}
