import { expect, test, type Browser, type Page } from "@playwright/test";
import { AlarmInfoPage, TodoPage } from "./pages/alarm-centre-page";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { ShellPage } from "./pages/shell-page";

/**
 * Operators handle alarms (issue 40): a new alarm in operator01's project gives operator01 a to-do
 * in the reader's language; operator01 accepts it and hands in the result from the alarm's page
 * (no review button), and the administrator reviews it — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const PROJECT = "滨江花园二期基坑监测";
const TEXT = {
  "zh-cn": { level: /报警 · 3/, todo: "处理告警：", approved: "通过" },
  en: { level: /Alarm · 3/, todo: "Handle alarm: ", approved: "Approved" },
} as const;

async function signedIn(browser: Browser, base: string, locale: string, who: "demoadmin" | "operator01"): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  await loginAs(page, who);
  await expect(page).toHaveURL(/\/home/);
  return page;
}

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const NAME = `E2E operator ${locale} ${RUN}`;

  test(`${locale}: operator01 gets a to-do for a new alarm, accepts and handles it; the administrator reviews`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
    const admin = await signedIn(browser, base, locale, "demoadmin");

    // A new alarm in the operator's project.
    const alarms = new ResourcePageObject(admin);
    await alarms.open("/alarm/alarmCenter");
    await new ShellPage(admin).chooseProject(PROJECT);
    await alarms.waitIdle();
    await alarms.toolbarButton("add").click();
    await alarms.fill("alarmName", NAME);
    await alarms.choose("levelId", T.level);
    await alarms.fill("content", "Water seeping at the north wall");
    await alarms.submit("create");
    await expect(alarms.dialog("create")).toBeHidden();

    // The operator's to-do, titled in the operator's language; it leads to the alarm.
    const operator = await signedIn(browser, base, locale, "operator01");
    const todos = new TodoPage(operator);
    await todos.openTab(1);
    await todos.search(NAME);
    await expect(todos.row(`${T.todo}${NAME}`)).toHaveCount(1);
    const res = await operator.request.get(`/api/alarm/core/page?alarmName=${encodeURIComponent(NAME)}`);
    const id = (await res.json()).data.records[0].id as number;
    await operator.goto(`/alarm/alarmCenterInfo?id=${id}&type=alaManual`);

    // Accept and hand in the result; reviewing is not the operator's.
    const info = new AlarmInfoPage(operator);
    await info.expectStatus(1);
    await expect(info.action("close")).toHaveCount(1);
    await info.take("accept", { remark: "On site" });
    await info.expectStatus(2);
    await info.take("handle", { remark: "Drained and sealed" });
    await info.expectStatus(3);
    await expect(info.action("review")).toHaveCount(0);

    // The administrator reviews from the to-do centre.
    const adminTodos = new TodoPage(admin);
    await adminTodos.openTab(2);
    await adminTodos.take(NAME, "review", { result: T.approved, remark: "OK" });
    await operator.reload();
    await info.expectStatus(4);
    await expect(info.timelineSteps()).toHaveCount(4);
    await admin.context().close();
    await operator.context().close();
  });
}
