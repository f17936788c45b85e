import { expect, test } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { ShellPage } from "./pages/shell-page";
import { SimPageObject } from "./pages/sim-page";
import { withCheckDigit } from "../../lib/contract/sim/iccid";

/**
 * SIM cards (issue 37), in both languages: cards imported from xlsx (a bad ICCID row reported with
 * its reason), one bound to a device, a sync through the simulated carrier, its use and "as of"
 * date, a 40-day range refused, a renewal and its cancellation, an expiry rule making a to-do, the
 * alarm tab of SIM settings moving the demo pool's line, the statistics screen refusing 40 days, and
 * the bound card on its device's page.
 */
test.describe.configure({ mode: "serial" });

const RUN = Date.now() % 1_000_000;
/** A valid ICCID (Luhn check digit) for this run and locale. */
function iccid(n: number) {
  return withCheckDigit(`898604${String(RUN * 10 + n).padStart(12, "0")}`);
}

const TEXT = {
  "zh-cn": { headers: ["ICCID", "运营商", "卡类型", "流量池", "MSISDN", "IMSI", "到期日期", "备注"], cmcc: "中国移动", badIccid: "ICCID 无效", simulated: "模拟运营商", last: "最近同步", asOf: "截至", range: "用量查询范围最多 31 天", stop: "停止续费", renewed: "已为 1 张卡生成订单", todo: "天内到期", device: "设备", alarm: "告警设置", lineSaved: "告警线已保存", start: "开始", end: "结束" },
  en: { headers: ["ICCID", "Carrier", "Card type", "Pool", "MSISDN", "IMSI", "Expires", "Remarks"], cmcc: "China Mobile", badIccid: "Not a valid ICCID", simulated: "Simulated carrier", last: "Last sync", asOf: "as of", range: "The usage range may be at most 31 days", stop: "Stop renewal", renewed: "placed for 1 card:", todo: "expire", device: "Device", alarm: "Alarm settings", lineSaved: "Alarm line saved", start: "Start", end: "End" },
} as const;

