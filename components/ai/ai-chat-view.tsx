"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { streamParts } from "@/lib/stream-parts";
import { toast } from "@/lib/toast";
import { BotIcon, BrainIcon, EditIcon, MessagesSquareIcon, PaperclipIcon, PlusIcon, SendIcon, SquareIcon, Trash2Icon, WrenchIcon, XIcon } from "lucide-react";
import { apiUrl } from "@/lib/api/fetcher";
import { call, useCall } from "@/lib/api/call";
import { aiApi, CHAT_LIMITS, type ChatEvent, type ChatMessage, type ChatModel, type ChatSession, type ToolStep } from "@/lib/contract/ai/chat";
import { isEnvelope } from "@/lib/contract/envelope";
import { useConfirm } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { ActionCard } from "./action-card";
import { Markdown } from "./markdown";

/** A message as the screen holds it (core §3): the stored fields plus the streaming states. */
type Shown = ChatMessage & { isStreaming?: boolean };
type Attachment = { name: string; text: string };

const TEXT_TYPES = /\.(txt|csv|md|json|log)$/i;

/** Reads `data: <json>` events off a server-sent event stream as they arrive. */
async function* events(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatEvent> {
  for await (const part of streamParts(body, "\n\n")) if (part.startsWith("data: ")) yield JSON.parse(part.slice(6)) as ChatEvent;
}

function MessageView({ m, onDecided }: { m: Shown; onDecided: (messageId: number, index: number, step: ToolStep) => void }) {
  const t = useTranslations("ai");
  if (m.role === "user")
    return (
      <div className="flex justify-end" data-testid="chat-user">
        <div className="max-w-[80%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm whitespace-pre-wrap text-primary-foreground">{m.content}</div>
      </div>
    );
  return (
    <div className="flex gap-3" data-testid="chat-assistant" data-status={m.isStreaming ? "streaming" : m.status}>
      <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <BotIcon className="size-4" />
      </div>
      <div className={cn("min-w-0 flex-1 rounded-2xl rounded-tl-sm border bg-card px-4 py-3", m.status === "error" && "border-destructive/50 text-destructive")}>
        {m.reasoning && (
          <details className="mb-2 text-xs text-muted-foreground">
            <summary className="cursor-pointer select-none">{t("reasoning")}</summary>
            <p className="mt-1 whitespace-pre-wrap">{m.reasoning}</p>
          </details>
        )}
        {m.tools.map((step, i) =>
          step.action ? (
            <ActionCard key={i} step={{ ...step, action: step.action }} index={i} messageId={m.isStreaming || m.id < 0 ? null : m.id} onDecided={(s) => onDecided(m.id, i, s)} />
          ) : (
            <details key={i} className="mb-2 rounded-md border bg-muted/40 px-2 py-1 text-xs text-muted-foreground" data-testid="chat-tool">
              <summary className="cursor-pointer select-none">
                <WrenchIcon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                {t(step.ok ? "toolCalled" : "toolRefused", { name: step.name })} <code className="break-all">{JSON.stringify(step.args)}</code>
              </summary>
              <pre className="mt-1 max-h-48 overflow-auto break-all whitespace-pre-wrap">{step.result}</pre>
            </details>
          ),
        )}
        {m.content ? <Markdown text={m.content} /> : m.isStreaming ? <span className="inline-block h-4 w-2 animate-pulse bg-muted-foreground/60" aria-label={t("thinking")} /> : null}
      </div>
    </div>
  );
}

/**
 * /AIModel/index (core §2, §3, §4, §8): sessions on the left (new, rename, delete; on a phone a
 * panel over the conversation, opened from the header), the
 * conversation with markdown and code blocks, model switch (chat / reasoning, thinking folded),
 * text attachments as context, and the answer streaming in with a stop button.
 */
export function AiChatView() {
  const t = useTranslations("ai");
  const { data: sessions, mutate: reloadSessions } = useCall(aiApi.sessions, {});
  const [active, setActive] = React.useState<number | null>(null);
  const { data: stored, mutate: reloadMessages } = useCall(aiApi.messages, active ? { id: active } : null);
  const [live, setLive] = React.useState<Shown[] | null>(null);
  const [input, setInput] = React.useState("");
  const [model, setModel] = React.useState<ChatModel>("chat");
  const [attachments, setAttachments] = React.useState<Attachment[]>([]);
  const [renaming, setRenaming] = React.useState<{ id: number; title: string } | null>(null);
  /** Below md the session list is a panel over the conversation: open or not. */
  const [listOpen, setListOpen] = React.useState(false);
  const abort = React.useRef<AbortController | null>(null);
  const bottom = React.useRef<HTMLDivElement>(null);
  const [confirm, confirmElement] = useConfirm();
  const streaming = abort.current !== null && live !== null;
  const messages: Shown[] = live ?? stored ?? [];

  React.useEffect(() => {
    if (active === null && sessions?.length) setActive(sessions[0].id);
  }, [sessions, active]);
  // In braces: newer browsers' scrollIntoView answers a promise, which React would take for a cleanup.
  const lastContent = messages.at(-1)?.content;
  React.useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages.length, lastContent]);

  const newSession = async (title = t("newSession")) => {
    const s = await call(aiApi.addSession, { title: title.slice(0, CHAT_LIMITS.titleMax) });
    await reloadSessions();
    setActive(s.id);
    setLive(null);
    setListOpen(false);
    return s.id;
  };

  const pickFiles = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (attachments.length + list.length > CHAT_LIMITS.attachments) return void toast.warning(t("tooManyFiles", { n: CHAT_LIMITS.attachments }));
    const next: Attachment[] = [];
    for (const f of list) {
      if (f.size > CHAT_LIMITS.attachmentMb * 1024 * 1024) {
        toast.warning(t("fileTooLarge", { name: f.name, n: CHAT_LIMITS.attachmentMb }));
        continue;
      }
      // Only text is read as context; the first characters of a large file are enough.
      const text = TEXT_TYPES.test(f.name) ? (await f.slice(0, CHAT_LIMITS.attachmentChars * 4).text()).slice(0, CHAT_LIMITS.attachmentChars) : "";
      if (!text) toast.warning(t("notText", { name: f.name }));
      else next.push({ name: f.name, text });
    }
    setAttachments((a) => [...a, ...next]);
  };

  const send = async () => {
    const content = input.trim();
    if (!content) return;
    if (abort.current) return void toast.warning(t("busy"));
    const sessionId = active ?? (await newSession(content));
    const ctrl = new AbortController();
    abort.current = ctrl;
    const now = new Date().toISOString();
    const base = (stored ?? []).filter(() => active === sessionId);
    let answer: Shown = { id: -1, role: "assistant", content: "", reasoning: null, tools: [], status: "done", timestamp: now, isStreaming: true };
    const show = () => setLive([...base, { id: -2, role: "user", content, reasoning: null, tools: [], status: "done", timestamp: now }, answer]);
    show();
    setInput("");
    const sentAttachments = attachments;
    setAttachments([]);
    try {
      const res = await fetch(apiUrl(aiApi.chat.path), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sessionId, content, model, attachments: sentAttachments }),
        signal: ctrl.signal,
      });
      if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) {
        const env: unknown = await res.json().catch(() => null);
        const reason = isEnvelope(env) ? env.msg : res.statusText;
        toast.error(`${t("requestFailed")}: ${reason}`);
        answer = { ...answer, isStreaming: false, status: "error", content: isEnvelope(env) && env.code === 409 ? reason : t("unavailable", { code: isEnvelope(env) ? env.code : res.status }) };
        show();
        return;
      }
      for await (const e of events(res.body)) {
        if (e.type === "delta") answer = { ...answer, content: answer.content + e.text };
        else if (e.type === "reasoning") answer = { ...answer, reasoning: (answer.reasoning ?? "") + e.text };
        else if (e.type === "tool") answer = { ...answer, tools: [...answer.tools, { name: e.name, args: e.args, result: e.result, ok: e.ok, ...(e.action ? { action: e.action } : {}) }] };
        else if (e.type === "error") {
          toast.error(`${t("requestFailed")}: ${e.code}`);
          answer = { ...answer, status: "error", content: e.message };
        }
        show();
      }
      answer = { ...answer, isStreaming: false };
      show();
    } catch (e) {
      if ((e as Error).name === "AbortError") {
        answer = { ...answer, isStreaming: false, status: "aborted", content: `${answer.content}\n\n${t("aborted")}` };
        toast.info(t("aborted"));
      } else {
        toast.error(`${t("requestFailed")}: ${(e as Error).message}`);
        answer = { ...answer, isStreaming: false, status: "error", content: t("unavailable", { code: "NETWORK" }) };
      }
      show();
    } finally {
      abort.current = null;
      // The cloud stores a stopped answer once it notices the reader has gone: until then its copy
      // is still empty and "streaming", so the answer on screen stays until the stored one is final.
      for (let tries = 0; tries < 20; tries++) {
        const fresh = await reloadMessages();
        if (!fresh?.some((m) => m.status === "streaming")) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await reloadSessions();
      setLive(null);
    }
  };

  const stop = () => abort.current?.abort();

  /** A proposed write confirmed or cancelled: the stored conversation shows the step as the cloud answered it. */
  const decided = (messageId: number, index: number, step: ToolStep) =>
    void reloadMessages((list) => list?.map((m) => (m.id === messageId ? { ...m, tools: m.tools.map((s, j) => (j === index ? step : s)) } : m)), { revalidate: true });

  const remove = async (s: ChatSession) => {
    if (!(await confirm(t("confirmDelete", { title: s.title }), { danger: true }))) return;
    await call(aiApi.delSession, { id: s.id });
    if (active === s.id) setActive(null);
    await reloadSessions();
  };

  const rename = async () => {
    if (!renaming?.title.trim()) return setRenaming(null);
    await call(aiApi.renameSession, { id: renaming.id, title: renaming.title.trim().slice(0, CHAT_LIMITS.titleMax) });
    setRenaming(null);
    await reloadSessions();
  };

  return (
    <div className="relative flex h-dvh bg-background" data-testid="ai-chat">
      {listOpen && <button type="button" className="fixed inset-0 z-30 bg-black/40 md:hidden" aria-label={t("closeSessions")} onClick={() => setListOpen(false)} />}
      <aside
        className={cn(
          "w-64 shrink-0 flex-col border-r bg-muted/30 md:flex",
          // A phone: the list slides over the conversation, opaque, until a session is chosen.
          listOpen ? "fixed inset-y-0 left-0 z-40 flex w-[min(18rem,85vw)] bg-background shadow-xl md:static md:w-64 md:bg-muted/30 md:shadow-none" : "hidden",
        )}
        data-testid="chat-sessions"
        onKeyDown={(e) => e.key === "Escape" && setListOpen(false)}
      >
        <div className="flex items-center gap-2 border-b px-4 py-3">
          <BotIcon className="size-5 text-primary" />
          <span className="flex-1 font-semibold">{t("title")}</span>
          <Button size="icon" variant="ghost" className="size-8 md:hidden" aria-label={t("closeSessions")} onClick={() => setListOpen(false)}>
            <XIcon />
          </Button>
        </div>
        <div className="p-3">
          <Button className="w-full" variant="outline" size="sm" onClick={() => void newSession()} disabled={streaming} data-testid="chat-new">
            <PlusIcon />
            {t("newSession")}
          </Button>
        </div>
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-auto px-2 pb-3" aria-label={t("sessions")}>
          {(sessions ?? []).map((s) => (
            <li key={s.id} aria-current={active === s.id ? "true" : undefined} className={cn("group flex items-center gap-1 rounded-md px-2 py-1.5 text-sm hover:bg-accent", active === s.id && "bg-primary/10 text-primary")}>
              {renaming?.id === s.id ? (
                <Input
                  autoFocus
                  value={renaming.title}
                  maxLength={CHAT_LIMITS.titleMax}
                  className="h-7"
                  aria-label={t("rename")}
                  onChange={(e) => setRenaming({ id: s.id, title: e.target.value })}
                  onBlur={() => void rename()}
                  onKeyDown={(e) => (e.key === "Enter" ? void rename() : e.key === "Escape" && setRenaming(null))}
                />
              ) : (
                <>
                  <button type="button" className="min-w-0 flex-1 truncate py-1 text-left" onClick={() => !streaming && (setActive(s.id), setLive(null), setListOpen(false))}>
                    {s.title}
                  </button>
                  <button type="button" className="rounded p-1 opacity-0 group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 pointer-coarse:p-2 pointer-coarse:opacity-100" aria-label={t("rename")} onClick={() => setRenaming({ id: s.id, title: s.title })}>
                    <EditIcon className="size-3.5" />
                  </button>
                  <button type="button" className="rounded p-1 text-destructive opacity-0 group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 pointer-coarse:p-2 pointer-coarse:opacity-100" aria-label={t("delete")} onClick={() => void remove(s)}>
                    <Trash2Icon className="size-3.5" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </aside>
      <main className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b px-4 py-2.5">
          <Button size="icon" variant="ghost" className="-ml-2 size-8 md:hidden" aria-label={t("sessions")} aria-expanded={listOpen} onClick={() => setListOpen(true)} data-testid="chat-sessions-open">
            <MessagesSquareIcon />
          </Button>
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{sessions?.find((s) => s.id === active)?.title ?? t("title")}</span>
          <div className="flex rounded-md border p-0.5" role="radiogroup" aria-label={t("model")}>
            {(["chat", "reasoning"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={model === m}
                className={cn("flex items-center gap-1 rounded px-2.5 py-1 text-xs", model === m ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground")}
                onClick={() => setModel(m)}
              >
                {m === "reasoning" ? <BrainIcon className="size-3.5" /> : <BotIcon className="size-3.5" />}
                {t(`models.${m}`)}
              </button>
            ))}
          </div>
        </header>
        <div className="min-h-0 flex-1 overflow-auto">
          <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6">
            {messages.length === 0 ? (
              <div className="py-20 text-center text-muted-foreground">
                <BotIcon className="mx-auto mb-3 size-10 text-primary/60" />
                <p className="text-base font-medium text-foreground">{t("welcome")}</p>
                <p className="mt-1 text-sm">{t("hint")}</p>
              </div>
            ) : (
              messages.map((m, i) => <MessageView key={`${m.id}-${i}`} m={m} onDecided={decided} />)
            )}
            <div ref={bottom} />
          </div>
        </div>
        <div className="border-t bg-card/50 px-4 py-3">
          <div className="mx-auto max-w-3xl">
            {attachments.length > 0 && (
              <ul className="mb-2 flex flex-wrap gap-1.5">
                {attachments.map((a, i) => (
                  <li key={`${a.name}-${i}`} className="flex items-center gap-1 rounded-full border bg-background px-2.5 py-0.5 text-xs">
                    {a.name}
                    <button type="button" aria-label={t("removeFile")} onClick={() => setAttachments((x) => x.filter((_, j) => j !== i))}>
                      <XIcon className="size-3" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex items-end gap-2 rounded-xl border bg-background p-2 focus-within:ring-2 focus-within:ring-ring/40">
              <label className="cursor-pointer rounded-md p-2 text-muted-foreground hover:bg-accent" title={t("attach")}>
                <PaperclipIcon className="size-4" />
                <span className="sr-only">{t("attach")}</span>
                <input type="file" multiple hidden onChange={(e) => (void pickFiles(e.target.files), (e.target.value = ""))} />
              </label>
              <Textarea
                value={input}
                onChange={(e) => setInput(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    void send();
                  }
                }}
                rows={1}
                maxLength={CHAT_LIMITS.questionChars}
                placeholder={t("placeholder")}
                aria-label={t("placeholder")}
                className="max-h-40 min-h-9 flex-1 resize-none border-0 shadow-none focus-visible:ring-0"
                data-testid="chat-input"
              />
              {streaming ? (
                <Button size="icon" variant="destructive" onClick={stop} aria-label={t("stop")} data-testid="chat-stop">
                  <SquareIcon />
                </Button>
              ) : (
                <Button size="icon" onClick={() => void send()} disabled={!input.trim()} aria-label={t("send")} data-testid="chat-send">
                  <SendIcon />
                </Button>
              )}
            </div>
            <p className="mt-1.5 text-center text-xs text-muted-foreground">
              {t("footnote")}
              {/* The keys only where there is a keyboard to press them; a phone's placeholder stays one line. */}
              <span className="hidden md:inline"> {t("keys")}</span>
            </p>
          </div>
        </div>
      </main>
      {confirmElement}
    </div>
  );
}
