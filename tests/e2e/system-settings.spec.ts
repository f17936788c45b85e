import { expect, test, type Page } from "@playwright/test";
import { LoginPage, loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";
import { SettingsPageObject } from "./pages/settings-page";
import { expectRowInDocument } from "./pages/served-row";

// One database for the file: the tenant created first is looked at next; policy and colour
// changes are made and undone in order.
test.describe.configure({ mode: "serial" });

const SUPER = { username: "superadmin", password: process.env.SUPERADMIN_PASSWORD ?? "Super@2026" };
const RUN = process.env.E2E_RUN_TAG ?? ""; // lets a rerun on a kept database create a fresh tenant
/** A contract running now (the cloud refuses logins outside it), whatever day the suite runs. */
const YEAR = new Date().getFullYear();
const CONTRACT = { start: `${YEAR - 1}-01-01`, end: `${YEAR + 1}-12-31` };
const TENANT = { name: `E2E 测试租户${RUN}`, code: `e2e_tenant${RUN}`, username: `e2eadmin01${RUN}`, password: "e2eAdmin2026", contact: "测试联系人", phone: "13912345678" };

async function signInSuper(page: Page) {
  const login = new LoginPage(page);
  await login.open();
  await login.submit(SUPER.username, SUPER.password);
  await expect(page).toHaveURL(/\/home$/);
}

async function signInDemo(page: Page) {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/);
}

const primary = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim().toLowerCase());

test("the platform creates a tenant and its administrator from the tenant screen", async ({ page }) => {
  test.slow();
  await signInSuper(page);
  const list = new ResourcePageObject(page);
  await list.open("/systemSet/tenantSet");
  await expect(page.getByTestId("tenant-stats")).toBeVisible();

  await list.toolbarButton("add").click();
  await expect(list.dialog("create")).toBeVisible();
  // Contract dates the wrong way round are refused before anything is sent.
  await list.fill("name", TENANT.name);
  await list.fill("code", TENANT.code);
  await list.fill("contact", TENANT.contact);
  await list.fill("contactPhone", TENANT.phone);
  // An end before the start is refused first.
  await list.field("contractStart").locator("input").first().fill(CONTRACT.start);
  await list.field("contractStart").locator("input").nth(1).fill(`${YEAR - 2}-12-31`);
  await list.fill("username", TENANT.username);
  await list.fill("password", TENANT.password);
  await list.fill("confirmPassword", TENANT.password);
  await list.submit("create");
  await expect(list.fieldError("contractStart")).toBeVisible();
  await list.field("contractStart").locator("input").nth(1).fill(CONTRACT.end);
  await list.submit("create");
  await expect(list.dialog("create")).toBeHidden({ timeout: 20_000 });

  await list.search(TENANT.name);
  const row = list.row(TENANT.name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(TENANT.code);
  await expect(row).toContainText(TENANT.username);

  await row.getByTestId("tenant-link").click();
  await expect(page).toHaveURL(/\/systemSet\/tenantInfo\?id=\d+/);
  await expectRowInDocument(page);
  await expect(page.getByTestId("page-title").filter({ visible: true })).toHaveText(TENANT.name);
  await expect(page.getByTestId("tenant-info")).toContainText(TENANT.username);
  await expect(page.getByTestId("tenant-info")).toContainText(CONTRACT.end);

  // The new administrator can sign in to the new tenant.
  const id = new URL(page.url()).searchParams.get("id");
  const other = await page.context().browser()!.newContext();
  const admin = await other.newPage();
  const login = new LoginPage(admin);
  await login.open(`?tId=${id}`);
  await login.submit(TENANT.username, TENANT.password);
  // A new tenant starts with the default policy: its administrator must change the password first.
  await expect(admin.locator("#new-password")).toBeVisible();
  await other.close();
});

test("a tenant administrator sets the policy to high and weak passwords are refused with the reason", async ({ page }) => {
  test.slow();
  await signInDemo(page);
  const settings = new SettingsPageObject(page);
  await settings.open("/systemSet/pwdMode");

  await settings.card("pwd-complexity").locator('[data-value="high"]').click();
  await expect(settings.card("pwd-complexity").getByTestId("password-policy")).toContainText("10");
  // The live preview checks with the cloud's own rules and lists each failed rule.
  await settings.card("pwd-complexity").locator("#pwd-preview-sample").fill("abc12345");
  const failures = page.getByTestId("pwd-preview-failures");
  await expect(failures).toContainText("密码长度不能少于 10 位");
  await expect(failures).toContainText("特殊字符");
  await settings.card("pwd-complexity").locator("#pwd-preview-username").fill("demoadmin");
  await settings.card("pwd-complexity").locator("#pwd-preview-sample").fill("demoadmin#2026");
  await expect(failures).toContainText("不能包含账号");
  await settings.card("pwd-complexity").locator("#pwd-preview-sample").fill("Strong#Pass2026");
  await expect(page.getByTestId("pwd-preview-ok")).toBeVisible();
  const saved = await settings.save("pwd-complexity");
  expect((await saved.json()).code).toBe(200);

  // The cloud refuses a weak initial password under the new policy and says why.
  await settings.fill("pwd-init", "password", "abc12345");
  const refused = await settings.save("pwd-init");
  const body = await refused.json();
  expect(body.code).not.toBe(200);
  await expect(settings.card("pwd-init")).toContainText(body.msg);
  await expect(settings.card("pwd-init")).toContainText("特殊字符");

  // Notifying the password forces the change at first login, and the switch says so.
  await settings.fill("pwd-init", "password", "");
  await page.getByTestId("pwd-init-notify").click();
  await expect(page.getByTestId("pwd-init-force")).toBeChecked();
  await expect(page.getByTestId("pwd-init-force")).toBeDisabled();

  // A real reset on the user screen: long enough and with a special character, so the dialog's
  // own check passes, but it contains the account name — the cloud refuses and says why.
  const users = new ResourcePageObject(page);
  await users.open("/systemSet/userSet");
  await users.search("operator01");
  await users.rowAction("operator01", "resetPwd");
  await page.locator("#pwd-new").fill("operator01#Ab");
  await page.locator("#pwd-confirm").fill("operator01#Ab");
  const reset = page.waitForResponse((r) => r.url().includes("/api/sys/user/updUserPwd"));
  await page.getByRole("dialog").locator('button[type="submit"]').click();
  const answer = await (await reset).json();
  expect(answer.code).not.toBe(200);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "不能包含账号" })).toBeVisible();
  await page.keyboard.press("Escape");

  // After a reload the stored policy is "high".
  await settings.open("/systemSet/pwdMode");
  await expect(settings.card("pwd-complexity").locator('[data-value="high"]')).toBeChecked();

  // Back to the seeded template so later suites see the usual policy.
  await settings.card("pwd-complexity").locator('[data-value="common"]').click();
  expect((await (await settings.save("pwd-complexity")).json()).code).toBe(200);
});