for (const [k, locale] of (["zh-cn", "en"] as const).entries()) {
  const T = TEXT[locale];
  const good = iccid(k * 2 + 1);

  test.describe(locale, () => {
    test.beforeEach(async ({ page, context }, testInfo) => {
      await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
      await loginAs(page, "demoadmin");
      await expect(page).toHaveURL(/\/home/);
    });

    test(`${locale}: imports cards, reporting a bad ICCID with its reason, binds one to a device and syncs it`, async ({ page }) => {
      const sim = new SimPageObject(page);
      await sim.open("/sim/sim");
      await expect(page.getByTestId("sim-simulated")).toContainText(T.simulated);
      const file = await SimPageObject.workbook(T.headers, [
        [good, T.cmcc],
        [`${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`, T.cmcc],
      ]);
      const dialog = await sim.importFile("cards.xlsx", file);
      await expect(dialog).toContainText(T.badIccid);
      await page.keyboard.press("Escape");

      await sim.search(good.slice(-8));
      await expect(sim.row(good)).toHaveCount(1);
      await sim.rowAction(good, "edit");
      await sim.field("deviceId").getByRole("combobox").click();
      await page.getByRole("option").first().click();
      await sim.submit("edit");
      await expect(sim.dialog("edit")).toBeHidden();

      await sim.syncNow();
      await expect(sim.syncState()).toContainText(T.last, { timeout: 60_000 });
      await sim.openCard(good);
      await expect(page.getByTestId("sim-as-of")).toContainText(T.asOf);
      // The state may still name the seed's sync while this one runs: the card's use arrives when it ends.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId("sim-as-of")).toContainText(/\d{4}-\d{2}-\d{2}/, { timeout: 3000 });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByTestId("sim-usage-total")).toBeVisible({ timeout: 20_000 });

      // 40 days are refused with the rule's message.
      const end = await page.locator("#sim-usage-end").inputValue();
      const start = new Date(Date.parse(`${end}T00:00:00Z`) - 39 * 86_400_000).toISOString().slice(0, 10);
      await page.locator("#sim-usage-start").fill(start);
      await expect(page.getByTestId("sim-usage-error")).toHaveText(T.range);
    });

    test(`${locale}: renews a card, then stops its renewal`, async ({ page }) => {
      const sim = new SimPageObject(page);
      await sim.open("/sim/sim");
      // A sync still running (the previous test's) reloads the list when it ends, dropping a selection made before.
      await expect(sim.syncState()).toContainText(T.last, { timeout: 60_000 });
      await sim.search(good.slice(-8));
      // The list may render again (its search answered, a sync ended) and drop a selection: select until it holds.
      await expect(async () => {
        const box = sim.row(good).first().getByRole("checkbox");
        if (!(await box.isChecked())) await box.click();
        await page.waitForTimeout(500);
        await expect(box).toBeChecked({ timeout: 500 });
      }).toPass({ timeout: 30_000 });
      const renew = await sim.batch("renew");
      await renew.locator("#sim-renew-product").click();
      await page.getByRole("option").first().click();
      // The order is placed when the call answers (slow under load), not after a fixed wait.
      const placed = page.waitForResponse((r) => r.url().includes("/api/device/simCard/renewal") && r.request().method() === "POST", { timeout: 60_000 });
      await renew.getByTestId("sim-batch-ok").click();
      expect(await (await placed).json()).toMatchObject({ code: 200, data: { cards: 1 } });
      await expect(page.getByText(T.renewed)).toBeVisible();
      await sim.selectRow(good);
      const cancel = await sim.batch("cancel");
      await cancel.getByRole("radio").nth(1).check();
      const stopped = page.waitForResponse((r) => r.url().includes("/api/device/simCard/renewalCancel") && r.request().method() === "POST", { timeout: 60_000 });
      await cancel.getByTestId("sim-batch-ok").click();
      expect(await (await stopped).json()).toMatchObject({ code: 200, data: { updated: 1 } });
      // Read on the card's page: the list's renewal column is among the first to give way (issue 40's drop orders).
      await sim.openCard(good);
      await expect(page.getByText(T.stop, { exact: true })).toBeVisible();
    });

    test(`${locale}: an expiry rule makes a to-do for its user`, async ({ page }) => {
      const me = (await (await page.request.get("/api/sys/login/userInfo")).json()).data.user as { id: number };
      const days = 25 + k;
      const res = await page.request.post("/api/device/simExpire/add", { data: { ruleName: `E2E ${locale} ${RUN}`, daysBefore: days, userIds: [me.id] } });
      expect((await res.json()).code).toBe(200);
      const todo = new ResourcePageObject(page);
      await todo.open("/msg/todo");
      await expect(todo.rows().filter({ hasText: T.todo }).first()).toBeVisible();
      await expect(todo.rows().filter({ hasText: String(days) }).first()).toBeVisible();
    });

    test(`${locale}: the statistics screen refuses 40 days; the bound card shows on its device's page`, async ({ page }) => {
      await page.goto("/sim/simStat");
      await expect(page.getByTestId("sim-stat-total")).not.toBeEmpty({ timeout: 30_000 });
      await expect(page.locator('[data-testid="sim-stat-pool"]').filter({ hasText: "CMCC-POOL-1" })).toBeVisible();
      await expect(page.getByTestId("sim-stat-top")).toBeVisible({ timeout: 20_000 });
      const usage = page.getByTestId("sim-stat-usage");
      const end = await usage.getByLabel(T.end).inputValue();
      await usage.getByLabel(T.start).fill(new Date(Date.parse(`${end}T00:00:00Z`) - 39 * 86_400_000).toISOString().slice(0, 10));
      await expect(page.getByTestId("sim-stat-range-error")).toHaveText(T.range);

      // The device page works in its project: the card goes onto a device of the chosen one.
      await new ShellPage(page).chooseProject("滨江花园");
      const dev = (await (await page.request.get("/api/device/device/page?current=1&size=1")).json()).data.records[0] as { id: number };
      const card = (await (await page.request.get(`/api/device/simCard/page?iccid=${good.slice(-8)}`)).json()).data.records[0] as { id: number };
      expect((await (await page.request.post("/api/device/simCard/upd", { data: { id: card.id, deviceId: dev.id } })).json()).code).toBe(200);
      await page.goto(`/devices/viewDevice?id=${dev.id}`);
      // The other language's run bound its card to the same device: both are shown.
      const bound = page.getByTestId("device-sim-card").filter({ has: page.getByTestId("device-sim-link").filter({ hasText: good }) });
      await expect(bound).toBeVisible({ timeout: 30_000 });
      await expect(bound.getByTestId("device-sim-as-of")).toContainText(T.asOf);
    });

    test(`${locale}: the alarm tab shows the demo pool and moves its alarm line`, async ({ page }) => {
      await page.goto("/sim/simSet?tab=alarm");
      await expect(page.getByTestId("sim-alarm")).toContainText(T.alarm, { timeout: 30_000 });
      const pool = page.locator('[data-testid="sim-pool"][data-pool="CMCC-POOL-1"]');
      await expect(pool).toBeVisible();
      await pool.getByTestId("sim-pool-pct").fill(String(60 + k));
      await pool.getByTestId("sim-pool-save").click();
      await expect(page.getByText(T.lineSaved)).toBeVisible();
      await expect(pool.getByTestId("sim-pool-pct")).toHaveValue(String(60 + k));
    });
  });
}
