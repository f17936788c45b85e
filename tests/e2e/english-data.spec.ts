import { expect, test } from "@playwright/test";
import { EnglishDataPage } from "./pages/english-data-page";
import { contextFor, signInDemo, signInSuper } from "./pages/layout-page";
import { DeviceViewPage } from "./pages/device-view-page";
import { ShellPage } from "./pages/shell-page";
import { ResourcePageObject } from "./pages/resource-page";
import { seededName } from "./pages/seeded";

// Seeded and built-in data read in the console's language (issue 22): the cloud answers names by
// the Language header, and a dictionary item can be given both names in the multilingual dialog.
test.describe.configure({ mode: "serial" });

const RUN = process.env.E2E_RUN_TAG ?? "";
const SHOTS = process.env.E2E_SHOTS_DIR;
const ITEM = { value: `pile${RUN}`, "zh-cn": `桩基${RUN}`, en: `Pile${RUN}` };

test("in English, roles, project types, departments, groups, products and the home page show English names", async ({ browser, baseURL }) => {
  test.slow();
  const ctx = await contextFor(browser, baseURL!, { lang: "en", theme: "dark" });
  const page = await ctx.newPage();
  await signInDemo(page);
  const data = new EnglishDataPage(page);
  await expect(data.homeRoles()).toContainText("Tenant administrator");

  await data.open("/systemSet/roleSet");
  await expect(data.tableText()).toContainText("Tenant administrator");
  await expect(data.tableText()).toContainText("Project user");
  await expect(data.tableText()).not.toContainText("租户管理员");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roles-en-dark.png` });

  await data.open("/projects/project");
  await expect(data.tableText()).toContainText("Foundation pit");
  await expect(data.tableText()).toContainText("Tunnel");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/projects-en.png` });

  await data.open("/systemSet/departmentSet");
  await expect(data.tableText()).toContainText("Demo tenant");
  await expect(data.tableText()).toContainText("Monitoring and operations");

  await data.open("/systemSet/groupSet");
  await expect(data.tableText()).toContainText("Alarm duty group");

  // Seeded products (the first page: the newest ten).
  await data.open("/productSet/product");
  await expect(data.tableText()).toContainText("Multi-channel acquisition gateway");
  await expect(data.tableText()).toContainText("Compact weather station");
  await expect(data.tableText()).not.toContainText("多通道采集网关");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/products-en-dark.png` });

  await ctx.close();
});

test("the platform's dictionaries in English, and an item given both names reads in each language", async ({ browser, baseURL }) => {
  test.slow();
  const ctx = await contextFor(browser, baseURL!, { lang: "en" });
  const page = await ctx.newPage();
  await signInSuper(page);
  const data = new EnglishDataPage(page);
  await page.goto("/systemSet/dictSet");
  await data.openDict("Project type");
  await expect(data.tableText()).toContainText("Foundation pit");

  await data.toolbarButton("addItem").click();
  await expect(data.dialog("create")).toBeVisible();
  if (SHOTS) {
    await page.getByTestId("multilingual-open").click();
    await page.screenshot({ path: `${SHOTS}/multilingual-en.png` });
    await page.keyboard.press("Escape");
  }
  await data.giveNames({ "zh-cn": ITEM["zh-cn"], en: ITEM.en });
  await expect(data.field("itemName").locator("input").first()).toHaveValue(ITEM.en);
  await data.fill("itemValue", ITEM.value);
  await data.submit("create");
  await expect(data.dialog("create")).toBeHidden();
  await expect(data.tableText()).toContainText(ITEM.en);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dict-en.png` });

  await ctx.addCookies([{ name: "locale", value: "zh-cn", url: baseURL! }]);
  await page.reload();
  await data.openDict("项目类型");
  await expect(data.tableText()).toContainText(ITEM["zh-cn"]);
  await expect(data.tableText()).toContainText("基坑");

  // The tenant list shows what each tenant's uploads take of its quota.
  await data.open("/systemSet/tenantSet");
  await expect(page.getByTestId("tenant-storage").first()).toContainText("MB");
  if (SHOTS) {
    await page.getByTestId("tenant-storage").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/tenants-zh.png` });
  }
  await ctx.close();
});

test("in English, the device page names the thing model's properties in English", async ({ browser, baseURL }) => {
  test.slow();
  const ctx = await contextFor(browser, baseURL!, { lang: "en" });
  const page = await ctx.newPage();
  await signInDemo(page);
  await new ShellPage(page).chooseProject("滨江花园二期基坑监测");
  const view = new DeviceViewPage(page);
  await view.open(await view.idOf("SIM01001"));
  // The real-time tile and the history chart's property choice (issue 40: "Y 轴倾角" on the English page).
  await expect(view.tile("angleY")).toContainText(seededName("Y 轴倾角"));
  await expect(view.tile("angleY")).toContainText("Y-axis tilt");
  await expect(page.getByTestId("realtime")).not.toContainText("倾角");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/device-properties-en.png` });
  await ctx.close();
});

test("in English, an alarm's text names its property in English (issue 40)", async ({ browser, baseURL }) => {
  test.slow();
  const ctx = await contextFor(browser, baseURL!, { lang: "en" });
  const page = await ctx.newPage();
  await signInDemo(page);
  await new ShellPage(page).chooseProject("滨江花园二期基坑监测");
  const alarms = new ResourcePageObject(page);
  await alarms.open("/alarm/alarmCenter");
  // The seeded settlement alarm at 63.2 mm: "沉降量 = 63.2 (∉ [-60, 60])" on a Chinese page.
  await alarms.search("Settlement over limit");
  await alarms.row("63.2").first().getByText("Settlement over limit").click();
  await expect(page).toHaveURL(/alarmCenterInfo\?id=\d+/);
  await expect(page.getByText(/Settlement = 63\.2 \(∉ \[-60, 60\]\)/)).toBeVisible();
  await expect(page.getByText(/沉降量 =/)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarm-content-en.png` });
  await ctx.close();
});
