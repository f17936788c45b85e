import { expect, type Page } from "@playwright/test";
import type { ShellPage } from "./shell-page";

/** A data screen (globalDataScreen, globalDataScreen1) in its own browser tab. */
export class DataScreenPage {
  constructor(readonly page: Page) {}

  /** Clicks the screen's menu entry in the console and takes the tab it opens. */
  static async fromMenu(shell: ShellPage, path: string): Promise<DataScreenPage> {
    const opened = shell.page.context().waitForEvent("page");
    await shell.openEntry(path);
    const page = await opened;
    await page.waitForLoadState("domcontentloaded");
    return new DataScreenPage(page);
  }

  frame() {
    return this.page.getByTestId("data-screen");
  }

  /** The frame is up and the first answers arrived. */
  async ready() {
    await expect(this.frame()).toBeVisible({ timeout: 90_000 });
    await expect(this.live()).toBeVisible({ timeout: 60_000 });
  }

  title() {
    return this.frame().getByRole("heading", { level: 1 });
  }

  project() {
    return this.page.getByTestId("screen-project");
  }

  live() {
    return this.page.getByTestId("screen-live");
  }

  reconnecting() {
    return this.page.getByTestId("screen-reconnecting");
  }

  panel(name: string) {
    return this.page.getByTestId(`panel-${name}`);
  }

  kpi(name: string) {
    return this.page.getByTestId(`kpi-${name}`);
  }

  /** Makes the screen's live calls fail as a dropped network would, until `restore`. */
  async dropNetwork() {
    await this.page.route("**/api/stat/monitorScreen/**", (route) => route.abort("internetdisconnected"));
  }

  async restore() {
    await this.page.unroute("**/api/stat/monitorScreen/**");
  }

  async switchLanguage(locale: "zh-cn" | "en") {
    await this.page.getByTestId("language-switch").click();
    await this.page.getByTestId(`language-${locale}`).click();
  }

  async shot(dir: string, name: string) {
    await this.page.screenshot({ path: `${dir}/${name}.png` });
  }
}
