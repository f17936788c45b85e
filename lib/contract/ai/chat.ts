import { z } from "zod";
import { defineCall, empty, stream } from "../call";
import { dbId, idQuery } from "../common";
import { textRequired } from "../validation";

/**
 * The AI assistant (core §3 chat message, §4 states, §7 payload, §8 errors, §9 limits): sessions
 * per user, a question streamed back as server-sent events.
 */
export const CHAT_MODELS = ["chat", "reasoning"] as const;
export type ChatModel = (typeof CHAT_MODELS)[number];
export const CHAT_LIMITS = {
  temperature: 0.7,
  maxTokens: 2000,
  /** Once a conversation has more than 100 messages, the last 50 go upstream. */
  historyMax: 100,
  historyKeep: 50,
  attachments: 50,
  attachmentMb: 100,
  /** The text of an attachment used as context. */
  attachmentChars: 20_000,
  questionChars: 4000,
  titleMax: 64,
} as const;

export const sessionBody = z.object({ title: textRequired(CHAT_LIMITS.titleMax) });
export const sessionUpdate = sessionBody.extend({ id: dbId });
export const chatBody = z.object({
  sessionId: dbId,
  content: z.string().trim().min(1, "validation.required").max(CHAT_LIMITS.questionChars, "validation.maxLength"),
  model: z.enum(CHAT_MODELS, "validation.invalidOption").default("chat"),
  attachments: z
    .array(z.object({ name: z.string().max(200), text: z.string().max(CHAT_LIMITS.attachmentChars) }))
    .max(CHAT_LIMITS.attachments, "validation.maxItems")
    .default([]),
});
export type ChatBody = z.input<typeof chatBody>;

/** `file/ai/confirm`: the user's decision on a proposed write, the `step`-th tool step of an answer. */
export const confirmBody = z.object({ messageId: dbId, step: z.coerce.number({ error: "validation.required" }).int().min(0).max(50), confirm: z.boolean({ error: "validation.required" }) });
export type ConfirmBody = z.infer<typeof confirmBody>;

export const chatSession = z.object({ id: z.number().int(), title: z.string(), updateTime: z.string() });
export type ChatSession = z.infer<typeof chatSession>;
/**
 * A write the assistant proposed (issue 39): never run by the model. The console shows `summary`
 * (the exact action, in the asker's language) with Confirm / Cancel; only a confirmation runs it,
 * as the user, through the same permission checks, and `outcome` says what happened.
 */
export const ACTION_STATUSES = ["pending", "running", "done", "cancelled", "failed"] as const;
export const toolAction = z.object({ status: z.enum(ACTION_STATUSES), summary: z.string(), outcome: z.string().nullable() });
export type ToolAction = z.infer<typeof toolAction>;
/** A tool the assistant called on the way to its answer (issue 39): shown folded above the answer; a write carries its `action`. */
export const toolStep = z.object({ name: z.string(), args: z.record(z.string(), z.unknown()), result: z.string(), ok: z.boolean(), action: toolAction.optional() });
export type ToolStep = z.infer<typeof toolStep>;

/** A stored message; an answer is "streaming" while it is written, then ends done, aborted or errored (core §4). */
export const chatMessage = z.object({
  id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  reasoning: z.string().nullable(),
  tools: z.array(toolStep),
  status: z.enum(["streaming", "done", "aborted", "error"]),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** One server-sent event of `file/ai/chat` (`data: <json>`). */
export type ChatEvent =
  | { type: "start"; messageId: number; mode: "model" | "search" }
  | { type: "reasoning"; text: string }
  | ({ type: "tool" } & ToolStep)
  | { type: "delta"; text: string }
  | { type: "done"; messageId: number }
  | { type: "error"; code: string; message: string };

/** The assistant's calls (file ai): any signed-in user, each on their own sessions. */
export const aiApi = {
  sessions: defineCall({ kind: "get", path: "file/ai/sessions", answer: z.array(chatSession), access: "user", scope: "own" }),
  addSession: defineCall({ kind: "post", path: "file/ai/sessions/add", input: sessionBody, answer: chatSession, access: "user", scope: "own" }),
  renameSession: defineCall({ kind: "post", path: "file/ai/sessions/upd", input: sessionUpdate, answer: empty, access: "user", scope: "own" }),
  delSession: defineCall({ kind: "post", path: "file/ai/sessions/del", input: idQuery, answer: empty, access: "user", scope: "own" }),
  messages: defineCall({ kind: "get", path: "file/ai/messages", input: idQuery, answer: z.array(chatMessage), access: "user", scope: "own" }),
  /** The answer as server-sent events (`ChatEvent`); a refusal (busy, unknown session) is an envelope. */
  chat: defineCall({ kind: "stream", path: "file/ai/chat", input: chatBody, answer: stream, access: "user", scope: "own" }),
  /** Runs (or cancels) a write the assistant proposed, with the caller's own rights; answers the step as it is now. */
  confirm: defineCall({ kind: "post", path: "file/ai/confirm", input: confirmBody, answer: toolStep, access: "user", scope: "own" }),
};
