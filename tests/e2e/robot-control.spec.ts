import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import mqtt, { type MqttClient } from "mqtt";
import type { DeviceCredentials } from "@/lib/contract/device/device";
import { deviceTopic } from "@/lib/contract/device/topics";
import { ROBOT_CAMERA_SERVICES } from "@/lib/contract/robot/control";
import { ROBOT_PROPS, ROBOT_SERVICES } from "@/lib/contract/robot/robot";
import { RobotSim } from "@/cloud/simulator/robot";
import { FakeRobot } from "../fake-robot";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";

/**
 * The robot console (issue 36): a robot made through the API (product with the robot's services,
 * a device of the operator's project) and played by an MQTT client in this process; the control
 * page drives it, it stops on release and when the page's socket is cut, a second user sees
 * "driven by …" and cannot drive — in both languages.
 */
test.describe.configure({ mode: "serial" });
// Talk-back records from Chromium's fake microphone (a tone), allowed without the prompt.
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] } });

const PROJECT = "滨江花园二期基坑监测";
const RUN = Date.now().toString(36);
const TEXT = {
  "zh-cn": { title: "机器人控制", youDrive: "您正在控制", drivenBy: /正在控制$/, camera: "01号", forward: "前进", played: "机器人已播放" },
  en: { title: "Robot control", youDrive: "You are driving", drivenBy: /^Driven by /, camera: "No. 01", forward: "Forward", played: "Played on the robot" },
} as const;

const service = (identifier: string, inputs: string[]) => ({
  funcName: identifier,
  identifier,
  funcType: 3,
  callMode: "sync",
  inputParams: inputs.map((id) => ({ identifier: id, name: id, dataType: { type: "text", length: 16 } })),
});
const property = (identifier: string, max: number) => ({ funcName: identifier, identifier, funcType: 1, accessMode: "r", dataType: { type: "float", min: 0, max, step: 0.1 } });

/** The robot: its product and device made through the API, its side played over MQTT. */
async function makeRobot(request: APIRequestContext, locale: string) {
  const post = async (path: string, data: object) => {
    const body = (await (await request.post(`/api/${path}`, { data })).json()) as { code: number; msg: string; data: Record<string, unknown> };
    expect(body.code, `${path}: ${body.msg}`).toBe(200);
    return body.data;
  };
  const product = await post("device/product/add", { prodName: `E2E robot ${locale} ${RUN}`, prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 30 });
  for (const f of [
    service(ROBOT_SERVICES.control, ["controlType", "ttlMs"]),
    service(ROBOT_SERVICES.lifter, ["lifterDirection", "ttlMs"]),
    service(ROBOT_SERVICES.mode, ["mode"]),
    service(ROBOT_CAMERA_SERVICES.picture, ["deviceNum", "controlType"]),
    service(ROBOT_CAMERA_SERVICES.info, ["deviceNum", "controlType"]),
    service(ROBOT_SERVICES.audio, ["url", "format", "size", "sha256", "durationMs"]),
    property(ROBOT_PROPS.position, 1000),
    property(ROBOT_PROPS.battery, 100),
  ])
    await post("device/prodFunction/add", { ...f, productId: product.id });
  const sn = `E2ERBT${locale === "en" ? "E" : "Z"}${RUN}`.toUpperCase().slice(0, 30);
  const device = await post("device/device/add", { deviceName: `E2E robot ${locale}`, deviceSn: sn, productId: product.id, reportCycle: 60 });
  const cred = device.credentials as DeviceCredentials;
  return { id: device.id as number, productId: product.id as number, cred };
}

