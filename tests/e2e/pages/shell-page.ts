import { expect, type Locator, type Page } from "@playwright/test";
import { seededName } from "./seeded";

/** The console shell as a user sees it: side menu, header, tab bar, palette. */
export class ShellPage {
  constructor(readonly page: Page) {}

  menu() {
    return this.page.getByTestId("side-menu");
  }

  /** Hydrated: the menu, tabs and header respond to clicks and keys. */
  async ready() {
    await expect(this.menu()).toHaveAttribute("data-ready", "true", { timeout: 90_000 });
  }

  entry(path: string): Locator {
    return this.menu().locator(`[data-testid=menu-entry][data-path="${path}"]`);
  }

  /** Top-level menu labels in order (folders and entries, home first). */
  async topLevel(): Promise<string[]> {
    return this.menu().locator("nav > ul > li > [data-menu-item]").allInnerTexts();
  }

  /** Opens every folder; returns the entry paths in menu order (home first). */
  async entryPaths(): Promise<string[]> {
    const closed = this.menu().locator("[data-testid=menu-folder][aria-expanded=false]");
    for (let i = 0; (await closed.count()) && i < 100; i++) await closed.first().click();
    return this.menu().getByTestId("menu-entry").evaluateAll((els) => els.map((e) => e.getAttribute("data-path") ?? ""));
  }

  /** Opens folders until the entry shows, then clicks it. */
  async openEntry(path: string) {
    const entry = this.entry(path);
    for (let i = 0; !(await entry.isVisible()) && i < 40; i++) {
      const closed = this.menu().locator("[data-testid=menu-folder][aria-expanded=false]").first();
      if (!(await closed.count())) break;
      await closed.click();
    }
    await entry.click();
  }

  tabs() {
    return this.page.getByTestId("tab");
  }

  tab(path: string) {
    return this.page.locator(`[data-testid=tab][data-path="${path}"]`);
  }

  async tabPaths(): Promise<string[]> {
    return this.tabs().evaluateAll((els) => els.map((e) => e.getAttribute("data-path") ?? ""));
  }

  async tabAction(path: string, action: "close" | "closeOthers" | "closeRight" | "closeAll") {
    // A right-click before the menu's code has arrived opens the menu once it does (`useDeferredContextMenu`).
    await this.tab(path).click({ button: "right" });
    await this.page.getByTestId(`tab-${action}`).click();
  }

  /** Chooses a project by its name (a seeded project's Chinese name finds it in either language). */
  async chooseProject(name: string) {
    const shown = seededName(name);
    const option = this.page.getByTestId("project-option").filter({ hasText: shown });
    // On a loaded machine a click can come before the header has hydrated, and is lost (three runs waited out their
    // whole time for the option): open the menu again until the project is in it.
    await expect(async () => {
      if (!(await option.isVisible())) await this.page.getByTestId("project-selector").click();
      await expect(option).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await option.click();
    await expect(this.page.getByTestId("project-selector")).toContainText(shown);
  }

  async switchLanguage(locale: "zh-cn" | "en") {
    await this.page.getByTestId("language-switch").click();
    await this.page.getByTestId(`language-${locale}`).click();
  }

  count(kind: "todo" | "messages") {
    return this.page.getByTestId(`inbox-${kind}-count`);
  }

  async palette(query: string) {
    await this.page.keyboard.press("ControlOrMeta+k");
    await expect(this.page.getByTestId("palette")).toBeVisible();
    await this.page.keyboard.type(query);
  }
}
