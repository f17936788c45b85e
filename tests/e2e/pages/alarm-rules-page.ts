import { expect, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** The alarm configuration screens (levelSet, alarmLink, alarmRule): the resource lists plus the recipient picker. */
export class AlarmRulesPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  async openContacts() {
    await this.open("/alarm/alarmLink");
  }

  async openGroups() {
    await this.open("/alarm/alarmLink?tab=group");
  }

  /** In the rule form: opens the alarm-recipient picker, ticks `name` on the tab `tab` and confirms. */
  async pickRecipient(tab: string, name: string, confirm: string) {
    await this.field("recipients").getByRole("button").last().click();
    const picker = this.page.getByRole("dialog").filter({ has: this.page.getByRole("tablist") });
    await picker.getByRole("tab", { name: tab, exact: true }).click();
    await picker.getByRole("row").filter({ hasText: name }).getByRole("checkbox").click();
    await picker.getByRole("button", { name: confirm, exact: true }).click();
    await expect(this.page.getByTestId("rule-recipients")).toContainText(name);
  }

  /** Waits (reloading the page: the same search again is answered from the list's cache) until the rule's row shows an active alarm. */
  async waitForAlarm(ruleName: string, timeoutMs = 120_000) {
    await this.search(ruleName);
    await expect(async () => {
      await this.page.reload();
      await this.waitIdle();
      await expect(this.row(ruleName).getByTestId("rule-active-alarms")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: timeoutMs, intervals: [3000, 5000] });
  }
}
