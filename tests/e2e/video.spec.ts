import { expect, test, type Page } from "@playwright/test";
import { COMMAND_STATUS } from "@/lib/contract/device/command";
import { loginAs } from "./pages/login-page";
import { superadminApi } from "./pages/system-org-page";
import { ShellPage } from "./pages/shell-page";
import { VideoWallPage } from "./pages/video-wall-page";
import { whepPublisher } from "./whep-publisher";

/**
 * The video wall (issue 34): four simulated cameras playing through the console's stream proxy
 * with their latency, splits, a camera dragged from the tree, the pad steering the selected
 * camera — in both languages; HLS chosen instead of FLV plays too, and WebRTC from a WHEP endpoint
 * (a publisher browser) entered on the wall; the stream proxy refuses a visitor without session and a camera
 * outside the caller's projects.
 */
test.describe.configure({ mode: "serial" });

const TEXT = {
  "zh-cn": { number: "01号", latency: /\d+ 毫秒/, saved: /已保存到媒体库：(.+)/ },
  en: { number: "No. 01", latency: /\d+ ms/, saved: /Saved to the media library: (.+)/ },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  test(`${locale}: four cameras play on the wall, a fifth is dragged in, the pad steers the selected one`, async ({ page, context, playwright }, testInfo) => {
    test.setTimeout(180_000);
    const T = TEXT[locale];
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const shell = new ShellPage(page);
    await shell.ready();
    // The wall's first cameras are this project's.
    await shell.chooseProject("滨江花园二期基坑监测");
    const wall = new VideoWallPage(page);
    await wall.open();
    await expect(wall.tiles()).toHaveCount(4, { timeout: 30_000 });
    await expect(wall.tiles().first()).toContainText(T.number);
    await expect(wall.playing()).toHaveCount(4, { timeout: 90_000 });
    // The simulated pictures carry their time: each tile shows its latency.
    await expect(wall.tiles().first().getByTestId("tile-latency")).toHaveText(T.latency, { timeout: 30_000 });

    // Nine tiles; a camera of another project dragged from the tree into the fifth.
    await wall.split(9);
    await wall.treeCamera(4).dragTo(wall.slot(4));
    await expect(wall.slot(4).getByTestId("camera-tile")).toBeVisible();
    await expect(wall.slot(4).getByTestId("stream-player")).toHaveAttribute("data-state", "playing", { timeout: 60_000 });

    // The pad steers the selected tile's camera; let go, it answers where it stopped.
    await wall.tiles().first().click();
    await expect(wall.pad()).toHaveAttribute("data-open", "true", { timeout: 30_000 });
    await expect(async () => {
      await wall.hold("right", 1_200);
      // Let go: the stop's answer says where the camera stopped.
      await expect(wall.position()).toHaveText(/[1-9]/, { timeout: 7_000 });
    }).toPass({ timeout: 60_000 });
    // The keyboard steers it too: an arrow held on the focused cross, let go, answers a new position.
    const steered = await wall.position().textContent();
    await expect(async () => {
      await wall.holdKey("ArrowUp", 1_200);
      await expect(wall.position()).not.toHaveText(steered ?? "", { timeout: 7_000 });
    }).toPass({ timeout: 60_000 });

    // A snapshot of the selected camera lands in the media library.
    await page.getByTestId("capture-snapshot").click();
    const toast = page.getByText(T.saved);
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const name = T.saved.exec((await toast.textContent()) ?? "")![1].trim();
    const found = (await (await page.request.get(`/api/file/mediaLibrary/page?fileName=${encodeURIComponent(name)}`)).json()) as { data: { records: { fileName: string; fileType: number }[] } };
    expect(found.data.records.map((r) => r.fileName)).toContain(name);
    await page.screenshot({ path: testInfo.outputPath(`wall-${locale}.png`) });

    // HLS where FLV fails: segments cut by the server's ffmpeg, through /api, played by hls.js; back to FLV.
    if (locale === "en") {
      await wall.split(4);
      await wall.stream("hls");
      await expect(wall.tiles().first().locator('[data-testid="stream-player"][data-kind="hls"]')).toHaveAttribute("data-state", "playing", { timeout: 60_000 });
      await expect(wall.tiles().first().getByTestId("tile-latency")).toHaveText(T.latency, { timeout: 30_000 });
      await page.screenshot({ path: testInfo.outputPath("wall-hls.png") });
      await wall.stream("flv");

      // WebRTC: the selected camera's WHEP address entered on the wall, its picture from a publisher
      // browser over ICE, the signalling through the console: no call of this page goes to the media server.
      const whep = await whepPublisher(playwright);
      const direct: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes(`:${whep.port}`)) direct.push(r.url());
      });
      try {
        await wall.tiles().first().click();
        await page.getByTestId("whep-url").fill(whep.url);
        await page.getByTestId("camera-sources").getByRole("button", { name: "Save" }).click();
        await expect(page.getByTestId("stream-webrtc")).toBeVisible({ timeout: 10_000 });
        await wall.stream("webrtc");
        await expect(wall.tiles().first().locator('[data-testid="stream-player"][data-kind="webrtc"]')).toHaveAttribute("data-state", "playing", { timeout: 30_000 });
        await expect(wall.tiles().first().getByTestId("tile-latency")).toHaveText(T.latency, { timeout: 15_000 });
        // The other cameras have no WHEP source: they play FLV.
        await expect(wall.tiles().nth(1).locator('[data-testid="stream-player"]')).toHaveAttribute("data-kind", "flv");
        await page.screenshot({ path: testInfo.outputPath("wall-webrtc.png") });
        expect(whep.asked.filter((a) => a.method === "POST")[0]).toMatchObject({ path: "/cam/whep", type: "application/sdp" });
        // Leaving WebRTC ends the session at the media server; the address removed, WebRTC is no longer offered.
        await wall.stream("flv");
        await expect.poll(() => whep.asked.some((a) => a.method === "DELETE"), { timeout: 10_000 }).toBe(true);
        await page.getByTestId("whep-url").fill("");
        await page.getByTestId("camera-sources").getByRole("button", { name: "Save" }).click();
        await expect(page.getByTestId("stream-webrtc")).toHaveCount(0, { timeout: 10_000 });
        expect(direct).toEqual([]);
      } finally {
        await whep.close();
      }
    }
  });
}

