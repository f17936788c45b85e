import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";
import { operatorPaths, tenantMenuTree, type MenuSeed } from "../../cloud/seed/menu-tree";

const seedPaths = (nodes: MenuSeed[]): string[] => nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...seedPaths(n.children ?? [])]);

// One database for the whole file: tests that change state (read messages, project) run in order.
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, who: "demoadmin" | "operator01" = "demoadmin") {
  await loginAs(page, who);
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
  const shell = new ShellPage(page);
  await shell.ready();
  return shell;
}

const FIVE = ["/projects/project", "/systemSet/userSet", "/systemSet/roleSet", "/systemSet/departmentSet", "/systemSet/dictSet"];

async function openFive(page: Page, shell: ShellPage) {
  for (const path of FIVE) {
    await shell.openEntry(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 60_000 });
    await expect(shell.tab(path)).toBeVisible();
  }
}

test("the menu is the seeded tree for demoadmin and smaller for operator01", async ({ page, browser }) => {
  test.slow(); // two sign-ins and every folder opened
  const admin = await signIn(page);
  expect(await admin.topLevel()).toEqual(["首页", ...tenantMenuTree.map((n) => n.name)]);
  expect(await admin.entryPaths()).toEqual(["/home", ...seedPaths(tenantMenuTree)]);
  await admin.openEntry("/projects/project");
  await expect(admin.entry("/projects/project")).toHaveAttribute("aria-current", "page");

  const other = await browser.newPage();
  const operator = await signIn(other, "operator01");
  const paths = await operator.entryPaths();
  expect(paths.slice(1).sort()).toEqual([...operatorPaths].sort());
  // The robots folder holds the project user's video wall (issue 34), and nothing else of it (the paths above).
  expect(await operator.topLevel()).toContain("巡检机器人");
  await other.close();
});

test("five entries give five tabs; every context-menu action; reload keeps them", async ({ page }) => {
  test.slow(); // five first visits
  const shell = await signIn(page);
  await openFive(page, shell);
  expect(await shell.tabPaths()).toEqual(["/home", ...FIVE]);

  await page.reload();
  await shell.ready();
  await expect(shell.tabs()).toHaveCount(6);
  expect(await shell.tabPaths()).toEqual(["/home", ...FIVE]);

  // Closing the active (last) tab moves to its left neighbour.
  await shell.tabAction("/systemSet/dictSet", "close");
  await expect(page).toHaveURL(/\/systemSet\/departmentSet$/);
  expect(await shell.tabPaths()).toEqual(["/home", ...FIVE.slice(0, 4)]);

  await shell.tabAction("/systemSet/userSet", "closeRight");
  expect(await shell.tabPaths()).toEqual(["/home", "/projects/project", "/systemSet/userSet"]);
  await expect(page).toHaveURL(/\/systemSet\/userSet$/);

  await shell.tabAction("/projects/project", "closeOthers");
  expect(await shell.tabPaths()).toEqual(["/home", "/projects/project"]);
  await expect(page).toHaveURL(/\/projects\/project$/);

  await shell.tabAction("/projects/project", "closeAll");
  expect(await shell.tabPaths()).toEqual(["/home"]);
  await expect(page).toHaveURL(/\/home$/);

  // The keyboard: Delete closes the focused tab.
  await shell.openEntry("/systemSet/userSet");
  await shell.tab("/systemSet/userSet").getByRole("tab").focus();
  await page.keyboard.press("Delete");
  expect(await shell.tabPaths()).toEqual(["/home"]);
});

test("a list page keeps its filter and page when its tab is clicked again", async ({ page }) => {
  const shell = await signIn(page);
  await page.goto("/projects/project?prjName=%E5%9C%B0%E9%93%81&current=1");
  await shell.ready();
  await expect(shell.tab("/projects/project")).toBeVisible();
  await shell.tab("/home").getByRole("tab").click();
  await expect(page).toHaveURL(/\/home$/);
  await shell.tab("/projects/project").getByRole("tab").click();
  await expect(page).toHaveURL(/\/projects\/project\?prjName=%E5%9C%B0%E9%93%81&current=1$/);
});

