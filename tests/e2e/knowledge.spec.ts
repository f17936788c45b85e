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
  "zh-cn": { viewOnly: "仅查看/下载", ok: "确定", restore: "恢复", noModel: "未配置大语言模型" },
  en: { viewOnly: "View / download", ok: "OK", restore: "Restore", noModel: "No language model is configured" },
} as const;

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
    expect(await kb.rowActions(FILE)).toEqual(["preview", "download", "view"]);
    await kb.rowAction(FILE, "preview");
    const preview = page.getByTestId("file-preview");
    await expect(preview.getByTestId("preview-text")).toHaveText(CONTENT);
    await preview.getByRole("button").last().click();
    await expect(preview).toBeHidden();
    // The cloud refuses what the screen does not offer.
    const refused = await page.evaluate(async (name) => {
      const tree = await (await fetch("/api/file/fileBase/treeFile")).json();
      const find = (nodes: { fileId: number; fileName: string; subList: unknown[] }[]): number | undefined => {
        for (const n of nodes) {
          if (n.fileName === name) return n.fileId;
          const inner = find(n.subList as never);
          if (inner) return inner;
        }
      };
      const id = find(tree.data);
      const res = await fetch("/api/file/fileBase/recycle", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id }) });
      return (await res.json()).code;
    }, FILE);
    expect(refused).toBe(403);
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
    await expect(answer.getByRole("link", { name: FILE })).toHaveAttribute("href", /^\/knowledge\?node=\d+&dlg=preview&id=\d+$/);
    // The conversation is kept: after a reload the session and its messages are still there.
    await page.reload();
    await expect(page.getByTestId("chat-assistant").last()).toContainText(T.noModel);
  });
}