test("the stream proxy refuses a visitor without a session and a camera outside the caller's projects", async ({ page, playwright }) => {
  const base = test.info().project.use.baseURL!;
  const anonymous = await playwright.request.newContext({ baseURL: base });
  const none = await anonymous.get("/api/device/video/cameraList");
  expect(((await none.json()) as { code: number }).code).toBe(401);
  await anonymous.dispose();

  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home/);
  const all = ((await (await page.request.get("/api/device/video/cameraList")).json()) as { data: { id: number; projectId: number }[] }).data;
  await page.context().clearCookies();
  await loginAs(page, "operator01");
  await expect(page).toHaveURL(/\/home/);
  const mine = ((await (await page.request.get("/api/device/video/cameraList")).json()) as { data: { id: number; projectId: number }[] }).data;
  const projects = new Set(mine.map((c) => c.projectId));
  const outside = all.find((c) => !projects.has(c.projectId));
  expect(outside).toBeTruthy();
  const refused = await page.request.get(`/api/device/video/flv?id=${outside!.id}`);
  expect(refused.headers()["content-type"]).toContain("application/json");
  expect(((await refused.json()) as { code: number }).code).toBe(404);
  // The players' path, the stream as a WebSocket: the refusal's envelope, then close 4403.
  await page.goto("/home");
  const socket = await page.evaluate(
    (id) =>
      new Promise<{ text: string; code: number }>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/device/video/flv?id=${id}`);
        let text = "";
        ws.onmessage = (e) => (text = typeof e.data === "string" ? e.data : text);
        ws.onclose = (e) => resolve({ text, code: e.code });
      }),
    outside!.id,
  );
  expect(socket.code).toBe(4403);
  expect((JSON.parse(socket.text) as { code: number }).code).toBe(404);
  // Another tenant (the platform's administrator, who has no video screen) is refused the demo tenant's camera.
  const platform = await superadminApi(base);
  const foreign = await platform.get(`/api/device/video/flv?id=${all[0].id}`);
  expect(foreign.headers()["content-type"]).toContain("application/json");
  expect(((await foreign.json()) as { code: number }).code).toBe(403);
  await platform.dispose();
});

/** The camera's commands after command `after`, oldest first (the handling log lists the newest first). */
async function padCommands(page: Page, deviceId: string, after: number) {
  const log = (await (await page.request.get(`/api/comm/instructIot/page?deviceId=${deviceId}&size=200`)).json()) as { data: { records: { id: number; params: string; status: number }[] } };
  return log.data.records
    .filter((c) => c.id > after)
    .reverse()
    .map((c) => ({ id: c.id, status: c.status, ...(JSON.parse(c.params) as { controlType?: string; controlValue?: number }) }));
}

test("the live socket cut under a held pad: the console stops the camera, the pad lets go at once, the page reconnects in 3 s and subscribes again", async ({ page }) => {
  test.setTimeout(60_000);
  // The socket goes through a route that can cut it, both ends, as a restarted server would.
  const sockets: { subs: string[]; cut: () => void }[] = [];
  await page.routeWebSocket(/\/api\/live$/, (ws) => {
    const server = ws.connectToServer();
    const s = {
      subs: [] as string[],
      cut: () => {
        ws.close({ code: 1012, reason: "restart" });
        server.close({ code: 1012, reason: "restart" });
      },
    };
    sockets.push(s);
    ws.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { type: string; topic?: string };
      if (msg.type === "sub" && msg.topic) s.subs.push(msg.topic);
      server.send(m);
    });
  });
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home/);
  const wall = new VideoWallPage(page);
  await wall.open();
  await wall.tiles().first().click();
  await expect(wall.pad()).toHaveAttribute("data-open", "true", { timeout: 30_000 });
  const first = sockets.at(-1)!;
  const deviceId = (await wall.pad().getAttribute("data-device"))!;
  const topic = `device:${deviceId}`;
  expect(first.subs).toContain(topic);

  // Hold a direction until the camera is sent the turn, cut the socket: the pad is inert at once (nothing is queued or replayed).
  const before = (await padCommands(page, deviceId, 0)).at(-1)?.id ?? 0;
  await wall.pad().locator('[data-dir="up"]').hover();
  await page.mouse.down();
  await expect.poll(async () => (await padCommands(page, deviceId, before)).some((c) => c.controlType === "vertical" && c.controlValue === 5), { timeout: 10_000 }).toBe(true);
  first.cut();
  await expect(wall.pad()).not.toHaveAttribute("data-open", "true");
  await expect(wall.pad().locator('[data-dir="up"]')).toHaveAttribute("aria-pressed", "false");
  await page.mouse.up();
  // The console stopped the camera the cut socket was turning (the page could not send its stop): the stop is answered.
  await expect.poll(async () => (await padCommands(page, deviceId, before)).some((c) => c.controlType === "vertical" && c.controlValue === 0 && c.status === COMMAND_STATUS.success), { timeout: 10_000 }).toBe(true);

  // After 3 s a new socket opens and the page's topics are subscribed again.
  await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect.poll(() => sockets.at(-1)!.subs.includes(topic), { timeout: 10_000 }).toBe(true);
  await expect(wall.pad()).toHaveAttribute("data-open", "true", { timeout: 10_000 });
});
