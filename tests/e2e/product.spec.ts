import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";

/**
 * Product configuration (issue 14): a product made through the form, three functions written in
 * the function editor (one a struct), its TDL exported and imported into a second product, which
 * then has the same functions — in both languages.
 */
test.describe.configure({ mode: "serial" });

const RUN = Math.random().toString(36).slice(2, 6).toUpperCase();

const TEXT = {
  "zh-cn": { device: "直连设备", secret: "密钥认证", category: "结构监测传感器", net: "MQTT", format: "JSON", event: "事件", alarm: "告警", struct: "struct（结构体）", imported: "已导入 3 个功能", tab: "功能定义" },
  en: { device: "Device", secret: "Secret key", category: "Structural sensors", net: "MQTT", format: "JSON", event: "Event", alarm: "Alarm", struct: "struct (structure)", imported: "3 function(s) imported", tab: "Functions" },
} as const;

async function openFunctions(page: Page, id: number, tab: string) {
  await page.goto(`/productSet/productInfo?id=${id}`);
  await page.getByTestId("detail-tab-functions").click();
  await expect(page.getByTestId("detail-tab-functions")).toContainText(tab);
  const list = new ResourcePageObject(page);
  await list.waitIdle();
  return list;
}

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];
  const SOURCE = `E2E 倾角仪 ${locale} ${RUN}`;

  test(`${locale}: a product, three functions (one struct), TDL out of one product and into another`, async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);

    // The product, through the form.
    const products = new ResourcePageObject(page);
    await products.open("/productSet/product");
    await products.toolbarButton("add").click();
    await products.fill("prodName", SOURCE);
    await products.choose("prodCategory", T.category);
    await products.field("prodType").getByText(T.device, { exact: true }).click();
    await products.choose("netType", T.net);
    await products.choose("dataFormat", T.format);
    await products.field("verifyType").getByText(T.secret, { exact: true }).click();
    await products.submit("create");
    await expect(products.dialog("create")).toBeHidden();
    await products.search(SOURCE);
    await products.row(SOURCE).getByText(SOURCE).click();
    await expect(page).toHaveURL(/productInfo\?id=\d+/);
    const sourceId = Number(new URL(page.url()).searchParams.get("id"));

    const list = await openFunctions(page, sourceId, T.tab);
    // 1. A float property with a range and unit.
    await list.toolbarButton("add").click();
    await list.fill("funcName", "X 轴倾角");
    await list.fill("identifier", "angleX");
    await page.getByTestId("dataType.min").fill("5");
    await page.getByTestId("dataType.max").fill("-5");
    await list.submit("create");
    await expect(page.locator('[data-error-for="dataType.max"]')).toBeVisible();
    await page.getByTestId("dataType.min").fill("-30");
    await page.getByTestId("dataType.max").fill("30");
    await page.getByTestId("dataType.unit").fill("°");
    await list.submit("create");
    await expect(list.dialog("create")).toBeHidden();

    // 2. An alarm event with one output parameter.
    await list.toolbarButton("add").click();
    await list.fill("funcName", "倾角超限");
    await list.fill("identifier", "overLimit");
    await list.field("funcType").getByText(T.event, { exact: true }).click();
    await list.field("eventType").getByText(T.alarm, { exact: true }).click();
    await page.getByTestId("add-outputParams").click();
    await page.getByTestId("outputParams.0.identifier").fill("angle");
    await page.getByTestId("outputParams.0.name").fill("倾角");
    await page.getByTestId("outputParams.0.dataType.min").fill("-30");
    await page.getByTestId("outputParams.0.dataType.max").fill("30");
    await list.submit("create");
    await expect(list.dialog("create")).toBeHidden();

    // 3. A struct property with two members.
    await list.toolbarButton("add").click();
    await list.fill("funcName", "位置");
    await list.fill("identifier", "position");
    await list.field("dataType").getByRole("combobox").first().click();
    await page.getByRole("option", { name: T.struct }).click();
    for (const [i, id] of ["x", "y"].entries()) {
      await page.getByTestId("add-dataType.members").click();
      await page.getByTestId(`dataType.members.${i}.identifier`).fill(id);
      await page.getByTestId(`dataType.members.${i}.name`).fill(id.toUpperCase());
      await page.getByTestId(`dataType.members.${i}.dataType.min`).fill("-1000");
      await page.getByTestId(`dataType.members.${i}.dataType.max`).fill("1000");
    }
    await list.submit("create");
    await expect(list.dialog("create")).toBeHidden();
    for (const id of ["angleX", "overLimit", "position"]) await expect(list.row(id)).toHaveCount(1);
    // The tab counts them (read again from the product as they are added).
    await expect(page.getByTestId("detail-tab-functions")).toContainText(`${T.tab}(3)`);

    // Export its TDL.
    const [download] = await Promise.all([page.waitForEvent("download"), list.toolbarButton("exportTdl").click()]);
    const file = testInfo.outputPath(`tdl-${locale}.json`);
    await download.saveAs(file);
    const doc = JSON.parse(readFileSync(file, "utf8"));
    expect(doc.functions.map((f: { identifier: string }) => f.identifier)).toEqual(["angleX", "overLimit", "position"]);

    // Import it into a second product: the same functions.
    const made = await page.request.post("/api/device/product/add", {
      data: { prodName: `E2E 目标 ${locale} ${RUN}`, prodCategory: "structural", prodType: "device", netType: "mqtt", dataFormat: "json", verifyType: "secret", activeCycle: 30 },
    });
    const target = (await made.json()).data.id as number;
    const imported = await openFunctions(page, target, T.tab);
    await page.getByTestId("tdl-file").setInputFiles(file);
    await expect(page.getByText(T.imported)).toBeVisible();
    await imported.waitIdle();
    for (const id of ["angleX", "overLimit", "position"]) await expect(imported.row(id)).toHaveCount(1);
    await expect(page.getByTestId("detail-tab-functions")).toContainText(`${T.tab}(3)`);
    const fns = async (id: number) =>
      ((await (await page.request.get(`/api/device/prodFunction/list?productId=${id}`)).json()).data as Record<string, unknown>[]).map(({ id: _i, createTime: _c, productId: _p, ...f }) => f);
    expect(await fns(target)).toEqual(await fns(sourceId));

    // The same file again: every identifier is taken, nothing is added.
    await page.getByTestId("tdl-file").setInputFiles(file);
    await expect(page.getByText(/angleX, overLimit, position/)).toBeVisible();
  });
}