test("project-required entries warn without a project; data screens open a new tab with tId and projId", async ({ page }) => {
  const shell = await signIn(page);
  await shell.openEntry("/reportList");
  await expect(page.getByText("请选择项目")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await shell.openEntry("/globalDataScreen");
  await expect(page.getByText("请选择项目").first()).toBeVisible();

  await shell.chooseProject("滨江花园二期基坑监测");
  const [popup] = await Promise.all([page.waitForEvent("popup"), shell.entry("/globalDataScreen").click()]);
  expect(popup.url()).toMatch(/\/globalDataScreen\?tId=2&projId=\d+$/);
  await popup.close();
  await expect(shell.tabs()).toHaveCount(1);
});

test("the language switch keeps the tabs", async ({ page }) => {
  const shell = await signIn(page);
  await shell.openEntry("/projects/project");
  await expect(shell.tab("/projects/project")).toHaveText("项目管理");
  await shell.switchLanguage("en");
  await expect(shell.tab("/projects/project")).toHaveText("Projects");
  expect(await shell.tabPaths()).toEqual(["/home", "/projects/project"]);
  await expect(shell.menu()).toContainText("System settings");
  await shell.switchLanguage("zh-cn");
  await expect(shell.tab("/projects/project")).toHaveText("项目管理");
  expect(await shell.tabPaths()).toEqual(["/home", "/projects/project"]);
});

test("the popovers show counts and refresh on the 60 s tick", async ({ page }) => {
  await page.clock.install();
  const shell = await signIn(page);
  // The demo inbox: alarm to-dos and unread messages, which the simulator's alarms can add to, so
  // the badges are compared with what the cloud answers.
  const total = async (path: string) => String((await (await page.request.get(path)).json()).data.total);
  await expect(shell.count("todo")).toHaveText(await total("/api/msg/todo/page?current=1&size=10&todoStatus=1"));
  const unread = Number(await total("/api/msg/station/currUser/page?current=1&size=10&readStatus=0"));
  expect(unread).toBeGreaterThan(1);
  await expect(shell.count("messages")).toHaveText(String(unread));
  await page.getByTestId("inbox-messages").click();
  await expect(page.getByTestId("inbox-item")).toHaveCount(Math.min(unread, 10));
  await page.keyboard.press("Escape");

  // Read one message behind the console's back: the badge follows on the next poll, not before.
  const list = await page.request.get("/api/msg/station/currUser/page?current=1&size=10&readStatus=0");
  const id = (await list.json()).data.records[0].id as number;
  const read = await page.request.post("/api/msg/station/currUser/read", { data: { ids: [id] } });
  expect((await read.json()).code).toBe(200);
  await page.clock.runFor(30_000);
  await expect(shell.count("messages")).toHaveText(String(unread));
  await page.clock.runFor(30_000);
  await expect(shell.count("messages")).toHaveText(await total("/api/msg/station/currUser/page?current=1&size=10&readStatus=0"));

  await page.getByTestId("inbox-messages").click();
  await page.getByTestId("inbox-mark-all").click();
  await expect(shell.count("messages")).toHaveCount(0);
});

test("⌘-K finds an entry by pinyin initials", async ({ page }) => {
  const shell = await signIn(page);
  await shell.palette("yhgl");
  const item = page.getByTestId("palette-item").filter({ hasText: "用户管理" });
  await expect(item).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/systemSet\/userSet$/);
});

test("an entry starred on menuSet is listed under favourites, survives a reload and opens its page", async ({ page }) => {
  const shell = await signIn(page);
  await page.goto("/systemSet/menuSet?name=userSet");
  const star = page.locator("[data-testid^=menu-name-]", { hasText: "用户管理" }).locator("..").locator("[data-testid^=collect-]");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  const favourite = shell.menu().locator('[data-testid=favourite-entry][data-path="/systemSet/userSet"]');
  await expect(favourite).toBeVisible();

  await page.reload();
  await shell.ready();
  await expect(favourite).toBeVisible();
  await favourite.click();
  await expect(page).toHaveURL(/\/systemSet\/userSet$/);

  await page.goto("/systemSet/menuSet?name=userSet");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await expect(shell.menu().getByTestId("favourite-entry")).toHaveCount(0);
});
