import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { SUPERADMIN } from "./pages/home-page";
import { DeviceViewPage } from "./pages/device-view-page";
import { DevicesPage } from "./pages/devices-page";
import { loginAs, LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { OtaPage } from "./pages/ota-page";
import { seededName } from "./pages/seeded";

/**
 * OTA (issue 35), in both languages: the platform administrator uploads a firmware package for the
 * tilt meters and creates a staged task for the three simulated ones, chosen by name (other suites
 * add tilt meters the simulator does not run, so "all devices of the product" is not these three).
 * The first batch (two devices) holds at the gate when the device that fails verification pushes
 * failures over the threshold; a person resumes; the device that restarts into its old version is
 * failed, retried and failed again; the one that upgraded runs the new version (its firmware tab).
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.floor(Math.random() * 900 + 100);
const TEXT = {
  "zh-cn": { product: /^双轴倾角计$/, chosen: "指定设备", targeted: "目标设备 3 台", held: "已暂停：需人工继续", resume: "继续", log: "事件日志" },
  // The OTA screens name the product as stored (its Chinese name), not in the caller's language yet.
  en: { product: /^(Biaxial tilt meter|双轴倾角计)$/, chosen: "Chosen devices", targeted: "3 devices targeted", held: "Held: a person must resume", resume: "Resume", log: "Event log" },
} as const;
/** The simulator's tilt meters, in the order their behaviours are dealt: upgrades, fails verification, restarts into its old version. */
const SIMULATED = /· SIM\d{5} ·/;
/** The demo tenant's project of the first simulated tilt meter (the one that upgrades). */
const PROJECT = "滨江花园二期基坑监测";

for (const [n, locale] of (["zh-cn", "en"] as const).entries()) {
  const T = TEXT[locale];
  const VERSION = `9.${RUN}.${n}`;
  const PACKAGE = `E2E firmware ${RUN} ${locale}`;
  const TASK = `E2E rollout ${RUN} ${locale}`;

  test(`${locale}: a package uploaded, a staged task for chosen devices held at its gate, resumed, and the devices' outcomes`, async ({ page, context, browser }, testInfo) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    const login = new LoginPage(page);
    await login.open(`?tId=${SUPERADMIN.tId}`);
    await login.submit(SUPERADMIN.username, SUPERADMIN.password);
    await expect(page).toHaveURL(/\/home/);
    const ui = new OtaPage(page);
    await ui.open("/OTAUpdate");
    // The demo package and its product come with the seed.
    await expect(ui.row(seededName("演示固件"))).toContainText(new RegExp(T.product.source.slice(1, -1)));

    await ui.toolbarButton("add").click();
    await ui.choose("productId", T.product);
    await ui.fill("packageName", PACKAGE);
    await ui.fill("version", VERSION);
    await ui.uploadFirmware(`fw-${VERSION}.bin`, randomBytes(160 * 1024));
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();
    await expect(ui.row(PACKAGE)).toContainText(VERSION);

    await ui.tab("tasks");
    await ui.toolbarButton("add").click();
    await ui.fill("taskName", TASK);
    await ui.choose("packageId", PACKAGE);
    // The devices: the simulated tilt meters, whatever else the product has by now.
    await ui.radio("target", T.chosen).click();
    await ui.field("deviceIds").locator("button").first().click();
    const options = page.getByRole("option", { name: SIMULATED });
    await expect(options).toHaveCount(3);
    for (let i = 0; i < 3; i++) await options.nth(i).click();
    await page.keyboard.press("Escape");
    await expect(ui.field("deviceIds")).toContainText("SIM");
    await ui.fill("rate", "600");
    await ui.fill("batchCount", "2");
    await ui.fill("gateSuccessPct", "100");
    await ui.fill("retries", "1");
    await ui.fill("retryIntervalMin", "0");
    // The dry run: the three chosen devices, by the version each runs.
    await page.getByTestId("ota-preview").getByRole("button").click();
    await expect(page.getByTestId("ota-preview")).toContainText(T.targeted);
    await expect(page.getByTestId("ota-preview")).toContainText("1.2.0 ×");
    await ui.submit("create");
    await expect(ui.dialog("create")).toBeHidden();

    await ui.row(TASK).getByText(TASK).click();
    await expect(page).toHaveURL(/\/OTATaskInfo\?id=\d+/);
    await expect(ui.deviceRows()).toHaveCount(3);
    // The first batch: one device upgrades, the other fails verification at 60 %: the gate holds.
    await expect(ui.gate()).toContainText(T.held, { timeout: 90_000 });
    await expect(ui.num("success")).toContainText("1");
    await expect(ui.num("failed")).toContainText("1");
    await expect(ui.deviceRows().filter({ hasText: "verify: signature check failed at 60 %" })).toHaveCount(1);
    const upgraded = ui.deviceRows().filter({ hasText: `→ ${VERSION}` });
    await expect(upgraded).toHaveCount(1);
    await expect(upgraded).toHaveAttribute("data-status", "4");
    const sn = await upgraded.getAttribute("data-sn");

    await page.getByRole("button", { name: T.resume, exact: true }).click();
    // The rest: the device that restarts into 1.2.0 is failed, retried, and failed again.
    const rollback = ui.deviceRows().filter({ hasText: "oldVersion" });
    await expect(rollback).toHaveCount(1, { timeout: 90_000 });
    await expect(rollback).toHaveAttribute("data-status", "5", { timeout: 90_000 });
    await expect(rollback.locator("td").nth(5)).toHaveText("2");
    await expect(ui.num("failed")).toContainText("2");

    // Its event log says what happened and who said so.
    await rollback.getByRole("button", { name: T.log }).click();
    await expect(page.getByTestId("ota-log")).toContainText("failed:oldVersion");
    await expect(page.getByTestId("ota-log")).toContainText("retry:oldVersion");
    await page.keyboard.press("Escape");

    // The device that upgraded runs the new version: its firmware tab says so (the device list's firmware column is the
    // first to give way in a narrow window) and has this upgrade.
    const name = (await upgraded.locator("td").first().locator("span").first().innerText()).trim();
    const tenant = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await tenant.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    const admin = await tenant.newPage();
    await loginAs(admin, "demoadmin");
    const shell = new ShellPage(admin);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    const devices = new DevicesPage(admin);
    await devices.open("/devices/device");
    await devices.search(name);
    await devices.row(sn!).first().getByText(name, { exact: true }).click();
    const view = new DeviceViewPage(admin);
    await expect(admin.getByTestId("view-device")).toBeVisible({ timeout: 30_000 });
    await view.tab("firmware");
    await expect(admin.getByTestId("firmware-module-default")).toContainText(VERSION);
    const mine = admin.getByTestId("firmware-upgrade").filter({ hasText: TASK });
    await expect(mine).toHaveAttribute("data-status", "4");
    await expect(mine).toContainText(`→ ${VERSION}`);
    await tenant.close();
  });
}
