import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { MediaPage } from "./pages/media-page";
import { png } from "./pages/png";
import { ResourcePageObject } from "./pages/resource-page";
import { ShellPage } from "./pages/shell-page";

/**
 * The media library (issue 21): upload an image with progress, create folders, move the image,
 * rename it, preview it, recycle and restore it, then choose it from the library for a scene's
 * floor plan in /dataScreenPoint instead of uploading it again — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6);
const SHOTS = process.env.E2E_SHOTS_DIR;
const PROJECT = "滨江花园二期基坑监测";
const TEXT = {
  "zh-cn": { move: "移动", rename: "重命名", recycle: "删除", restore: "恢复", uploaded: "已上传 1 个文件" },
  en: { move: "Move", rename: "Rename", recycle: "Delete", restore: "Restore", uploaded: "1 file uploaded" },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await expect(page.getByTestId("media-grid")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
}

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const SITE = `工地照片 ${locale} ${RUN}`;
  const OTHER = `视频 ${locale} ${RUN}`;
  const PHOTO = `plan-${locale}-${RUN}`;
  const RENAMED = `基坑平面 ${locale} ${RUN}`;

  test(`${locale}: upload, folders, move, rename, preview, recycle, restore, and pick from the library elsewhere`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.context().addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const media = new MediaPage(page);
    await media.open();

    await media.newFolder(SITE);
    await media.newFolder(OTHER);
    await expect(media.folder(SITE)).toBeVisible();

    // An image into the root, its progress shown until it is saved.
    await media.upload({ name: `${PHOTO}.png`, mimeType: "image/png", buffer: png(320, 180) });
    await expect(page.getByText(T.uploaded)).toBeVisible();
    await expect(media.item(PHOTO).locator("img")).toBeVisible();

    // Into the first folder; a folder cannot go into itself.
    await media.move(PHOTO, SITE, T.move);
    await expect(media.item(PHOTO)).toBeHidden();
    await media.menu(SITE, T.move);
    await page.getByTestId("media-move-dialog").getByTestId("media-folder").filter({ hasText: SITE }).click();
    await page.getByTestId("media-move-confirm").click();
    await expect(page.getByTestId("media-move-dialog")).toBeVisible();
    await page.keyboard.press("Escape");

    await media.folder(SITE).click();
    await expect(media.item(PHOTO)).toBeVisible();
    await media.rename(PHOTO, RENAMED, T.rename);
    await expect(media.item(RENAMED)).toBeVisible();

    // Preview in the image viewer.
    await media.item(RENAMED).getByRole("button").first().click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.locator("img")).toBeVisible();
    await expect(viewer).toContainText(RENAMED);
    await page.keyboard.press("Escape");
    await shot(page, `media-${locale}`);

    // To the recycle bin and back.
    await media.menu(RENAMED, T.recycle);
    await media.confirm();
    await expect(media.item(RENAMED)).toBeHidden();
    await media.toolbar("recycleBin").click();
    const bin = page.getByTestId("media-recycle-dialog");
    const row = bin.getByTestId("media-recycle-row").filter({ hasText: RENAMED });
    await expect(row).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-bin-${locale}.png` });
    await row.getByRole("button", { name: T.restore }).click();
    await expect(row).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(media.item(RENAMED)).toBeVisible();

    // Another screen takes the picture from the library instead of an upload.
    const shell = new ShellPage(page);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    const scenes = new ResourcePageObject(page);
    await scenes.open("/dataScreenPoint");
    await scenes.toolbarButton("add").click();
    await scenes.fill("sceneName", `E2E media ${locale} ${RUN}`);
    await scenes.field("sceneFile").getByTestId("media-library-pick").click();
    const picker = page.getByTestId("media-picker");
    await picker.getByTestId("media-picker-folders").getByTestId("media-folder").filter({ hasText: SITE }).click();
    await picker.getByTestId("media-picker-item").filter({ hasText: RENAMED }).click();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-picker-${locale}.png` });
    await page.getByTestId("media-picker-confirm").click();
    await expect(picker).toBeHidden();
    await expect(scenes.field("sceneFile").locator("img")).toBeVisible();
    await scenes.submit("create");
    await expect(scenes.dialog("create")).toBeHidden();
  });
}
