import { expect, type Locator, type Page } from "@playwright/test";

/** A settings screen of cards, each with its own form and save button (pwdMode, company…). */
export class SettingsPageObject {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.page.getByTestId("page-frame")).toBeVisible();
    await expect(this.page.locator("main [data-slot=skeleton]")).toHaveCount(0, { timeout: 30_000 });
  }

  card(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  field(card: string, name: string): Locator {
    return this.card(card).locator(`[data-field="${name}"]`);
  }

  async fill(card: string, name: string, value: string) {
    const input = this.field(card, name).locator("input:not([type=color]), textarea").first();
    await input.fill(value);
    await input.blur();
  }

  fieldError(card: string, name: string): Locator {
    return this.field(card, name).getByRole("alert");
  }

  /** The card's error from the cloud when it names no field. */
  cardError(card: string): Locator {
    return this.card(card).locator('p[role="alert"]').last();
  }

  /** Saves the card and waits for the cloud's answer. */
  async save(card: string) {
    const answer = this.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/"));
    await this.page.getByTestId(`${card}-save`).click();
    return answer;
  }
}