test("the skin colour is validated, shown in the preview and followed by the shell", async ({ page }) => {
  test.slow();
  await signInDemo(page);
  const settings = new SettingsPageObject(page);
  await settings.open("/systemSet/companyColor");
  const before = await primary(page);

  await settings.fill("company-color", "skinColor", "#12");
  // Refused in the browser: nothing is sent.
  await page.getByTestId("company-color-save").click();
  await expect(settings.fieldError("company-color", "skinColor")).toHaveText("错误的 hex 颜色值");
  await settings.fill("company-color", "skinColor", "rgb(300, 0, 0)");
  await page.getByTestId("company-color-save").click();
  await expect(settings.fieldError("company-color", "skinColor")).toHaveText("错误的 rgb 颜色值");

  await settings.fill("company-color", "skinColor", "rgb(19, 194, 194)");
  await expect(page.getByTestId("color-preview")).toHaveAttribute("data-color", "#13c2c2");
  expect((await (await settings.save("company-color")).json()).code).toBe(200);
  await expect.poll(() => primary(page), { timeout: 20_000 }).toBe("#13c2c2");
  // A new page load renders the colour on the server.
  await page.goto("/home");
  await expect.poll(() => primary(page)).toBe("#13c2c2");

  await settings.open("/systemSet/companyColor");
  await settings.fill("company-color", "skinColor", before);
  expect((await (await settings.save("company-color")).json()).code).toBe(200);
  await expect.poll(() => primary(page), { timeout: 20_000 }).toBe(before);
});

test("in English the settings screens speak English", async ({ page }) => {
  await signInDemo(page);
  await page.evaluate(() => fetch("/api/locale", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ locale: "en" }) }));
  const settings = new SettingsPageObject(page);
  await settings.open("/systemSet/pwdMode");
  await expect(page.getByTestId("page-title").filter({ visible: true })).toHaveText("Password policy");
  await expect(settings.card("pwd-complexity")).toContainText("Password complexity");
  await settings.card("pwd-complexity").locator("#pwd-preview-sample").fill("abc");
  await expect(page.getByTestId("pwd-preview-failures")).toContainText("At least 8 characters");
  await settings.open("/systemSet/companyColor");
  await settings.fill("company-color", "skinColor", "#GGGGGG");
  await page.getByTestId("company-color-save").click();
  await expect(settings.fieldError("company-color", "skinColor")).toHaveText("Wrong hex colour value");
});
