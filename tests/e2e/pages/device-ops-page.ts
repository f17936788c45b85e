import { expect, type Page } from "@playwright/test";

/** The online debugging screen as an engineer drives it: pick a device, send it commands, watch the replies. */
export class DebugPageObject {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/debug");
    await expect(this.page.getByTestId("debug-devices")).toBeVisible({ timeout: 30_000 });
  }

  async pick(sn: string) {
    await this.page.getByTestId("debug-device-search").fill(sn);
    await this.page.locator(`[data-testid=debug-devices] button[data-sn="${sn}"]`).click();
    await expect(this.page.getByTestId("debug-device")).toHaveAttribute("data-sn", sn);
  }

  cycle() {
    return this.page.getByTestId("cycle-panel");
  }

  async setCycle(seconds: number) {
    const input = this.cycle().locator("input");
    await input.fill(String(seconds));
    await input.blur();
    await this.cycle().getByTestId("cycle-set").click();
  }

  /** Reboots the device, answering the confirmation. */
  async reboot() {
    await this.page.getByTestId("debug-reboot").click();
    await this.page.getByTestId("confirm-dialog").getByRole("button").last().click();
  }

  /** The status badge of the request just sent (0 waiting, 1 timeout, 2 success, 3 failed). */
  lastStatus() {
    return this.page.getByTestId("request-reply").getByTestId("command-status");
  }

  stream() {
    return this.page.getByTestId("stream-lines");
  }
}
