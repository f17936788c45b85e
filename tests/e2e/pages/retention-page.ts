import { expect, type Page } from "@playwright/test";

/** The data retention screen (/systemSet/retention) as a tenant administrator uses it. */
export class RetentionPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/systemSet/retention");
    await expect(this.page.getByTestId("retention-settings")).toBeVisible();
  }

  rawTier() {
    return this.page.getByTestId("tier-raw");
  }

  /** Picks the tenant's months ("3 months" / "3 个月" start with the number). */
  async keepMonths(n: number) {
    await this.page.locator("#retention-tenant").click();
    await this.page.getByRole("option", { name: new RegExp(`^${n}\\s`) }).click();
  }

  save() {
    return this.page.getByTestId("retention-save").click();
  }

  confirmDialog() {
    return this.page.getByTestId("confirm-dialog");
  }
}
