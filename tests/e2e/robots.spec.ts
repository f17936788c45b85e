import ExcelJS from "exceljs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ROBOT_MODE, ROBOT_PROPS, demoRobotSn } from "@/lib/contract/robot/robot";
import { ITEM_TYPE, PATROL_STATUS, POINT_TYPE, REPETITION } from "@/lib/contract/robot/enums";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { expectRowInDocument } from "./pages/served-row";

/**
 * Inspection robots, the data half (issue 36), on the simulated demo robot: a track with three points
 * (one item always abnormal, one normal), a once plan a few seconds ahead that publishes; the cluster's
 * scheduler generates and dispatches its task, the robot runs it and the records appear — the abnormal one
 * with its alarm and photo; the task screen shows the robot on the map, the record view its photo and
 * alarm, and the point statistics and their export agree with the records, in both languages. Data is made
 * through the API (the list screens' forms have their own tests); no fixed waits: the spec follows the
 * task's status.
 */
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const H = 3_600_000;
/** Platform time (the demo tenant's clock, UTC+8) of an instant, as the plan form writes it. */
const wall = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 19).replace("T", " ");
const TEXT = {
  "zh-cn": { past: "计划时间必须晚于当前时间", where: "机器人位置", alarm: "产生的告警", abnormal: "异常" },
  en: { past: "The plan time must be later than now", where: "Robot position", alarm: "Alarm raised", abnormal: "Abnormal" },
} as const;

type Envelope<T> = { code: number; msg: string; data: T };
type Row = { id: number } & Record<string, unknown>;

function api(request: APIRequestContext) {
  const send = async <T>(method: "get" | "post", path: string, data?: object): Promise<Envelope<T>> => {
    const res = method === "get" ? await request.get(`/api/${path}`) : await request.post(`/api/${path}`, { data });
    return (await res.json()) as Envelope<T>;
  };
  const ok = async <T = Row>(method: "get" | "post", path: string, data?: object): Promise<T> => {
    const body = await send<T>(method, path, data);
    expect(body.code, `${path}: ${body.msg}`).toBe(200);
    return body.data;
  };
  return { send, get: <T = Row>(path: string) => ok<T>("get", path), post: <T = Row>(path: string, data: object) => ok<T>("post", path, data) };
}

