import { expect, test } from "@playwright/test";
import { LinkagePage } from "./pages/linkage-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { seededName, seededSource } from "./pages/seeded";

/**
 * Linkage rules (issue 20): a rule made in the editor (a tilt meter's property trigger and an
 * in-site notice to a contact), refused first for an empty specified time, then saved, run now,
 * and its execution found in the linkage log with each action's result — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const TEXT = {
  "zh-cn": { specified: "指定时间", always: "全天", timesEmpty: "指定时间不能为空", choose: "选择通知对象", contacts: "联系人", ok: "确定", success: "成功", notice: "发送通知", finished: "执行完成" },
  en: { specified: "Specified times", always: "Always", timesEmpty: "Specified times must not be empty", choose: "Choose recipients", contacts: "Contacts", ok: "OK", success: "Success", notice: "Send notice", finished: "Run finished" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const RULE = `E2E 联动 ${locale} ${RUN}`;

  test(`${locale}: a rule made in the editor, run now, and its execution in the log`, async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    // The simulator's first tilt meter is in the first demo project.
    await new ShellPage(page).chooseProject("滨江花园");
    const ui = new LinkagePage(page);
    await ui.open("/linkage");

    await ui.toolbarButton("add").click();
    await ui.fill("ruleName", RULE);
    // Trigger: angleX of the tilt meter above 0.5.
    await ui.pick("trigger-0-device", seededName("双轴倾角计-01"));
    await ui.pick("trigger-0-property", /angleX/);
    await ui.trigger(0).locator("#trigger-0-value").fill("0.5");
    // Action: an in-site notice to the demo administrator's contact.
    await ui.pickRecipient(0, T.choose, T.contacts, "演示管理员", T.ok);
    // Specified active time without a window is refused (core §5).
    await ui.field("activeTime").getByText(T.specified, { exact: true }).click();
    await ui.submit("create");
    await expect(ui.dialog("create")).toContainText(T.timesEmpty);
    await ui.field("activeTime").getByText(T.always, { exact: true }).click();
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();

    await ui.search(RULE);
    await expect(ui.row(RULE)).toContainText(new RegExp(`(${seededSource("双轴倾角计-01")}) · angleX > 0\\.5`));
    await expect(ui.row(RULE)).toContainText(T.notice);

    // Run now: the toast tells the outcome.
    await ui.rowAction(RULE, "operate");
    await ui.confirm();
    await expect(page.getByText(`${T.finished}`).first()).toBeVisible();

    // The log: the execution with its action's result.
    await ui.toolbarButton("log").click();
    await expect(page).toHaveURL(/\/linkage\/log/);
    await ui.waitIdle();
    await expect(ui.row(RULE).first()).toContainText(T.success);
    await ui.rowAction(RULE, "view");
    const results = ui.dialog("view").getByTestId("log-results");
    await expect(results).toContainText(T.notice);
    await expect(results).toContainText(T.success);
    await expect(results).toContainText(seededName("演示管理员"));
  });
}