/** Connects the fake robot: it answers service calls as the simulated robot does and reports its state. */
async function connectRobot(robot: { productId: number; cred: DeviceCredentials }, fake: FakeRobot): Promise<MqttClient> {
  const { cred } = robot;
  const client = await mqtt.connectAsync(`mqtt://${cred.broker!.host}:${cred.broker!.port}`, { username: cred.deviceSn, password: cred.secret, clientId: `e2e-${cred.deviceSn}`, reconnectPeriod: 0 });
  await client.subscribeAsync(deviceTopic(cred.productId, cred.deviceSn, "service/call"), { qos: 1 });
  // Talk-back is played as the simulated robot plays it: fetched over its link with the robot's own credentials.
  const speaker = new RobotSim(1, 100);
  const auth = `Basic ${Buffer.from(`${cred.deviceSn}:${cred.secret}`).toString("base64")}`;
  const fetchClip = async (url: string) => {
    const res = await fetch(url, { headers: { authorization: auth } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  client.on("message", async (_topic, payload) => {
    const body = JSON.parse(payload.toString());
    if (body.identifier === ROBOT_SERVICES.audio) {
      const { code, out } = await speaker.play(body.params, fetchClip, Date.now);
      return void client.publishAsync(deviceTopic(cred.productId, cred.deviceSn, "service/reply"), JSON.stringify({ id: body.id, identifier: body.identifier, code, params: out }), { qos: 1 }).catch(() => {});
    }
    const reply = fake.call(body);
    // A stop sent again while the robot's client is closing at the test's end finds it gone: it cannot answer then.
    if (reply) void client.publishAsync(deviceTopic(cred.productId, cred.deviceSn, "service/reply"), JSON.stringify({ id: body.id, identifier: body.identifier, ...reply }), { qos: 1 }).catch(() => {});
  });
  await client.publishAsync(deviceTopic(cred.productId, cred.deviceSn, "property/post"), JSON.stringify({ params: { [ROBOT_PROPS.position]: 12.5, [ROBOT_PROPS.battery]: 80 } }), { qos: 1 });
  return client;
}

async function openConsole(page: Page, deviceId: number) {
  await page.goto(`/operations/robotControl?deviceId=${deviceId}`);
  await expect(page.getByTestId("robot-console")).toBeVisible({ timeout: 60_000 });
}

for (const locale of ["zh-cn", "en"] as const) {
  test(`${locale}: the control page drives the robot, which stops on release and when the socket is cut; a second user views only`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const T = TEXT[locale];
    const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
    const adminCtx = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    await adminCtx.addCookies([{ name: "locale", value: locale, url: base }]);
    const admin = await adminCtx.newPage();
    await loginAs(admin, "demoadmin");
    await expect(admin).toHaveURL(/\/home/);
    const shell = new ShellPage(admin);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    const robot = await makeRobot(admin.request, locale);
    const fake = new FakeRobot();
    const client = await connectRobot(robot, fake);
    try {
      await openConsole(admin, robot.id);
      await expect(admin.getByRole("heading", { name: T.title })).toBeVisible();
      await expect(admin.getByTestId("driver")).toHaveText(T.youDrive, { timeout: 30_000 });
      await expect(admin.getByTestId("camera-header").first()).toHaveText(T.camera);
      await expect(admin.getByTestId("robot-position")).toContainText("12.5", { timeout: 30_000 });

      // Held: the robot moves; released: it stops once acknowledged.
      const forward = admin.getByTestId("pad-forward");
      await expect(forward).toBeEnabled();
      await forward.hover();
      await admin.mouse.down();
      await fake.until((r) => r.travel === "1");
      await admin.waitForTimeout(1_000);
      await admin.mouse.up();
      await fake.until((r) => r.travel === "9", 5_000);
      await expect(admin.getByTestId("robot-command").first()).toBeVisible({ timeout: 10_000 });

      // Talk-back: held, the microphone records; released, the clip goes to the robot, which fetches and plays it.
      const talk = admin.getByTestId("talk-button");
      await talk.hover();
      await admin.mouse.down();
      await expect(talk).toHaveAttribute("data-phase", "recording", { timeout: 10_000 });
      await admin.waitForTimeout(1_200);
      await admin.mouse.up();
      await expect(admin.getByTestId("talk-clip").first()).toHaveAttribute("data-status", "played", { timeout: 20_000 });
      await expect(admin.getByTestId("talk-clip").first()).toContainText(T.played);
      await admin.screenshot({ path: testInfo.outputPath(`robot-control-${locale}.png`) });

      // A second user sees who drives and cannot drive.
      const opCtx = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
      await opCtx.addCookies([{ name: "locale", value: locale, url: base }]);
      const op = await opCtx.newPage();
      await loginAs(op, "operator01");
      await expect(op).toHaveURL(/\/home/);
      await openConsole(op, robot.id);
      await expect(op.getByTestId("driver")).toContainText(T.drivenBy, { timeout: 30_000 });
      await expect(op.getByTestId("pad-forward")).toBeDisabled();
      await op.screenshot({ path: testInfo.outputPath(`robot-control-viewer-${locale}-phone.png`), fullPage: true });
      const refused = (await (await op.request.post("/api/device/devRobotConsole/robotControl", { data: { deviceId: robot.id, controlType: "1", holder: "a-holder-guessed-by-a-viewer" } })).json()) as { code: number; msg: string };
      expect(refused.code).toBe(400);
      expect(fake.travel).toBe("9");

      // Held again, then the page's socket is cut (the page goes away): the console stops the robot.
      await forward.hover();
      await admin.mouse.down();
      await fake.until((r) => r.travel === "1");
      const cut = Date.now();
      await adminCtx.close();
      await fake.until((r) => r.travel === "9", 5_000);
      expect(Date.now() - cut).toBeLessThan(5_000);
      // The lock went with the socket: the second user's page takes the controls.
      await op.reload();
      await expect(op.getByTestId("driver")).toHaveText(locale === "en" ? "You are driving" : "您正在控制", { timeout: 30_000 });
      await opCtx.close();
    } finally {
      fake.close();
      await client.endAsync();
    }
  });
}
