import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser } from "@playwright/test";
import { startConsole, type RunningConsole } from "../../bench/console-server";
import { loginAs } from "./pages/login-page";

/**
 * The assistant with a model (issue 21): a second console of this build whose cloud talks to a fake
 * OpenAI-compatible model on loopback. The answer appears in the browser token by token, "stop"
 * ends it with "response aborted", and the model's call is cut when the reader goes away.
 */
test.describe.configure({ mode: "serial" });

const TOKENS = 400;
const TOKEN_MS = 40;
const TEXT = {
  "zh-cn": { aborted: "（回答已中止）", thinking: "思考过程", newSession: "新会话", called: "调用了 open_alarms", accept: /^受理告警 #\d+“.+”/, done: "已执行" },
  en: { aborted: "(response aborted)", thinking: "Thinking", newSession: "New session", called: "Called open_alarms", accept: /^Accept alarm #\d+ “.+”/, done: "Done" },
} as const;

/** The model's calls: what it was asked, how many tokens it wrote, whether the caller hung up first. */
const calls: { body: { model: string; temperature: number; max_tokens: number; stream: boolean; messages: { role: string; content: string }[] }; sent: number; cut: boolean }[] = [];
let model: Server;

type Said = { role: string; content: string | null };
/**
 * A question starting "tools:" plays a planning model: it asks for the open alarms, then proposes
 * accepting the newest pending one it read, then answers citing it.
 */
function toolTurn(messages: Said[], res: import("node:http").ServerResponse) {
  const results = messages.filter((m) => m.role === "tool");
  const ask = (name: string, args: object) =>
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index: 0, id: `call_${results.length}`, type: "function", function: { name, arguments: JSON.stringify(args) } }] } }] })}\n\n`);
  const pending = () => (JSON.parse(results[0].content!) as { alarms: { id: number; name: string; link: string; status: number }[] }).alarms.find((a) => a.status === 1)!;
  if (results.length === 0) ask("open_alarms", { limit: 30 });
  else if (results.length === 1) ask("accept_alarm", { alarmId: pending().id });
  else {
    const alarm = pending();
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `The newest open alarm is [${alarm.name}](${alarm.link}); accept it with the card above.` } }] })}\n\n`);
  }
  res.end("data: [DONE]\n\n");
}
let console2: RunningConsole;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  model = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const call = { body: JSON.parse(raw), sent: 0, cut: false };
      calls.push(call);
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (call.body.messages.some((m: { role: string; content: string }) => m.role === "user" && m.content.startsWith("tools:"))) return void toolTurn(call.body.messages, res);
      res.on("close", () => (call.cut = !res.writableEnded));
      // The reasoning model thinks first, as DeepSeek's reasoner does.
      if (call.body.model === "fake-reasoner") res.write(`data: ${JSON.stringify({ choices: [{ delta: { reasoning_content: "weighing the settlement data" } }] })}\n\n`);
      const timer = setInterval(() => {
        if (call.sent === TOKENS) {
          clearInterval(timer);
          return void res.end("data: [DONE]\n\n");
        }
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `tok${call.sent} ` } }] })}\n\n`);
        call.sent++;
      }, TOKEN_MS);
      res.on("close", () => clearInterval(timer));
    });
  });
  await new Promise<void>((r) => model.listen(0, "127.0.0.1", r));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  const port = Number(process.env.E2E_PORT ?? 3310) + 5;
  console2 = await startConsole("e2e-chat", port, { env: { LLM_BASE_URL: modelUrl, LLM_API_KEY: "e2e", LLM_CHAT_MODEL: "fake-chat", LLM_REASONING_MODEL: "fake-reasoner", SIMULATOR: "off" } });
});

test.afterAll(async () => {
  await console2?.stop();
  model?.close();
});

async function openChat(browser: Browser, locale: "zh-cn" | "en", phone = false) {
  const context = await browser.newContext({ baseURL: console2.base, ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {}) });
  await context.addCookies([{ name: "locale", value: locale, url: console2.base }]);
  const page = await context.newPage();
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home/);
  await page.goto("/AIModel/index");
  await expect(page.getByTestId("chat-input")).toBeVisible();
  return { context, page };
}

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];

  test(`${locale}: the answer streams token by token and stops on "stop", cutting the model's call`, async ({ browser }) => {
    const { context, page } = await openChat(browser, locale);
    try {
      // A conversation of its own: the page opens the user's last one, whose answer is not this one's.
      await page.getByTestId("chat-new").click();
      await expect(page.locator("li[aria-current=true]")).toHaveText(T.newSession);
      await expect(page.getByTestId("chat-assistant")).toHaveCount(0);
      // Every text the answer shows on its way, as the browser paints it.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => {
          const last = [...document.querySelectorAll('[data-testid="chat-assistant"]')].at(-1);
          const text = last?.textContent ?? "";
          if (text && text !== seen.at(-1)) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const before = calls.length;
      await page.getByTestId("chat-input").fill("累计沉降 status");
      await page.getByTestId("chat-send").click();
      const answer = page.getByTestId("chat-assistant").last();
      await expect(answer).toHaveAttribute("data-status", "streaming");
      await expect(answer).toContainText("tok30 ");
      await expect(answer).toHaveAttribute("data-status", "streaming");
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      // Token by token: the text grew in many small steps, each one a prefix of the next.
      expect(seen.length).toBeGreaterThan(20);
      for (let i = 1; i < seen.length; i++) expect(seen[i].startsWith(seen[i - 1].replace(/\s+$/, ""))).toBe(true);

      await page.getByTestId("chat-stop").click();
      await expect(answer).toHaveAttribute("data-status", "aborted");
      await expect(answer).toContainText(T.aborted);
      const call = calls[before];
      // The model was asked as core §7 says, and its call was cut when the browser stopped reading.
      expect(call.body).toMatchObject({ model: "fake-chat", stream: true, temperature: 0.7, max_tokens: 2000 });
      expect(call.body.messages.at(-1)).toEqual({ role: "user", content: "累计沉降 status" });
      await expect.poll(() => call.cut).toBe(true);
      expect(call.sent).toBeLessThan(TOKENS);
      // The stored answer keeps what came, and says it was aborted.
      await page.reload();
      const stored = page.getByTestId("chat-assistant").last();
      await expect(stored).toHaveAttribute("data-status", "aborted");
      await expect(stored).toContainText("tok30 ");
      await expect(stored).toContainText(T.aborted);
    } finally {
      await context.close();
    }
  });
}

