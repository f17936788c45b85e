import { expect, test } from "@playwright/test";
import { MonitoringPage } from "./pages/monitoring-page";
import { ResourcePageObject } from "./pages/resource-page";
import { LayoutPage, contextFor, signInDemo, signInSuper } from "./pages/layout-page";

/** Phones and tablets (issue 22): drawer menu, condensed header, tables that scroll with their first column kept, full-screen dialogs, monitoring charts. */
const SIZES = [
  { name: "phone", width: 390, height: 844, drawer: true },
  { name: "tablet", width: 768, height: 1024, drawer: false },
] as const;

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test("login fits the screen", async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, size);
      const page = await ctx.newPage();
      const layout = new LayoutPage(page);
      await page.goto("/login");
      await expect(page.locator("#username:visible")).toBeVisible();
      expect(await layout.inViewport("form button[type=submit]")).toBe(true);
      expect(await layout.pageOverflowX()).toBeLessThanOrEqual(0);
      await ctx.close();
    });

    test("home: menu, header and popovers are reachable", async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, size);
      const page = await ctx.newPage();
      const layout = new LayoutPage(page);
      await signInDemo(page);
      await layout.settled();
      expect(await layout.pageOverflowX()).toBeLessThanOrEqual(0);
      for (const id of ["project-selector", "inbox-todo", "inbox-messages", "user-menu"]) expect(await layout.inViewport(`[data-testid=${id}]`), id).toBe(true);
      if (size.drawer) {
        // The side menu gives way to a drawer, closed by default.
        await expect(page.getByTestId("side-menu")).toBeHidden();
        await expect(layout.drawer()).toHaveCount(0);
        await layout.drawerTrigger().click();
        await expect(layout.drawer()).toBeVisible();
        const folder = layout.drawer().locator("[data-testid=menu-folder][aria-expanded=false]").first();
        const entry = layout.drawer().locator('[data-testid=menu-entry][data-path="/projects/project"]');
        for (let i = 0; !(await entry.isVisible()) && i < 20 && (await folder.count()); i++) await folder.click();
        await entry.click();
        // It closes on navigation.
        await expect(page).toHaveURL(/\/projects\/project/);
        await expect(layout.drawer()).toHaveCount(0);
        // Theme and language live in the user menu on a phone.
        await page.getByTestId("user-menu").click();
        await expect(page.getByTestId("user-theme")).toBeVisible();
        await expect(page.getByTestId("user-language")).toBeVisible();
        await page.keyboard.press("Escape");
      } else {
        await expect(page.getByTestId("side-menu")).toBeVisible();
        await expect(layout.drawerTrigger()).toBeHidden();
      }
      // The to-do popover opens inside the screen.
      await page.getByTestId("inbox-todo").click();
      await expect(page.getByTestId("inbox-todo-panel")).toBeVisible();
      expect(await layout.inViewport("[data-testid=inbox-todo-panel]")).toBe(true);
      await page.keyboard.press("Escape");
      // So does the project selector.
      await page.getByTestId("project-selector").click();
      await expect(page.getByTestId("project-option").first()).toBeVisible();
      expect(await layout.inViewport("[data-testid=project-option]")).toBe(true);
      await ctx.close();
    });

    test("lists scroll inside their table and keep the first column", async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, size);
      const page = await ctx.newPage();
      const layout = new LayoutPage(page);
      const list = new ResourcePageObject(page);
      await signInSuper(page);
      for (const path of ["/systemSet/userSet", "/projects/project"]) {
        await list.open(path);
        await expect(page.getByTestId("data-table")).toBeVisible();
        expect(await layout.pageOverflowX(), path).toBeLessThanOrEqual(0);
      }
      // The tenant list has more columns than a phone is wide.
      await list.open("/systemSet/tenantSet");
      const scroller = page.locator("[data-testid=data-table] > div").first();
      const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (size.drawer) {
        expect(wide).toBe(true);
        const first = page.locator("[data-testid=data-table] tbody tr").first().locator("td[data-pinned=first]");
        await expect(first).toHaveCSS("position", "sticky");
        const before = (await first.boundingBox())!.x;
        await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
        await expect.poll(async () => (await first.boundingBox())!.x).toBe(before);
        // The kept column casts its edge over the scrolled content.
        await expect(page.locator("[data-testid=data-table] thead th[data-pinned=first]")).toHaveClass(/max-md:shadow/);
      } else {
        // On a tablet the table says it scrolls: the pinned actions column casts its edge over the
        // content running under it, or (a box too narrow to pin it) the right edge fades.
        if (wide) await expect(page.locator("[data-testid=data-table] thead th[data-pinned=right][class*=shadow-], [data-testid=table-scroll-hint]").first()).toBeVisible();
      }
      await ctx.close();
    });

    test("a monitoring chart: its header wraps inside the screen, the chart fits", async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, size);
      const page = await ctx.newPage();
      const layout = new LayoutPage(page);
      const screen = new MonitoringPage(page);
      await signInDemo(page);
      await screen.open("settlement");
      expect(await layout.pageOverflowX()).toBeLessThanOrEqual(0);
      // Every control of the chart's header row (title, selects, dates, quick ranges, buttons) ends inside the screen.
      const rights = await screen
        .chart()
        .locator("[data-slot=card-header] button, [data-slot=card-header] input, [data-slot=card-header] [data-slot=card-title]")
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
      expect(rights.length).toBeGreaterThan(4);
      expect(Math.max(...rights)).toBeLessThanOrEqual(size.width);
      expect(await layout.inViewport("[data-testid=monitor-export]")).toBe(true);
      const canvas = (await screen.chart().locator("canvas").first().boundingBox())!;
      expect(canvas.x + canvas.width).toBeLessThanOrEqual(size.width);
      // The ranges ending now still work there.
      await screen.span("7d");
      await ctx.close();
    });

    test("a dialog is a full-screen sheet on a phone with its form in one column", async ({ browser, baseURL }) => {
      const ctx = await contextFor(browser, baseURL!, size);
      const page = await ctx.newPage();
      const list = new ResourcePageObject(page);
      await signInDemo(page);
      await list.open("/projects/project");
      const add = page.locator("button[data-action=add]");
      await add.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      if (size.drawer) {
        expect(Math.round(box.x)).toBe(0);
        expect(Math.round(box.width)).toBe(size.width);
        expect(Math.round(box.height)).toBe(size.height);
      } else {
        expect(box.width).toBeLessThan(size.width);
      }
      // Below sm the form stacks: every field starts at the same x.
      if (size.width < 640) {
        const xs = await dialog.locator("[data-field]").evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => Math.round(e.getBoundingClientRect().x)));
        expect(xs.length).toBeGreaterThan(1);
        expect(new Set(xs).size).toBe(1);
      }
      // Esc closes it and gives the focus back to the button that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(add).toBeFocused();
      await ctx.close();
    });
  });
}
