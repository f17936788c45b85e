import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import mqtt, { type MqttClient } from "mqtt";
import type { DeviceAdded } from "@/lib/contract/device/device";
import { deviceTopic } from "@/lib/contract/device/topics";
import type { OtaTask } from "@/lib/contract/ota/task-api";
import { otaClient } from "@/cloud/simulator/ota";
import { SUPERADMIN } from "./pages/home-page";
import { DeviceViewPage } from "./pages/device-view-page";
import { DevicesPage } from "./pages/devices-page";
import { loginAs, LoginPage } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { OtaPage } from "./pages/ota-page";
import { seededName } from "./pages/seeded";
import { expectRowInDocument } from "./pages/served-row";

/**
 * OTA (issue 35), in both languages: the platform administrator uploads a firmware package for the
 * tilt meters and creates a staged task for the three simulated ones and three the spec adds for the
 * run, chosen by name (other suites add tilt meters the simulator does not run, so "all devices of the
 * product" is not these). The first batch (two simulated devices) holds at the gate when the device
 * that fails verification pushes failures over the threshold; a person resumes; the simulated device
 * that restarts into its old version is failed, retried and failed again, while the spec's three (its
 * own MQTT clients running the demo devices' side of the protocol, all behaving) succeed on the new
 * version; the task counts four successes and two failures; the simulated one that upgraded runs the
 * new version (its firmware tab). The spec's devices are removed at its end, so no other suite's
 * count of the demo tenant's devices changes.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.floor(Math.random() * 900 + 100);
const TEXT = {
  "zh-cn": { product: /^双轴倾角计$/, chosen: "指定设备", targeted: "目标设备 6 台", held: "已暂停：需人工继续", resume: "继续", log: "事件日志" },
  // The product by its name in the reader's language.
  en: { product: /^Biaxial tilt meter$/, chosen: "Chosen devices", targeted: "6 devices targeted", held: "Held: a person must resume", resume: "Resume", log: "Event log" },
} as const;
/** The simulator's tilt meters, in the order their behaviours are dealt: upgrades, fails verification, restarts into its old version. */
const SIMULATED = /· SIM\d{5} ·/;
/** The demo tenant's project of the first simulated tilt meter (the one that upgrades). */
const PROJECT = "滨江花园二期基坑监测";
/** How many tilt meters the spec adds and plays itself. */
const PLAYED = 3;

