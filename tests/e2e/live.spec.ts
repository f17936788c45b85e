import { expect, test, type Page } from "@playwright/test";
import { WebSocket } from "ws";
import { DeviceViewPage } from "./pages/device-view-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { demoDeviceSecret } from "@/cloud/simulator/key";
import { deviceTopic } from "@/lib/contract/device/topics";

/**
 * The live channel (issue 34): the socket refuses a visitor without a session and a page of
 * another origin; a value stored for a device reaches its open page with the page's poll off; the
 * header's message count follows a change made elsewhere.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "滨江花园二期基坑监测";
const SN = "SIM01001";
const base = () => process.env.E2E_BASE_URL ?? "http://127.0.0.1:3310";
const wsUrl = () => `${base().replace(/^http/, "ws")}/api/live`;

/** What the server answers an upgrade: the opened socket's first message, or the refusal's status. */
function upgrade(headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(), { headers });
    ws.once("unexpected-response", (_req, res) => resolve(`refused ${res.statusCode}`));
    ws.once("message", (d) => {
      resolve(d.toString());
      ws.close();
    });
    ws.once("error", () => resolve("error"));
  });
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home/);
  const shell = new ShellPage(page);
  await shell.ready();
  await shell.chooseProject(PROJECT);
});

test("the socket refuses no session, a forged one and a foreign origin; opens for the signed-in page", async ({ page }) => {
  const origin = base();
  const cookie = await sessionCookie(page);
  expect(await upgrade({ origin })).toBe("refused 401");
  expect(await upgrade({ origin, cookie: "iot_session=Fe26.2**forged" })).toBe("refused 401");
  expect(await upgrade({ origin: "http://evil.example", cookie })).toBe("refused 403");
  expect(await upgrade({ cookie })).toBe("refused 403");
  expect(JSON.parse(await upgrade({ origin, cookie }))).toEqual({ type: "state", live: true });
});

test("a stored value reaches the open device page over the socket, the poll off", async ({ page, request }) => {
  test.setTimeout(120_000);
  const view = new DeviceViewPage(page);
  const id = await view.idOf(SN);
  await view.open(id);
  // Live: the page stops polling (the tile says so) and waits for pushed values.
  await expect(page.locator('[data-testid="realtime"][data-live]')).toBeVisible({ timeout: 30_000 });
  // Hundredths as the tile shows them (a sum like 2.11 + 3 would print 5.109999…).
  const value = (Math.round(Math.random() * 1000) + 300) / 100;
  // The device posts over the HTTP ingest with its own credentials (the simulator's derived secret).
  process.env.DATA_DIR ??= `tests/e2e/.out/data-${new URL(base()).port}`;
  const info = (await (await page.request.get(`/api/device/device/info?id=${id}`)).json()) as { data: { productId: number } };
  const postTopic = deviceTopic(info.data.productId, SN, "property/post");
  const res = await request.post(`/api/comm/ingest/${postTopic.split("/").slice(1).join("/")}`, {
    headers: { authorization: `Basic ${Buffer.from(`${SN}:${demoDeviceSecret(SN)}`).toString("base64")}`, "content-type": "application/json" },
    data: { params: { angleX: value } },
  });
  expect(await res.json()).toMatchObject({ code: 200 });
  await expect(view.tile("angleX").getByTestId("realtime-value")).toContainText(String(value), { timeout: 4_000 });
});

test("the header's message count follows a change made in another tab", async ({ page, browser }) => {
  const badge = page.getByTestId("inbox-messages");
  await expect(badge).toHaveAttribute("data-live", "true", { timeout: 30_000 });
  await expect(page.getByTestId("inbox-messages-count")).toBeVisible();
  // Another tab of the same user reads every message: this tab's badge goes without a reload.
  const other = await browser.newContext();
  await other.addCookies((await page.context().cookies()).map((c) => ({ ...c })));
  const res = await other.request.post(`${base()}/api/msg/station/currUser/readAll`, { headers: { origin: base(), "content-type": "application/json" }, data: {} });
  expect(await res.json()).toMatchObject({ code: 200 });
  await other.close();
  await expect(page.getByTestId("inbox-messages-count")).toHaveCount(0, { timeout: 5_000 });
});
