import { expect, test } from "@playwright/test";
import { AlarmInfoPage } from "./pages/alarm-centre-page";
import { DevicesPage } from "./pages/devices-page";
import { DeviceViewPage } from "./pages/device-view-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";

/**
 * Alarms where the device is (issue 40): a tilt meter gets a two-level rule (warning > 10,
 * control > 20) on its Y tilt; it reports 12.5 over the HTTP ingest (an alarm at warning), then
 * 25.1 (escalated to control). The device page shows the open alarm's badge, its alarm tab and the
 * level on the location card; the alarm page shows the escalation on its timeline with the value
 * that caused it, the raising and current values, and the property by its name — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const PROJECT = "滨江花园二期基坑监测";
const TEXT = {
  "zh-cn": { product: "双轴倾角计", control: "控制", escalated: "告警升级", property: "Y 轴倾角", alarmTab: "告警", firstValue: "首次告警值" },
  en: { product: "Biaxial tilt meter", control: "Control", escalated: "Escalated", property: "Y-axis tilt", alarmTab: "Alarms", firstValue: "First value" },
} as const;

type Envelope<T> = { code: number; msg: string; data: T };

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const SN = `E2E-ALM-${locale === "en" ? "EN" : "ZH"}-${RUN}`;

  test(`${locale}: an escalating alarm on the device page and on the alarm's timeline`, async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
    await context.addCookies([{ name: "locale", value: locale, url: base }]);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    await new ShellPage(page).chooseProject(PROJECT);

    // A tilt meter with its credentials.
    const devices = new DevicesPage(page);
    await devices.open("/devices/device");
    await devices.toolbarButton("add").click();
    await devices.fill("deviceName", `E2E alarm ${SN}`);
    await devices.fill("deviceSn", SN);
    await devices.choose("productId", T.product);
    await devices.fill("reportCycle", "60");
    await devices.fill("longitude", "120.2119");
    await devices.fill("latitude", "30.2084");
    await devices.submit("create");
    const cred = await devices.copyCredentials();
    await devices.closeCredentials();
    const view = new DeviceViewPage(page);
    const id = await view.idOf(SN);
    const device = (await (await page.request.get(`/api/device/device/info?id=${id}`)).json()) as Envelope<{ productId: number }>;
    const levels = (await (await page.request.get("/api/alarm/level/list?current=1&size=50")).json()) as Envelope<{ records: { id: number; levelNum: number }[] }>;
    const level = (n: number) => levels.data.records.find((l) => l.levelNum === n)!.id;

    // Warning above 10, control above 20, on this device's Y tilt.
    const rule = (await (
      await page.request.post("/api/alarm/rule/add", {
        data: {
          ruleName: `E2E tilt ${SN}`,
          ruleType: 1,
          productId: device.data.productId,
          deviceId: id,
          identifier: "angleY",
          statType: "not",
          conditions: [
            { levelId: level(2), compareType: 1, threshold: 10 },
            { levelId: level(4), compareType: 1, threshold: 20 },
          ],
          deadband: 0,
          convergeMinutes: 0,
          channels: [1],
          recipients: [],
        },
      })
    ).json()) as Envelope<{ id: number }>;
    expect(rule.msg).toBeTruthy();
    expect(rule.code).toBe(200);

    const ingest = async (angleY: number) => {
      const res = await page.request.post(`/api/comm/ingest/${cred.postTopic.split("/").slice(1).join("/")}`, {
        headers: { authorization: `Basic ${Buffer.from(`${cred.sn}:${cred.secret}`).toString("base64")}`, "content-type": "application/json" },
        data: { params: { angleY } },
      });
      expect((await res.json()).code).toBe(200);
    };
    await ingest(12.5);
    await expect(async () => {
      const open = (await (await page.request.get(`/api/alarm/core/openByDevice?deviceIds=${id}`)).json()) as Envelope<{ levelNum: number }[]>;
      expect(open.data[0]?.levelNum).toBe(2);
    }).toPass({ timeout: 20_000 });
    await ingest(25.1);
    await expect(async () => {
      const open = (await (await page.request.get(`/api/alarm/core/openByDevice?deviceIds=${id}`)).json()) as Envelope<{ levelNum: number }[]>;
      expect(open.data[0]?.levelNum).toBe(4);
    }).toPass({ timeout: 20_000 });

    // The device page: the badge with the level, the alarm tab and its count, the level on the location card.
    await view.open(id);
    const badge = view.section("state").getByTestId("open-alarms");
    await expect(badge).toHaveAttribute("data-count", "1");
    await expect(badge).toContainText(T.control);
    await expect(page.getByTestId("detail-tab-alarms")).toContainText(T.alarmTab);
    await expect(page.getByTestId("detail-tab-alarms").getByTestId("open-alarms")).toHaveAttribute("data-count", "1");
    await expect(view.section("location").getByTestId("device-card-status")).toHaveAttribute("data-tone", "alarm");
    await expect(view.section("location").getByTestId("device-card-status")).toContainText(T.control);
    await view.tab("alarms");
    const list = page.locator('[data-testid="detail-list"][data-resource="alarm/core"]');
    await expect(list.getByText(`E2E tilt ${SN}`)).toBeVisible();
    await list.getByText(`E2E tilt ${SN}`).click();

    // The alarm: the escalation on the timeline with the value that caused it; first, raising and current values; the property by name.
    await expect(page).toHaveURL(/alarmCenterInfo\?id=\d+/);
    const info = new AlarmInfoPage(page);
    await info.expectStatus(1);
    const escalation = page.getByTestId("alarm-timeline").locator('li[data-step="escalate"]');
    await expect(escalation).toHaveCount(1);
    await expect(escalation.first()).toContainText(T.escalated);
    await expect(escalation.first().getByTestId("escalation")).toContainText("25.1");
    await expect(escalation.first().getByTestId("escalation")).toContainText("> 20");
    await expect(page.locator('[data-section="alarm"]')).toContainText(T.firstValue);
    await expect(page.locator('[data-section="alarm"]')).toContainText(T.property);
    await expect(page.locator('[data-section="alarm"]')).not.toContainText("angleY");
  });
}