test("a plan on a new track publishes, its task runs on the simulated robot, records with an alarm and a photo appear, and the statistics agree — in both languages", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const base = testInfo.project.use.baseURL ?? "http://127.0.0.1";
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await ctx.addCookies([{ name: "locale", value: "zh-cn", url: base }]);
  const page = await ctx.newPage();
  await loginAs(page, "demoadmin");
  const shell = new ShellPage(page);
  await shell.ready();
  const a = api(page.request);
  const robots = await a.get<{ id: number; deviceSn: string; prjName: string }[]>("device/devRobotConsole/robotList");
  const robot = robots.find((r) => r.deviceSn === demoRobotSn(0));
  expect(robot, "the demo robot").toBeTruthy();
  await shell.chooseProject(robot!.prjName);

  // The robot to itself: a demo task it runs is stopped, and it holds still (manual) while the points are laid where it is.
  const running = await a.get<{ records: Row[] }>(`stat/inspectionTask/page?current=1&size=10&deviceId=${robot!.id}&patrolStatus=${PATROL_STATUS.running}`);
  for (const t of running.records) await a.post("stat/inspectionTask/stop", { id: t.id });
  const holder = `e2e-robots-${RUN}`.padEnd(16, "0");
  await a.post("device/devRobotConsole/setMode", { deviceId: robot!.id, mode: ROBOT_MODE.manual, holder });
  const live = await a.get<{ values: { identifier: string; num: number | null }[] }>(`device/device/getDevRealTimeData?id=${robot!.id}`);
  const at = Math.round((live.values.find((v) => v.identifier === ROBOT_PROPS.position)?.num ?? 0) * 10) / 10;

  const demoTrack = (await a.get<{ records: { trackMap: string }[] }>("stat/trackInfo/page?current=1&size=1")).records[0];
  const track = await a.post("stat/trackInfo/add", { trackName: `E2E rail ${RUN}`, trackMap: demoTrack.trackMap, trackLength: at + 20, mapScale: 0.01 });
  const points: Row[] = [];
  for (const [i, x] of [200, 400, 600].entries())
    points.push(await a.post("stat/inspectionPoint/add", { pointName: `E2E P${i + 1}`, trackId: track.id, markPosition: JSON.stringify({ x, y: 225 }), position: at + 0.3 * (i + 1), sort: i + 1, dwellSec: i === 2 ? 8 : 1 }));
  await a.post("stat/inspectionPoint/add", { pointName: `E2E dock`, trackId: track.id, pointType: POINT_TYPE.charging, markPosition: '{"x":100,"y":225}', position: at, sort: 0, dwellSec: 0 });
  // The last point's dwell keeps the task running while its screen is looked at.
  // Any temperature is above 1 °C: this reading is abnormal every time; the other is always normal.
  await a.post("stat/inspectionItem/add", { itemName: `E2E hot ${RUN}`, pointId: points[0].id, itemType: ITEM_TYPE.temperature, unit: "°C", minValue: 0, maxValue: 1 });
  await a.post("stat/inspectionItem/add", { itemName: `E2E ok ${RUN}`, pointId: points[1].id, itemType: ITEM_TYPE.temperature, unit: "°C", minValue: -50, maxValue: 500 });

  // Core §5: a plan starting in the past is refused with the spec's words, in both languages.
  const plan = { schemeName: `E2E plan ${RUN}`, trackId: track.id, deviceId: robot!.id, repetition: REPETITION.once, duration: 1 };
  // The console speaks the reader's language (its cookie) to the cloud.
  for (const locale of ["en", "zh-cn"] as const) {
    await ctx.addCookies([{ name: "locale", value: locale, url: base }]);
    expect((await a.send("post", "stat/inspectionScheme/add", { ...plan, startTime: wall(Date.now() - H) })).msg).toBe(TEXT[locale].past);
  }
  const scheme = await a.post("stat/inspectionScheme/add", { ...plan, startTime: wall(Date.now() + 4_000) });
  expect(await a.post("stat/inspectionScheme/public", { id: scheme.id })).toMatchObject({ publishStatus: 1 });
  await a.post("device/devRobotConsole/setMode", { deviceId: robot!.id, mode: ROBOT_MODE.auto, holder });

  // The scheduler (every 10 s) generates the task and dispatches it to the robot.
  const taskOf = async () => (await a.get<{ records: Row[] }>(`stat/inspectionTask/page?current=1&size=10&schemeId=${scheme.id}`)).records[0];
  await expect.poll(async () => (await taskOf())?.patrolStatus, { timeout: 30_000, intervals: [1_000] }).toBe(PATROL_STATUS.running);
  const task = await taskOf();

  // The task screen: the robot on its track's map, live.
  // (the row action "Robot position" of a running task opens the dialog by this parameter)
  await page.goto(`/robot/task?where=${task.id}`);
  await expect(page.getByTestId("robot-position-dialog")).toContainText(TEXT["zh-cn"].where);
  const where = page.getByTestId("robot-position-dialog");
  await expect(where.getByTestId("floor-plan-robot")).toBeVisible({ timeout: 15_000 });
  await expect(where.getByTestId("floor-plan").locator("svg")).toHaveCount(5); // three points, the dock, the robot
  await page.screenshot({ path: testInfo.outputPath("robot-task-position-zh-cn.png") });

  // The robot runs it: two readings (the third point has no item), the abnormal one with an alarm and the robot's photo.
  await expect.poll(async () => (await taskOf()).patrolStatus, { timeout: 45_000, intervals: [1_000] }).toBe(PATROL_STATUS.done);
  const records = (await a.get<{ records: Row[] }>(`stat/inspectionRecord/page?current=1&size=10&taskId=${task.id}`)).records;
  expect(records.map((r) => r.inspectStatus).sort()).toEqual([0, 1]);
  const bad = records.find((r) => r.inspectStatus === 1)!;
  expect(bad.alarmId).toBeTruthy();
  expect((bad.photos as string[]).length).toBeGreaterThan(0);

  for (const locale of ["zh-cn", "en"] as const) {
    const T = TEXT[locale];
    await ctx.addCookies([{ name: "locale", value: locale, url: base }]);
    // Reachable from the records list: the view shows the photo and the alarm it raised.
    await page.goto(`/robot/inspectionRecord?taskId=${task.id}`);
    await page.getByRole("row").filter({ hasText: T.abnormal }).locator("[data-action=view]").click();
    await expect(page).toHaveURL(new RegExp(`viewInspectionRecord\\?id=${bad.id}`));
    await expectRowInDocument(page);
    const view = page.getByTestId("record-info");
    await expect(view).toContainText(`E2E hot ${RUN}`);
    await expect(view.locator("[data-section=alarm]")).toContainText(T.alarm);
    await expect(view.getByTestId("record-alarm").getByRole("link")).toHaveAttribute("href", new RegExp(`id=${bad.alarmId}`));
    await expect(view.getByTestId("record-photos").locator("img").first()).toHaveJSProperty("complete", true);
    expect(await view.getByTestId("record-photos").locator("img").first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The point statistics of the new track agree with the records, on the screen and in its export.
    await page.goto(`/robot/inspectionPointStatistics?trackId=${track.id}`);
    const table = page.getByTestId("statistics-table");
    // Columns: point, track, readings, normal, abnormal, last reading.
    for (const [name, counts] of [["E2E P1", ["1", "0", "1"]], ["E2E P2", ["1", "1", "0"]]] as const) {
      const cells = table.getByRole("row").filter({ hasText: name }).getByRole("cell");
      for (const [i, n] of counts.entries()) await expect(cells.nth(2 + i)).toHaveText(n);
    }
    await expect(page.getByTestId("statistics-chart")).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByTestId("statistics-export").click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const sheet = book.worksheets[0];
    const byPoint = new Map<string, unknown[]>();
    sheet.eachRow((r) => byPoint.set(String(r.getCell(1).value), (r.values as unknown[]).slice(1)));
    expect(byPoint.get("E2E P1")?.slice(2, 5)).toEqual([1, 0, 1]);
    expect(byPoint.get("E2E P2")?.slice(2, 5)).toEqual([1, 1, 0]);
    await page.screenshot({ path: testInfo.outputPath(`robot-point-statistics-${locale}.png`) });
  }
  await ctx.close();
});
