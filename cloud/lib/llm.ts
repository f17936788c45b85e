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

export type LlmMessage = { role: "system" | "user" | "assistant"; content: string };
export type LlmChunk = { content?: string; reasoning?: string };

/** Streams the answer's pieces as they come; `signal` aborts the upstream call. */
export async function* streamCompletion(cfg: LlmConfig, model: ChatModel, messages: LlmMessage[], signal: AbortSignal): AsyncGenerator<LlmChunk> {
  let res: Response;
  try {
    res = await fetch(`${cfg.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify({ model: cfg.models[model], messages, stream: true, temperature: CHAT_LIMITS.temperature, max_tokens: CHAT_LIMITS.maxTokens }),
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
  for await (const raw of streamParts(res.body, "\n")) {
    const line = raw.trim();
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") return;
    let json: { choices?: { delta?: { content?: string | null; reasoning_content?: string | null } }[]; error?: { message?: string } };
    try {
      json = JSON.parse(data);
    } catch {
      throw new LlmError("BAD_STREAM", data.slice(0, 200));
    }
    if (json.error) throw new LlmError("UPSTREAM", json.error.message ?? "");
    const delta = json.choices?.[0]?.delta;
    if (delta?.reasoning_content) yield { reasoning: delta.reasoning_content };
    if (delta?.content) yield { content: delta.content };
  }
}
