import { expect, test, type BrowserContext, type Locator, type Page, type Response } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { MonitoringPage } from "./pages/monitoring-page";

/**
 * Structural monitoring (issue 17): the tilt and settlement screens on the simulator's data — a
 * year of history in the chart, another range, a clicked time's values and setting them as the
 * initial value, after which that time's cumulative change is 0 — and the inclinometer's depth
 * profile, where a picked curve taken as the initial reading resets to 0 — in both languages.
 */
test.describe.configure({ mode: "serial" });

const TEXT = {
  "zh-cn": { confirm: "是否将本次采集数据设置为初始值？", done: "设置成功", cancelled: "取消设置", points: "测点", tilt: "光斑雷达图", shallow: "孔深不能小于测斜仪总长度（30 m）", saved: "操作成功", fromDevice: "设备配置：20 节", initialFrom: "初始值取自" },
  en: { confirm: "Set the values collected at this time as the initial values?", done: "Set successfully", cancelled: "Cancelled", points: "Points", tilt: "Light-spot radar", shallow: "The hole depth must not be below the total inclinometer depth (30 m)", saved: "Saved", fromDevice: "Device configuration: 20 units", initialFrom: "Initial value: the reading of" },
} as const;

const DAY = 86_400_000;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];

  /** demoadmin signed in, in this language, on the monitoring screens. */
  async function signedIn(page: Page, context: BrowserContext, baseURL: string | undefined) {
    await context.addCookies([{ name: "locale", value: locale, url: baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    return new MonitoringPage(page);
  }

  /** The initial-value confirmation: cancelling changes nothing, confirming sets it; answers the reload that follows. */
  async function cancelThenConfirm(page: Page, open: () => Promise<Locator>, reload: () => Promise<Response>) {
    let dialog = await open();
    await expect(dialog).toContainText(T.confirm);
    await dialog.getByRole("button").first().click();
    await expect(page.getByText(T.cancelled)).toBeVisible();
    dialog = await open();
    const reloaded = reload();
    await dialog.getByRole("button").last().click();
    await expect(page.getByText(T.done)).toBeVisible();
    return reloaded;
  }

  test(`${locale}: settlement — a year of data, another range, an initial value that resets the cumulative change`, async ({ page, context }, testInfo) => {
    const screen = await signedIn(page, context, testInfo.project.use.baseURL);
    await screen.open("settlement");
    await expect(page.getByTestId("point-list")).toContainText(T.points);

    // A year: the back-filled history spans it, in at most 4,000 points per series.
    const year = await screen.span("1y");
    const settlement = year.data.series.find((s) => s.id === "settlement")!;
    expect(settlement.data.length).toBeGreaterThan(2000);
    expect(settlement.data.length).toBeLessThanOrEqual(4000);
    expect(settlement.data.at(-1)![0] - settlement.data[0][0]).toBeGreaterThan(300 * DAY);

    // Another range: a week.
    const week = await screen.span("7d");
    const weekly = week.data.series.find((s) => s.id === "settlement")!;
    expect(weekly.data[0][0]).toBeGreaterThan(Date.now() - 8 * DAY);

    // A clicked time's values; cancelling changes nothing, confirming makes that time the reference.
    await screen.clickPlot();
    await cancelThenConfirm(page, () => screen.setInitialValue(), () => screen.nextView());
    await expect(screen.total("settlement")).toHaveText("0");
  });

  test(`${locale}: tilt — chart, radar and the point's values`, async ({ page, context }, testInfo) => {
    const screen = await signedIn(page, context, testInfo.project.use.baseURL);
    await screen.open("tilt");
    await expect(page.getByTestId("radar")).toContainText(T.tilt);
    const year = await screen.span("1y");
    expect(year.data.series.map((s) => s.id)).toEqual(["angleX", "angleY", "temperature"]);
    expect(year.data.series[0].data.length).toBeGreaterThan(1000);
    await screen.clickPlot();
    await expect(screen.total("angleX")).toBeVisible();
  });

  test(`${locale}: inclinometer — the depth profile, and a device configuration that changes it`, async ({ page, context }, testInfo) => {
    const screen = await signedIn(page, context, testInfo.project.use.baseURL);
    const first = screen.nextProfile();
    await screen.open("inclinometer");
    const profile = (await (await first).json()) as { data: { curves: { points: { depth: number; a: number }[] }[] } };
    // Six curves over 90 days of the back-filled string; depth down to the hole's, the toe at 0.
    expect(profile.data.curves.length).toBeGreaterThan(2);
    const last = profile.data.curves.at(-1)!.points;
    expect(last.at(-1)!.a).toBe(0);
    expect(Math.abs(last[0].a)).toBeGreaterThan(0.5);
    await expect(screen.profile().locator("canvas").first()).toBeVisible();
    await expect(page.getByTestId("profile-reference")).toBeVisible();
    await expect(page.getByTestId("device-states")).toContainText(/\d/);

    // The configuration refuses a hole shallower than its units, then saves 20 units of 1.5 m.
    let dialog = await screen.openConfig();
    await screen.fill(dialog, "unitLength", "1.5");
    await screen.fill(dialog, "unitCount", "20");
    await screen.fill(dialog, "holeDepth", "12");
    await screen.submit(dialog);
    await expect(dialog).toContainText(T.shallow);
    await screen.fill(dialog, "holeDepth", "35");
    const changed = screen.nextProfile();
    await screen.submit(dialog);
    await expect(page.getByText(T.saved).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = (await (await changed).json()) as { data: { configFrom: string; curves: { points: { depth: number }[] }[] } };
    expect(after.data.configFrom).toBe("device");
    expect(after.data.curves.at(-1)!.points.at(-1)!.depth).toBe(30);
    await expect(page.getByTestId("profile-reference")).toContainText(T.fromDevice);
    // Read back: the dialog opens with what was saved.
    dialog = await screen.openConfig();
    await expect(dialog.locator('[data-field="holeDepth"] input').first()).toHaveValue("35");
  });

  test(`${locale}: inclinometer — pick a curve, set it as the initial value, see the cumulative curve reset`, async ({ page, context }, testInfo) => {
    const screen = await signedIn(page, context, testInfo.project.use.baseURL);
    const first = screen.nextProfile();
    await screen.open("inclinometer");
    await first;
    await expect(screen.profile().locator("canvas").first()).toBeVisible();

    // A click on the chart picks the curve passing there; the select picks one by its time.
    await screen.clickProfile();
    // Each language takes another curve (the earlier run's stays the reference until then).
    const label = await screen.pickCurve(locale === "zh-cn" ? 1 : 2);
    await expect(screen.curve()).toContainText(label);
    expect((await screen.curveA()).some((v) => Number(v) !== 0)).toBe(true);

    // Cancelling changes nothing; confirming makes that curve the reference everywhere.
    const reloaded = await cancelThenConfirm(page, () => screen.setCurveAsInitial(), () => screen.nextProfile());
    const after = (await reloaded.json()) as { data: { initial: { dataTime: number } | null; curves: { ts: number; points: { a: number; b: number }[] }[] } };
    const picked = after.data.curves.find((c) => c.ts === after.data.initial?.dataTime);
    expect(picked, "the picked curve is the initial reading").toBeTruthy();
    expect(picked!.points.every((p) => p.a === 0 && p.b === 0)).toBe(true);
    await expect.poll(async () => (await screen.curveA()).every((v) => Number(v) === 0)).toBe(true);
    await expect(page.getByTestId("profile-reference")).toContainText(T.initialFrom);
    await expect(page.getByTestId("profile-reference")).toContainText(label);
  });

  test(`${locale}: concrete — strength curves under the calibration rule, the records table`, async ({ page, context }, testInfo) => {
    await signedIn(page, context, testInfo.project.use.baseURL);
    const chart = page.waitForResponse((r) => r.url().includes("/concrete/chartDeviceIds"));
    await page.goto("/operationMonitoring/beton");
    const series = (await (await chart).json()) as { data: { ruleName: string | null; records: { maturity: number; strength: number | null }[] }[] };
    const withData = series.data.find((s) => s.records.length > 100)!;
    expect(withData.ruleName).toBeTruthy();
    expect(withData.records.at(-1)!.maturity).toBeGreaterThan(withData.records[0].maturity);
    expect(withData.records.at(-1)!.strength).toBeGreaterThan(0);
    await expect(page.getByTestId("concrete-chart").locator("canvas").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("concrete-rule")).toBeVisible();
  });
}

