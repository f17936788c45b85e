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
  "zh-cn": { aborted: "（回答已中止）", thinking: "思考过程", newSession: "新会话" },
  en: { aborted: "(response aborted)", thinking: "Thinking", newSession: "New session" },
} as const;

/** The model's calls: what it was asked, how many tokens it wrote, whether the caller hung up first. */
const calls: { body: { model: string; temperature: number; max_tokens: number; stream: boolean; messages: { role: string; content: string }[] }; sent: number; cut: boolean }[] = [];
let model: Server;
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

async function openChat(browser: Browser, locale: "zh-cn" | "en") {
  const context = await browser.newContext({ baseURL: console2.base });
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
