import { expect, type Locator, type Page } from "@playwright/test";
import { DeviceViewPage } from "./device-view-page";

/** The device page's Control card: the linkage pad as an operator drives it. */
export class LinkagePadPage extends DeviceViewPage {
  constructor(page: Page) {
    super(page);
  }

  pad(): Locator {
    return this.section("control").getByTestId("linkage-pad");
  }

  button(dir: "up" | "down" | "left" | "right" | "stream"): Locator {
    return this.pad().locator(`[data-dir="${dir}"]`);
  }

  /** Holds a direction with the mouse for `ms`, then lets go. */
  async hold(dir: "up" | "down" | "left" | "right", ms: number) {
    await this.button(dir).hover();
    await this.page.mouse.down();
    await this.page.waitForTimeout(ms);
    await this.page.mouse.up();
  }

  /**
   * Tries until the device answers: the simulator loses one command in seven on purpose, and a
   * lost release is swallowed by the pad (widgets §8), so the operator simply tries again.
   */
  async untilAnswered(act: () => Promise<void>, answer: Locator, text: RegExp) {
    await expect(async () => {
      await act();
      await expect(answer).toHaveText(text, { timeout: 7_000 });
    }).toPass({ timeout: 60_000 });
  }
}
