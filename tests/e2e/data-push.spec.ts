import { expect, test } from "@playwright/test";
import { DataPushPage, expectNoSecret, startReceiver } from "./pages/data-push-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { seededName } from "./pages/seeded";

/**
 * Data push (issue 20): the seeded example is listed; a configuration to a local receiver is made
 * through the form (a bad address refused in words first) with a secret header, which the view
 * shows masked; the test send arrives with the header in clear; the simulator's values follow and
 * the attempts are in the log — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const TEXT = {
  "zh-cn": { badAddress: "请输入 http:// 或 https:// 地址", enabled: "启用", delivered: "测试数据已送达", success: "成功", log: "推送日志" },
  en: { badAddress: "An http:// or https:// address", enabled: "Enabled", delivered: "Test value delivered", success: "Success", log: "Push log" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const NAME = `E2E 推送 ${locale} ${RUN}`;
  const SECRET = `e2e-secret-${RUN}-${locale}`;

  test(`${locale}: a push to a local receiver, its test send, the simulator's values and the log`, async ({ page, context }, testInfo) => {
    test.setTimeout(240_000);
    const receiver = await startReceiver();
    try {
      await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
      await loginAs(page, "demoadmin");
      await expect(page).toHaveURL(/\/home/);
      await new ShellPage(page).chooseProject("滨江花园");
      const ui = new DataPushPage(page);
      await ui.open("/devices/dataPush");
      await expect(ui.row(seededName("业主平台转发（示例）"))).toBeVisible();

      await ui.toolbarButton("add").click();
      await ui.fill("pushName", NAME);
      await ui.fill("address", "ftp://example.com/in");
      await ui.field("enableStatus").locator("#field-enableStatus").getByText(T.enabled, { exact: true }).click();
      await ui.submit("create");
      await expect(ui.field("address")).toContainText(T.badAddress);
      await ui.fill("address", receiver.url);
      await ui.addHeader(0, "Authorization", `Bearer ${SECRET}`, true);
      await ui.submit("create");
      await expect(ui.dialog("create")).toBeHidden();
      await ui.search(NAME);
      await expect(ui.row(NAME)).toBeVisible();

      // The test send reaches the receiver with the secret in clear; the console never shows it.
      await ui.rowAction(NAME, "test");
      await expect(page.getByText(T.delivered).first()).toBeVisible();
      expect(receiver.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);

      // The simulator reports every 30 s: its values arrive through the outbox.
      await expect.poll(() => receiver.values().length, { timeout: 120_000, intervals: [2000] }).toBeGreaterThan(0);

      const log = await ui.openLog(NAME);
      await expect(ui.dialog("view")).toContainText("******");
      await expectNoSecret(page, SECRET);
      await expect(log.getByTestId("data-table").getByText(T.success).first()).toBeVisible();
      await expect(log.getByTestId("data-table").getByRole("row")).not.toHaveCount(1);
    } finally {
      await receiver.close();
    }
  });
}
