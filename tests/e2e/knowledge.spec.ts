import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { KnowledgePage } from "./pages/knowledge-page";
import { loginAs } from "./pages/login-page";

/**
 * The knowledge journey (issue 21): a base, a folder, a file uploaded in parts, view-only granted
 * to operator01, a move, a recycle and a restore; operator01 then previews the file but cannot
 * delete it — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6);
const TEXT = {
  "zh-cn": { viewOnly: "仅查看/下载", ok: "确定", restore: "恢复", noModel: "未配置大语言模型", page: (n: number, of: number) => `第 ${n} 页，共 ${of} 页` },
  en: { viewOnly: "View / download", ok: "OK", restore: "Restore", noModel: "No language model is configured", page: (n: number, of: number) => `Page ${n} of ${of}` },
} as const;
const FIXTURE = (name: string) => readFileSync(`tests/fixtures/${name}`);
/** Strings only pdf.js and the docx converter (mammoth) carry: how their scripts are told apart. */
const PDFJS_MARK = "Setting up fake worker";
const MAMMOTH_MARK = "word/document.xml";

async function useLocale(page: Page, locale: string, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "locale", value: locale, url: baseURL ?? "http://127.0.0.1" }]);
}

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const BASE = `E2E ${locale} 结构手册 ${RUN}`;
  const FOLDER = `桥梁 ${locale} ${RUN}`;
  const OTHER = `隧道 ${locale} ${RUN}`;
  const FILE = `沉降说明 ${locale} ${RUN}`;
  const CONTENT = `累计沉降 12.5 mm ${RUN}`;

  test(`${locale}: demoadmin builds a base, uploads, grants view-only, moves, recycles and restores`, async ({ page }, testInfo) => {
    await useLocale(page, locale, testInfo.project.use.baseURL);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const kb = new KnowledgePage(page);
    await kb.open();
    await kb.addBase(BASE, "Settlement and tilt");
    await kb.select(BASE);
    await kb.addFolder(FOLDER);
    await kb.addFolder(OTHER);
    await kb.enter(FOLDER);
    await kb.addFile(FILE, { name: "settlement.txt", mimeType: "text/plain", buffer: Buffer.from(CONTENT) });

    // View-only for operator01 on the whole base.
    await kb.treeAction(BASE, "auth");
    const auth = page.getByTestId("knowledge-auth-dialog");
    await auth.getByTestId("auth-add").click();
    await page.getByRole("checkbox", { name: "operator01", exact: true }).click();
    await page.getByRole("dialog").last().getByRole("button", { name: T.ok, exact: true }).click();
    await expect(auth.getByTestId("auth-row")).toHaveCount(1);
    await expect(auth.getByTestId("auth-row").getByRole("combobox")).toHaveText(T.viewOnly);
    await page.keyboard.press("Escape");
    await expect(auth).toBeHidden();

    // Move the second folder into the first; then recycle it and restore it from the bin.
    await kb.select(BASE);
    await kb.rowAction(OTHER, "move");
    const move = page.getByTestId("knowledge-move-dialog");
    await move.getByTestId("move-target").filter({ hasText: FOLDER }).click();
    await move.getByRole("button", { name: T.ok, exact: true }).click();
    await expect(move).toBeHidden();
    await expect(kb.row(OTHER)).toBeHidden();
    await kb.select(FOLDER);
    await expect(kb.row(OTHER)).toBeVisible();
    await kb.rowAction(OTHER, "delete");
    await kb.confirm();
    await expect(kb.row(OTHER)).toBeHidden();
    await page.getByTestId("recycle-bin").click();
    const bin = page.getByTestId("knowledge-recycle-dialog");
    await bin.getByTestId("recycle-row").filter({ hasText: OTHER }).getByRole("button", { name: T.restore }).click();
    await expect(bin.getByTestId("recycle-row").filter({ hasText: OTHER })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(kb.row(OTHER)).toBeVisible();
  });

  test(`${locale}: a pdf drawn by pdf.js and a docx rendered to HTML, loaded only when opened; /previewFile without login`, async ({ page, browser }, testInfo) => {
    await useLocale(page, locale, testInfo.project.use.baseURL);
    // Every script the page fetches, and whether it is pdf.js or mammoth; and where the worker comes from.
    const scripts: { url: string; pdfjs: boolean; mammoth: boolean }[] = [];
    page.on("response", async (res) => {
      if (res.request().resourceType() !== "script") return;
      const body = await res.text().catch(() => "");
      scripts.push({ url: res.url(), pdfjs: body.includes(PDFJS_MARK), mammoth: body.includes(MAMMOTH_MARK) });
    });
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const kb = new KnowledgePage(page);
    await kb.open();
    await kb.select(BASE);
    await kb.enter(FOLDER);
    await kb.addFile(`${FILE} pdf`, { name: "settlement.pdf", mimeType: "application/pdf", buffer: FIXTURE("settlement.pdf") });
    await kb.addFile(`${FILE} docx`, { name: "settlement.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: FIXTURE("settlement.docx") });
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.pdfjs || s.mammoth)).toEqual([]);

    const preview = page.getByTestId("file-preview");
    await kb.rowAction(`${FILE} pdf`, "preview");
    // pdf.js loads when first used: on a loaded machine its first page takes more than the default 10 s.
    await expect(preview.getByTestId("pdf-pages")).toHaveText(T.page(1, 2), { timeout: 30_000 });
    const pages = preview.getByTestId("pdf-page");
    await expect(pages).toHaveCount(2);
    await expect(pages.first()).toHaveAttribute("data-drawn", "true");
    // The text of page one is drawn: dark pixels on the canvas's top band.
    const inked = await pages.first().locator("canvas").evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, Math.floor(c.height / 4));
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 100) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await pages.last().scrollIntoViewIfNeeded();
    await expect(pages.last()).toHaveAttribute("data-drawn", "true");
    await expect(preview.getByTestId("pdf-pages")).toHaveText(T.page(2, 2));
    expect(scripts.some((s) => s.pdfjs)).toBe(true);
    const origin = new URL(page.url()).origin;
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) expect(w).toMatch(new RegExp(`^${origin}/_next/static/.*pdf\\.worker.*\\.mjs$`));
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();

    await kb.rowAction(`${FILE} docx`, "preview");
    const sheet = preview.getByTestId("preview-docx");
    await expect(sheet.locator("h1")).toHaveText("沉降监测报告 Settlement report");
    await expect(sheet.locator("td")).toHaveText(["测点 Point", "累计沉降 Settlement", "JC-01", "12.5 mm"]);
    await expect(sheet.locator("strong")).toHaveText("Weekly settlement stays below the warning level.");
    await expect(sheet.getByText("<script>alert(2)</script>")).toBeVisible();
    expect(await sheet.locator("a[href], script").count()).toBe(0);
    expect(scripts.some((s) => s.mammoth)).toBe(true);
    await page.keyboard.press("Escape");

    // A signed link opens the pdf in /previewFile for a visitor without a session.
    const link = await page.evaluate(async (name) => {
      const tree = await (await fetch("/api/file/fileBase/treeFile")).json();
      const find = (nodes: { fileId: number; fileName: string; subList: unknown[] }[]): number | undefined => {
        for (const n of nodes) {
          if (n.fileName === name) return n.fileId;
          const inner = find(n.subList as never);
          if (inner) return inner;
        }
      };
      const res = await fetch("/api/file/fileBase/link", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: find(tree.data) }) });
      return (await res.json()).data as { token: string; ext: string };
    }, `${FILE} pdf`);
    const anonymous = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const visitor = await anonymous.newPage();
      await useLocale(visitor, locale, testInfo.project.use.baseURL);
      await visitor.goto(`/previewFile?token=${link.token}&ext=${link.ext}&name=settlement.pdf`);
      await expect(visitor.getByTestId("pdf-pages")).toHaveText(T.page(1, 2), { timeout: 30_000 });
      await expect(visitor.getByTestId("pdf-page").first()).toHaveAttribute("data-drawn", "true");
      // A guessed token shows nothing.
      await visitor.goto(`/previewFile?token=${"0".repeat(48)}&ext=pdf`);
      await expect(visitor.getByTestId("preview-expired")).toBeVisible();
    } finally {
      await anonymous.close();
    }
  });

  test(`${locale}: operator01 previews the file but cannot delete or change it`, async ({ page }, testInfo) => {
    await useLocale(page, locale, testInfo.project.use.baseURL);
    await loginAs(page, "operator01");
    await expect(page).toHaveURL(/\/home/);
    const kb = new KnowledgePage(page);
    await kb.open();
    await expect(page.getByTestId("add-base")).toHaveCount(0);
    await kb.select(BASE);
    await expect(page.getByTestId("new-folder")).toHaveCount(0);
    await kb.enter(FOLDER);
    expect(await kb.rowActions(FILE)).toEqual(["preview", "download", "share", "view"]);
    await kb.rowAction(FILE, "preview");
    const preview = page.getByTestId("file-preview");
    await expect(preview.getByTestId("preview-text")).toHaveText(CONTENT);
    await preview.getByRole("button").last().click();
    await expect(preview).toBeHidden();
    // A share link opens the preview without a session (issue 40), the file's type in the link.
    await kb.rowAction(FILE, "share");
    const link = await page.getByTestId("share-link").inputValue();
    expect(new URL(link).searchParams.get("ext")).toBe("txt");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("knowledge-share-dialog")).toBeHidden();
    const anonymous = await page.context().browser()!.newContext();
    try {
      const shared = await anonymous.newPage();
      await shared.goto(link);
      await expect(shared.getByTestId("preview-text")).toHaveText(CONTENT);
      // Without &ext= the type comes from the answer.
      const bare = new URL(link);
      bare.searchParams.delete("ext");
      await shared.goto(bare.toString());
      await expect(shared.getByTestId("preview-text")).toHaveText(CONTENT);
    } finally {
      await anonymous.close();
    }
    // The pdf too: view-only is enough to preview.
    await kb.rowAction(`${FILE} pdf`, "preview");
    await expect(preview.getByTestId("pdf-pages")).toHaveText(T.page(1, 2), { timeout: 30_000 });
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
    // The cloud refuses what the screen does not offer: change, move, recycle, restore, delete, grant.
    const codes = await page.evaluate(
      async ({ file, folder, base }) => {
        const tree = await (await fetch("/api/file/fileBase/treeFile")).json();
        const find = (nodes: { fileId: number; fileName: string; subList: unknown[] }[], name: string): number | undefined => {
          for (const n of nodes) {
            if (n.fileName === name) return n.fileId;
            const inner = find(n.subList as never, name);
            if (inner) return inner;
          }
        };
        const [id, folderId, headerId] = [file, folder, base].map((n) => find(tree.data, n));
        const call = async (path: string, body: unknown) =>
          (await (await fetch(`/api/file/fileBase/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()).code as number;
        return {
          upd: await call("upd", { id, fileName: "x" }),
          moveFile: await call("moveFile", { id, headerId, fileId: -1 }),
          recycle: await call("recycle", { id }),
          restore: await call("restore", { id: folderId }),
          delete: await call("delete", { id }),
          auth: await call("auth", [{ fileId: id, authType: "2", userIds: [1] }]),
        };
      },
      { file: FILE, folder: FOLDER, base: BASE },
    );
    for (const [call, code] of Object.entries(codes)) expect([call, [403, 404].includes(code)]).toEqual([call, true]);
    expect(codes.recycle).toBe(403);
  });

  test(`${locale}: the assistant, without a model, answers from the knowledge base with links`, async ({ page }, testInfo) => {
    await useLocale(page, locale, testInfo.project.use.baseURL);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    await page.goto("/AIModel/index");
    await page.getByTestId("chat-input").fill(`沉降 ${RUN}`);
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-user").last()).toHaveText(`沉降 ${RUN}`);
    const answer = page.getByTestId("chat-assistant").last();
    await expect(answer).toHaveAttribute("data-status", "done");
    await expect(answer).toContainText(T.noModel);
    await expect(answer).toContainText(CONTENT);
    await expect(answer.getByRole("link", { name: FILE, exact: true })).toHaveAttribute("href", /^\/knowledge\?node=\d+&dlg=preview&id=\d+$/);
    // The conversation is kept: after a reload the session and its messages are still there.
    await page.reload();
    await expect(page.getByTestId("chat-assistant").last()).toContainText(T.noModel);
  });
}
