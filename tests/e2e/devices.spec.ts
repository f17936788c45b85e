import { execSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import mqtt from "mqtt";
import { loginAs } from "./pages/login-page";
import { DevicesPage } from "./pages/devices-page";
import { ShellPage } from "./pages/shell-page";

/**
 * Devices (issue 15): demoadmin selects a project and sees the simulator's devices online, adds a
 * device, copies its credentials from the dialog that shows them once, publishes a value with an
 * MQTT client as that device (and posts one over the HTTP ingest), and sees the device online with
 * its last report — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();
const PROJECT = "滨江花园二期基坑监测";
const TEXT = {
  // The seeded product is named in the console's language.
  "zh-cn": { online: "在线", inactive: "未激活", shownOnce: "仅在此刻显示一次", product: "双轴倾角计" },
  en: { online: "Online", inactive: "Inactive", shownOnce: "shown only now", product: "Biaxial tilt meter" },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const NAME = `E2E 倾角 ${locale} ${RUN}`;
  const SN = `E2E-${locale === "en" ? "EN" : "ZH"}-${RUN}`;

  test(`${locale}: simulator devices online; add a device, copy its credentials, publish a value over MQTT, see it online`, async ({ page, context, request }, testInfo) => {
    test.setTimeout(180_000);
    const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
    await context.addCookies([{ name: "locale", value: locale, url: base }]);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const shell = new ShellPage(page);
    await shell.ready();
    await shell.chooseProject(PROJECT);

    const devices = new DevicesPage(page);
    await devices.open("/devices/device");
    // The simulator's devices report every 30 s: some are online within a cycle of the start.
    await expect(async () => {
      await page.reload();
      await devices.waitIdle();
      await expect(devices.online().first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(devices.online().first()).toContainText(T.online);

    // Add: the form, then the credentials shown once.
    await devices.toolbarButton("add").click();
    await devices.fill("deviceName", NAME);
    await devices.fill("deviceSn", SN);
    await devices.choose("productId", T.product);
    await devices.fill("reportCycle", "60");
    await devices.submit("create");
    await expect(devices.dialog("create")).toBeHidden();
    await expect(devices.credentials()).toContainText(T.shownOnce);
    const cred = await devices.copyCredentials();
    expect(cred.sn).toBe(SN);
    expect(cred.secret.length).toBeGreaterThanOrEqual(32);
    // The dialog's curl line as a user pastes it into a shell (issue 40): the product's properties with plausible values.
    const curl = (await devices.credentials().getByTestId("credentials-curl").innerText()).trim();
    expect(curl).not.toContain(`"params":{}`);
    await devices.closeCredentials();

    await devices.search(NAME);
    await expect(devices.statusOf(SN)).toContainText(T.inactive);
    const pasted = JSON.parse(execSync(curl, { encoding: "utf8", shell: "/bin/sh" })) as { code: number; data: { accepted: number } };
    expect(pasted.code).toBe(200);
    expect(pasted.data.accepted).toBeGreaterThan(0);

    // The device publishes over MQTT with the copied SN and secret, as the dialog's (and the README's)
    // mosquitto_pub example does: a plain MQTT client of its own, no console session.
    const [host, port] = cred.broker.split(":");
    const client = await mqtt.connectAsync(`mqtt://${host}:${port}`, { username: cred.sn, password: cred.secret, clientId: `e2e-${SN}`, reconnectPeriod: 0 });
    await client.publishAsync(cred.postTopic, JSON.stringify({ params: { angleX: 1.25, angleY: -0.5, battery: 87 } }), { qos: 1 });
    await client.endAsync();

    // The HTTP ingest through the console's address takes the same payload, authenticated as curl -u would.
    const res = await request.post(`/api/comm/ingest/${cred.postTopic.split("/").slice(1).join("/")}`, {
      headers: { authorization: `Basic ${Buffer.from(`${cred.sn}:${cred.secret}`).toString("base64")}`, "content-type": "application/json" },
      data: { params: { angleX: 1.5 } },
    });
    expect(await res.json()).toMatchObject({ code: 200, data: { accepted: 1 } });

    await expect(async () => {
      await page.reload();
      await devices.waitIdle();
      await expect(devices.statusOf(SN)).toHaveAttribute("data-status", "2", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const row = devices.row(SN).first();
    await expect(devices.statusOf(SN)).toContainText(T.online);
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(row).toContainText("87%");

    // The same devices on the map.
    await devices.showMap();
    await devices.showList();
  });
}
