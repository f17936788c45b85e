import { expect, test } from "@playwright/test";
import { ResourcePageObject } from "./pages/resource-page";
import { ShellPage } from "./pages/shell-page";
import { SystemOrgPage, superadminApi } from "./pages/system-org-page";

// One database for the file: a tenant made through the API, then its administrator builds a
// department, a group, a role and a user in the browser, and the user sees exactly the role's menus.
test.describe.configure({ mode: "serial" });

// A tag of its own per attempt: a retry (a new worker) makes a fresh tenant instead of meeting the first attempt's.
const RUN = process.env.E2E_RUN_TAG ?? Math.random().toString(36).slice(2, 6);
const TENANT = { name: `组织测试租户${RUN}`, code: `org_tenant${RUN}`, username: `orgadmin01${RUN}`, password: "Org@Admin2026" };
const ADMIN_NEXT = "Org@Admin2027";
const DEPT = `研发部${RUN}`;
const GROUP = `值班组${RUN}`;
const ROLE = { name: `项目设备员${RUN}`, code: `prj_dev${RUN}` };
const USER = { username: `orguser01${RUN}`, realname: "组织用户", password: "Org@User2026", next: "Org@User2027", reset: "Org@Reset2028" };

let tenantId = 0;
let adminPassword = TENANT.password;
let userPassword = USER.password;

test.beforeAll(async ({ baseURL }) => {
  const api = await superadminApi(baseURL!);
  const res = await api.post("/api/sys/tenant/add", { data: { name: TENANT.name, code: TENANT.code, username: TENANT.username, password: TENANT.password, confirmPassword: TENANT.password } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  tenantId = body.data.id;
  await api.dispose();
});

test("the tenant administrator builds a department, a group, a role and a user", async ({ page }) => {
  test.slow();
  const org = new SystemOrgPage(page);
  adminPassword = await org.signIn(tenantId, TENANT.username, adminPassword, ADMIN_NEXT);
  const list = new ResourcePageObject(page);

  // Department under the company root (the root itself has no buttons).
  await page.goto("/systemSet/departmentSet");
  await expect(org.treeRow(TENANT.name)).toBeVisible({ timeout: 30_000 });
  await expect(org.treeRow(TENANT.name).locator("button[data-action]")).toHaveCount(0);
  await page.getByTestId("toolbar").locator('[data-action="add"]').click();
  await expect(list.dialog("create")).toBeVisible();
  await list.fill("departmentName", DEPT);
  await list.submit("create");
  await expect(list.dialog("create")).toBeHidden();
  await expect(org.treeRow(DEPT)).toBeVisible();

  // A user group.
  await list.open("/systemSet/groupSet");
  await list.toolbarButton("add").click();
  await list.fill("groupName", GROUP);
  await list.submit("create");
  await expect(list.dialog("create")).toBeHidden();
  await expect(list.row(GROUP)).toBeVisible();

  // A role with the Projects and Devices entries.
  await list.open("/systemSet/roleSet");
  await list.toolbarButton("add").click();
  await list.fill("name", ROLE.name);
  await list.fill("code", ROLE.code);
  await list.submit("create");
  await expect(list.dialog("create")).toBeHidden();
  await list.rowAction(ROLE.name, "auth");
  await expect(page.getByTestId("role-auth-dialog")).toBeVisible();
  await org.tickMenu("项目管理");
  await org.tickMenu("设备列表");
  await page.getByTestId("role-auth-save").click();
  await expect(page.getByTestId("role-auth-dialog")).toBeHidden();

  // A user in that department with that role.
  await list.open("/systemSet/userSet");
  await list.toolbarButton("add").click();
  await list.fill("username", USER.username);
  await list.fill("realname", USER.realname);
  await org.pickTreeNode("field-departmentId", DEPT);
  await page.locator("#field-roleIds").click();
  await page.getByRole("option", { name: ROLE.name }).click();
  await page.keyboard.press("Escape");
  await list.fill("password", USER.password);
  await list.submit("create");
  await expect(list.dialog("create")).toBeHidden();
  await expect(list.row(USER.username)).toContainText(ROLE.name);
  // The department on the user's page: the list's department column gives way at this width (issue 40's drop orders).
  await list.row(USER.username).getByRole("link", { name: USER.username }).click();
  await expect(page.getByTestId("detail-rows").getByText(DEPT, { exact: true })).toBeVisible();
});

test("the new user sees exactly the role's menu entries", async ({ page }) => {
  const org = new SystemOrgPage(page);
  userPassword = await org.signIn(tenantId, USER.username, userPassword, USER.next);
  const paths = await new ShellPage(page).entryPaths();
  expect(paths.filter((p) => p !== "/home")).toEqual(["/projects/project", "/devices/device"]);
});

test("the administrator resets the user's password, which then signs in", async ({ page }) => {
  const org = new SystemOrgPage(page);
  await org.signIn(tenantId, TENANT.username, adminPassword);
  const list = new ResourcePageObject(page);
  await list.open("/systemSet/userSet");
  await list.rowAction(USER.username, "resetPwd");
  const dialog = page.getByRole("dialog");
  await dialog.locator("#pwd-new").fill(USER.reset);
  await dialog.locator("#pwd-confirm").fill(USER.reset);
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();

  await org.signOut();
  await org.signIn(tenantId, USER.username, USER.reset);
});

test("the user list reads in English", async ({ page, baseURL }) => {
  const org = new SystemOrgPage(page);
  await org.signIn(tenantId, TENANT.username, adminPassword);
  const res = await page.request.post("/api/locale", { data: { locale: "en" }, headers: { origin: baseURL! } });
  expect(res.ok()).toBe(true);
  const list = new ResourcePageObject(page);
  await list.open("/systemSet/userSet");
  await expect(page.getByTestId("data-table").getByRole("columnheader", { name: "Account" })).toBeVisible();
  await expect(page.getByTestId("department-filter").getByPlaceholder("Search departments")).toBeVisible();
  await expect(list.row(USER.username)).toContainText(ROLE.name);
});
