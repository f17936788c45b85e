import { CHAT_LIMITS, type ChatModel } from "@/lib/contract/ai/chat";
import { streamParts } from "../../lib/stream-parts";

/**
 * An OpenAI-compatible chat-completions endpoint (core §7: DeepSeek-style chat / reasoner),
 * streamed. Configured by `LLM_BASE_URL`, `LLM_API_KEY`, `LLM_CHAT_MODEL`, `LLM_REASONING_MODEL`.
 */
export type LlmConfig = { baseUrl: string; apiKey: string; models: Record<ChatModel, string> };

export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: env.LLM_API_KEY ?? "",
    models: { chat: env.LLM_CHAT_MODEL || "deepseek-chat", reasoning: env.LLM_REASONING_MODEL || "deepseek-reasoner" },
  };
}

/** The upstream refused or broke: `code` is what the user is told (core §8 "error code …"). */
export class LlmError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A tool call as the model asked for it (`arguments` is JSON text). */
export type LlmToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
export type LlmMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: LlmToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
/** A tool offered to the model (OpenAI's function tools). */
export type LlmTool = { type: "function"; function: { name: string; description: string; parameters: Record<string, unknown> } };
export type LlmChunk = { content?: string; reasoning?: string; toolCalls?: LlmToolCall[] };

type ToolDelta = { index?: number; id?: string; function?: { name?: string; arguments?: string } };

/**
 * Streams the answer's pieces as they come; `signal` aborts the upstream call. With `tools` the
 * model may ask for tool calls instead: their pieces are put together and come last, as one chunk.
 */
export async function* streamCompletion(cfg: LlmConfig, model: ChatModel, messages: LlmMessage[], signal: AbortSignal, tools?: LlmTool[]): AsyncGenerator<LlmChunk> {
  let res: Response;
  try {
    res = await fetch(`${cfg.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify({ model: cfg.models[model], messages, stream: true, temperature: CHAT_LIMITS.temperature, max_tokens: CHAT_LIMITS.maxTokens, ...(tools?.length ? { tools } : {}) }),
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new LlmError("NETWORK", (e as Error).message);
  }
  if (!res.ok || !res.body) {
    const detail = await res.text().catch(() => "");
    throw new LlmError(`HTTP_${res.status}`, detail.slice(0, 200) || res.statusText);
  }
  const calls: LlmToolCall[] = [];
  for await (const raw of streamParts(res.body, "\n")) {
    const line = raw.trim();
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") break;
    let json: { choices?: { delta?: { content?: string | null; reasoning_content?: string | null; tool_calls?: ToolDelta[] } }[]; error?: { message?: string } };
    try {
      json = JSON.parse(data);
    } catch {
      throw new LlmError("BAD_STREAM", data.slice(0, 200));
    }
    if (json.error) throw new LlmError("UPSTREAM", json.error.message ?? "");
    const delta = json.choices?.[0]?.delta;
    if (delta?.reasoning_content) yield { reasoning: delta.reasoning_content };
    if (delta?.content) yield { content: delta.content };
    for (const d of delta?.tool_calls ?? []) {
      const at = d.index ?? calls.length;
      const call = (calls[at] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
      if (d.id) call.id = d.id;
      if (d.function?.name) call.function.name += d.function.name;
      if (d.function?.arguments) call.function.arguments += d.function.arguments;
    }
  }
  const asked = calls.filter((c) => c?.function.name);
  if (asked.length) yield { toolCalls: asked.map((c, i) => ({ ...c, id: c.id || `call_${i}` })) };
}