test("the reasoning model's thinking is shown folded, then the whole answer", async ({ browser }) => {
  const { context, page } = await openChat(browser, "en");
  try {
    await page.getByTestId("chat-new").click();
    await page.getByRole("radio", { name: "Reasoning" }).click();
    await page.getByTestId("chat-input").fill("why does JC-01 settle?");
    await page.getByTestId("chat-send").click();
    const answer = page.getByTestId("chat-assistant").last();
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 40_000 });
    await expect(answer).toContainText(`tok${TOKENS - 1}`);
    const thinking = answer.locator("details");
    await expect(thinking).not.toHaveAttribute("open");
    await thinking.locator("summary").click();
    await expect(thinking).toContainText("weighing the settlement data");
    expect(calls.at(-1)!.body.model).toBe("fake-reasoner");
  } finally {
    await context.close();
  }
});

for (const locale of ["zh-cn", "en"] as const) {
  test(`${locale}: the tools the model calls are shown folded, and its proposed write runs only on Confirm`, async ({ browser }) => {
    const T = TEXT[locale];
    const { context, page } = await openChat(browser, locale);
    try {
      await page.getByTestId("chat-new").click();
      await expect(page.locator("li[aria-current=true]")).toHaveText(T.newSession);
      await page.getByTestId("chat-input").fill("tools: accept the newest alarm");
      await page.getByTestId("chat-send").click();
      const answer = page.getByTestId("chat-assistant").last();
      await expect(answer).toHaveAttribute("data-status", "done", { timeout: 20_000 });
      // The read, folded: its call on the summary line, its result inside.
      const read = answer.getByTestId("chat-tool");
      await expect(read).toHaveCount(1);
      await expect(read).not.toHaveAttribute("open");
      await expect(read.locator("summary")).toContainText(`${T.called} {"limit":30}`);
      await read.locator("summary").click();
      await expect(read.locator("pre")).toContainText('"alarms":[{"id":');
      // The write, as a card waiting for the user; the answer links the alarm into the console.
      const card = answer.getByTestId("chat-action");
      await expect(card).toHaveAttribute("data-status", "pending");
      await expect(card.getByTestId("chat-action-summary")).toContainText(T.accept);
      await expect(answer.getByRole("link").first()).toHaveAttribute("href", /\/alarm\/alarmCenterInfo\?id=\d+/);
      await card.getByTestId("chat-action-confirm").click();
      await expect(card).toHaveAttribute("data-status", "done");
      await expect(card.getByTestId("chat-action-status")).toHaveText(T.done);
      await expect(card.getByTestId("chat-action-confirm")).toHaveCount(0);
      // Stored with the answer.
      await page.reload();
      const stored = page.getByTestId("chat-assistant").last();
      await expect(stored.getByTestId("chat-action")).toHaveAttribute("data-status", "done");
      await expect(stored.getByTestId("chat-tool")).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
}

test("on a phone the session list opens over the conversation and closes on a choice", async ({ browser }) => {
  const { context, page } = await openChat(browser, "en", true);
  try {
    const list = page.getByTestId("chat-sessions");
    await expect(list).toBeHidden();
    await page.getByTestId("chat-sessions-open").click();
    await expect(list).toBeVisible();
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/chat-sessions-phone-en.png` });
    // Rename and delete are there without hover on a touch screen.
    await expect(list.getByRole("button", { name: "Rename" }).first()).toHaveCSS("opacity", "1");
    await list.getByTestId("chat-new").click();
    await expect(list).toBeHidden();
    await page.getByTestId("chat-sessions-open").click();
    await expect(list.locator("li[aria-current=true]")).toHaveText(TEXT.en.newSession);
    await list.getByRole("button", { name: "Close the session list" }).click();
    await expect(list).toBeHidden();
  } finally {
    await context.close();
  }
});
