import { expect, test } from "@playwright/test";
import { AlarmRulesPage } from "./pages/alarm-rules-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";

/**
 * Alarm configuration on live data (issue 18): a level, a contact joined to the signed-in user and
 * a rule of two levels on a simulator device's signal that every report crosses; within a reporting
 * cycle the rule shows an active alarm and the user's in-site inbox has the notice — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const TEXT = {
  "zh-cn": { levelNum: "7", atOrBelow: "小于等于 (≤)", contacts: "联系人", ok: "确定", maxBelowMin: "最大值不能小于最小值", outside: "超出范围", warning: "预警", product: "静力水准仪" },
  en: { levelNum: "8", atOrBelow: "At or below (≤)", contacts: "Contacts", ok: "OK", maxBelowMin: "The maximum must not be below the minimum", outside: "Outside the range", warning: "Warning", product: "Hydrostatic leveling gauge" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const LEVEL = `E2E ${locale} ${RUN}`;
  const CONTACT = `E2E 联系人 ${locale} ${RUN}`;
  const RULE = `E2E 信号 ${locale} ${RUN}`;

  test(`${locale}: a level, a contact, a rule on a simulator device, and its alarm arriving`, async ({ page, context }, testInfo) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const ui = new AlarmRulesPage(page);
    // Rules belong to a project: the one the simulator's settlement meters are in.
    await new ShellPage(page).chooseProject("滨江花园");

    // A level.
    await ui.open("/alarm/levelSet");
    await ui.toolbarButton("add").click();
    await ui.fill("levelNum", T.levelNum);
    await ui.fill("levelName", LEVEL);
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();
    await expect(ui.row(LEVEL)).toBeVisible();

    // A contact joined to the signed-in user (in-site messages reach them).
    await ui.openContacts();
    await ui.toolbarButton("add").click();
    await ui.fill("linkName", CONTACT);
    await ui.fill("phone", "13600000009");
    await ui.choose("userId", /demoadmin/);
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();
    await ui.search(CONTACT);
    await expect(ui.row(CONTACT)).toBeVisible();

    // A rule on one simulator device's signal (always at or below 0 dBm), telling the contact.
    await ui.open("/alarm/alarmRule");
    await ui.toolbarButton("add").click();
    await ui.fill("ruleName", RULE);
    await ui.choose("productId", T.product);
    await ui.choose("deviceId", /-01 \(SIM/);
    await ui.choose("identifier", /signal/);
    // Two levels in one rule, mildest first: the seeded warning level, then the new one. The form
    // checks a level's range before the cloud does, under that level's row.
    await ui.setRuleLevel(0, new RegExp(`^2 · ${T.warning}$`), T.atOrBelow, { threshold: "0" });
    await ui.setRuleLevel(1, new RegExp(LEVEL), T.outside, { minValue: "10", maxValue: "5" });
    await ui.submit("create");
    await expect(ui.ruleLevel(1).getByRole("alert")).toContainText(T.maxBelowMin);
    await expect(ui.ruleLevel(0).getByRole("alert")).toHaveCount(0);
    await ui.setRuleLevel(1, new RegExp(LEVEL), T.atOrBelow, { threshold: "0" });
    await ui.pickRecipient(T.contacts, CONTACT, T.ok);
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();

    // The list shows both levels of the rule, each with its level.
    await ui.search(RULE);
    const condition = ui.row(RULE).getByTestId("rule-condition");
    await expect(condition).toContainText(T.warning);
    await expect(condition).toContainText(LEVEL);

    // The simulator's next report crosses both: one active alarm on the rule, a notice in the inbox.
    await ui.waitForAlarm(RULE);
    await page.getByTestId("inbox-messages").click();
    await expect(page.getByTestId("inbox-messages-panel").getByTestId("inbox-item").first()).toBeVisible();
  });
}
