import { expect, type Locator, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";
import { seededName } from "./seeded";

/** The linkage screens: the rule list with its trigger and action builders, and the log. */
export class LinkagePage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  // Keep-alive leaves the rule list mounted (hidden) beside the log: only the shown screen counts.
  override async waitIdle() {
    const table = this.page.getByTestId("data-table").filter({ visible: true });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  }

  override rows(): Locator {
    return this.page.getByTestId("data-table").filter({ visible: true }).locator("tbody tr");
  }

  override toolbarButton(key: string): Locator {
    return this.page.getByTestId("toolbar").filter({ visible: true }).locator(`[data-action="${key}"]`);
  }

  trigger(i: number): Locator {
    return this.page.getByTestId(`trigger-${i}`);
  }

  action(i: number): Locator {
    return this.page.getByTestId(`action-${i}`);
  }

  /** A select of a builder card by its control id (`trigger-0-device`), picking the option by its label. */
  async pick(id: string, option: string | RegExp) {
    await this.page.locator(`#${id}`).click();
    await this.page.getByRole("option", { name: option }).first().click();
  }

  /** In an action card: the recipient picker, `name` ticked on the tab `tab`, confirmed. */
  async pickRecipient(action: number, choose: string, tab: string, name: string, confirm: string) {
    await this.action(action).getByRole("button", { name: choose }).click();
    const picker = this.page.getByRole("dialog").filter({ has: this.page.getByRole("tablist") });
    await picker.getByRole("tab", { name: tab, exact: true }).click();
    await picker.getByRole("row").filter({ hasText: seededName(name) }).getByRole("checkbox").click();
    await picker.getByRole("button", { name: confirm, exact: true }).click();
    await expect(this.action(action).getByTestId("rule-recipients")).toContainText(seededName(name));
  }
}