type Envelope<T> = { code: number; msg: string; data: T };
async function api<T>(request: APIRequestContext, path: string, data?: object): Promise<T> {
  const res = data ? await request.post(`/api/${path}`, { data }) : await request.get(`/api/${path}`);
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/**
 * Tilt meters added through the demo tenant's API (in the project its session works in) and played over MQTT by the
 * demo devices' own OTA client, all behaving: each informs 1.2.0 on connecting, takes an offer, downloads with `Range`,
 * reports, and informs the new version after its restart. `remove` deletes them and closes their connections.
 */
async function playTiltMeters(request: APIRequestContext, tag: string) {
  const made: { id: number; sn: string }[] = [];
  const clients: MqttClient[] = [];
  const remove = async () => {
    if (made.length) await api(request, "device/device/del", { ids: made.map((d) => d.id) });
    await Promise.all(clients.map((c) => c.endAsync(true)));
  };
  try {
    const { productId } = await api<{ productId: number }>(request, "device/device/snIdCode?sn=SIM01001");
    for (let i = 1; i <= PLAYED; i++) {
      const sn = `E2EOTA${tag}${i}`;
      const added = await api<DeviceAdded>(request, "device/device/add", { deviceName: `E2E OTA ${tag}-${i}`, deviceSn: sn, productId, reportCycle: 60, firmwareVersion: "1.2.0" });
      made.push({ id: added.id, sn });
      const { broker, secret } = added.credentials;
      const client = await mqtt.connectAsync(`mqtt://${broker!.host}:${broker!.port}`, { username: sn, password: secret, clientId: `e2e-${sn}`, reconnectPeriod: 0 });
      clients.push(client);
      const device = otaClient({
        sn,
        secret,
        behaviour: "normal",
        version: "1.2.0",
        publish: (channel, body) => void client.publishAsync(deviceTopic(productId, sn, channel), JSON.stringify(body), { qos: 1 }).catch(() => {}),
        powerCycle: () => {},
      });
      client.on("message", (_topic, payload) => device.offer(payload));
      await client.subscribeAsync(deviceTopic(productId, sn, "ota/upgrade"), { qos: 1 });
      device.started();
    }
  } catch (e) {
    await remove();
    throw e;
  }
  return { sns: made.map((d) => d.sn), remove };
}

for (const [n, locale] of (["zh-cn", "en"] as const).entries()) {
  const T = TEXT[locale];
  const VERSION = `9.${RUN}.${n}`;
  const PACKAGE = `E2E firmware ${RUN} ${locale}`;
  const TASK = `E2E rollout ${RUN} ${locale}`;

  test(`${locale}: a package uploaded, a staged task for chosen devices held at its gate, resumed, and the devices' outcomes`, async ({ page, context, browser }, testInfo) => {
    test.setTimeout(300_000);
    const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
    await context.addCookies([{ name: "locale", value: locale, url: base }]);
    // The tenant's side: its administrator, in the simulated tilt meters' project, adds the spec's own.
    const tenant = await browser.newContext({ baseURL: base });
    await tenant.addCookies([{ name: "locale", value: locale, url: base }]);
    const admin = await tenant.newPage();
    await loginAs(admin, "demoadmin");
    const shell = new ShellPage(admin);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    // OTA is the platform's menu: its address opened by a tenant says so, instead of a list whose call answers 403.
    await admin.goto("/OTAUpdate");
    await expect(admin.getByTestId("no-access")).toContainText("403");
    const tag = `${locale === "en" ? "E" : "Z"}${RUN}`;
    const played = await playTiltMeters(admin.request, tag);
    try {
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
      // The devices: the simulated tilt meters and the spec's, whatever else the product has by now.
      await ui.radio("target", T.chosen).click();
      await ui.field("deviceIds").locator("button").first().click();
      for (const name of [SIMULATED, new RegExp(`· E2EOTA${tag}\\d ·`)]) {
        const options = page.getByRole("option", { name });
        await expect(options).toHaveCount(3);
        for (let i = 0; i < 3; i++) await options.nth(i).click();
      }
      await page.keyboard.press("Escape");
      await expect(ui.field("deviceIds")).toContainText("SIM");
      await ui.fill("rate", "600");
      await ui.fill("batchCount", "2");
      await ui.fill("gateSuccessPct", "100");
      await ui.fill("retries", "1");
      await ui.fill("retryIntervalMin", "0");
      // The dry run: the six chosen devices, by the version each runs.
      await page.getByTestId("ota-preview").getByRole("button").click();
      await expect(page.getByTestId("ota-preview")).toContainText(T.targeted);
      await expect(page.getByTestId("ota-preview")).toContainText("1.2.0 ×");
      await ui.submit("create");
      await expect(ui.dialog("create")).toBeHidden();

      await ui.row(TASK).getByText(TASK).click();
      await expect(page).toHaveURL(/\/OTATaskInfo\?id=\d+/);
      await expectRowInDocument(page);
      const taskId = Number(new URL(page.url()).searchParams.get("id"));
      await expect(ui.deviceRows()).toHaveCount(6);
      // The first batch, the simulated devices being the oldest: one upgrades, the other fails verification at 60 %: the gate holds.
      await expect(ui.gate()).toContainText(T.held, { timeout: 90_000 });
      await expect(ui.num("success").locator("dd")).toHaveText("1");
      await expect(ui.num("failed").locator("dd")).toHaveText("1");
      await expect(ui.deviceRows().filter({ hasText: "verify: signature check failed at 60 %" })).toHaveCount(1);
      const upgraded = ui.deviceRows().filter({ hasText: `→ ${VERSION}` });
      await expect(upgraded).toHaveCount(1);
      await expect(upgraded).toHaveAttribute("data-status", "4");
      const sn = await upgraded.getAttribute("data-sn");
      // The spec's devices wait behind the gate.
      for (const mine of played.sns) await expect(ui.deviceRows().and(page.locator(`[data-sn="${mine}"]`))).toHaveAttribute("data-status", "1");

      await page.getByRole("button", { name: T.resume, exact: true }).click();
      // The rest: the spec's devices upgrade and run the new version; the one that restarts into 1.2.0 is failed, retried, and failed again.
      for (const mine of played.sns) {
        const row = ui.deviceRows().and(page.locator(`[data-sn="${mine}"]`));
        await expect(row).toHaveAttribute("data-status", "4", { timeout: 90_000 });
        await expect(row).toContainText(`1.2.0 → ${VERSION}`);
      }
      const rollback = ui.deviceRows().filter({ hasText: "oldVersion" });
      await expect(rollback).toHaveCount(1, { timeout: 90_000 });
      await expect(rollback).toHaveAttribute("data-status", "5", { timeout: 90_000 });
      await expect(rollback.locator("td").nth(5)).toHaveText("2");
      // The task's counts: four succeeded, two failed, none left; the task is done.
      await expect(ui.num("success").locator("dd")).toHaveText("4");
      await expect(ui.num("failed").locator("dd")).toHaveText("2");
      await expect(ui.num("pending").locator("dd")).toHaveText("0");
      await expect(ui.num("upgrading").locator("dd")).toHaveText("0");
      await expect(ui.num("successRate").locator("dd")).toHaveText("66.67%");
      await expect(async () => {
        const task = await api<OtaTask>(page.request, `device/otaTask/info?id=${taskId}`);
        expect(task).toMatchObject({ status: 4, total: 6, successCount: 4, failCount: 2 });
      }).toPass({ timeout: 30_000 });

      // Its event log says what happened and who said so.
      await rollback.getByRole("button", { name: T.log }).click();
      await expect(page.getByTestId("ota-log")).toContainText("failed:oldVersion");
      await expect(page.getByTestId("ota-log")).toContainText("retry:oldVersion");
      await page.keyboard.press("Escape");

      // The simulated device that upgraded runs the new version: its firmware tab says so (the device list's firmware
      // column is the first to give way in a narrow window) and has this upgrade.
      const name = (await upgraded.locator("td").first().locator("span").first().innerText()).trim();
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
    } finally {
      await played.remove();
      await tenant.close();
    }
  });
}
