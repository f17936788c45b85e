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

  /** The rule form's level `i` (0 the mildest). */
  ruleLevel(i: number) {
    return this.field("conditions").getByTestId("rule-level").nth(i);
  }

  /** Sets level `i` of the rule form: its level and operator (by label) and its threshold or range; adds the row when missing. */
  async setRuleLevel(i: number, level: string | RegExp, operator: string | RegExp, values: Partial<Record<"threshold" | "minValue" | "maxValue", string>>) {
    if ((await this.field("conditions").getByTestId("rule-level").count()) <= i) await this.page.getByTestId("rule-level-add").click();
    const row = this.ruleLevel(i);
    await row.getByRole("combobox").nth(0).click();
    await this.page.getByRole("option", { name: level }).click();
    await row.getByRole("combobox").nth(1).click();
    await this.page.getByRole("option", { name: operator }).click();
    for (const [key, v] of Object.entries(values)) {
      const input = row.getByTestId(`rule-level-${key}`);
      await input.fill(v);
      await input.blur();
    }
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
