import { readFileSync } from "node:fs";
import { expect, type Download, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** /reportTemplate, /editTemplate, /reportPlan, /reportList: the report screens, the block palette and the list's dialogs. */
export class ReportPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  /** Picks the first point of the palette and inserts a block of `kind` (its label) with a warning value. */
  async insertBlock(kindLabel: string, warn: string) {
    const palette = this.page.getByTestId("block-palette");
    await palette.getByRole("combobox").first().click();
    await this.page.getByRole("option", { name: kindLabel, exact: true }).click();
    const points = palette.locator("#block-points");
    if ((await points.textContent())?.trim() === "" || !(await palette.getByTestId("block-insert").isEnabled())) {
      await points.click();
      await this.page.getByRole("option").first().click();
      await this.page.keyboard.press("Escape");
    }
    await palette.locator("#block-warn").fill(warn);
    await palette.getByTestId("block-insert").click();
  }

  /**
   * Inserts a site block of `kind` (its label): an inclinometer profile of the palette's first string (`#block-strings`),
   * the point layout of its first scene (`#block-scene`), or the robot inspections (nothing to pick).
   */
  async insertSiteBlock(kindLabel: string, pick?: "#block-strings" | "#block-scene") {
    const palette = this.page.getByTestId("block-palette");
    await palette.getByRole("combobox").first().click();
    await this.page.getByRole("option", { name: kindLabel, exact: true }).click();
    if (pick) {
      await palette.locator(pick).click();
      await this.page.getByRole("option").first().click();
      if (pick === "#block-strings") await this.page.keyboard.press("Escape");
    }
    await expect(palette.getByTestId("block-insert")).toBeEnabled();
    await palette.getByTestId("block-insert").click();
  }

  /** Runs `click` and answers the download's bytes. */
  async downloadOf(click: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
    const [download]: [Download, unknown] = await Promise.all([this.page.waitForEvent("download"), click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  }

  async waitGenerated(name: string, generated: string) {
    await expect(this.row(name).first()).toContainText(generated, { timeout: 120_000 });
  }
}
