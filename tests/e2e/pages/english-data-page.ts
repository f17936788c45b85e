import { expect, type Locator, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** Screens whose seeded data must read in the console's language: lists, the dictionary screen and its multilingual-name dialog. */
export class EnglishDataPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  /** The shown screen's table (a screen being left may still hold one for a moment). */
  table(): Locator {
    return this.page.getByRole("main").getByTestId("data-table");
  }

  override async waitIdle() {
    await expect(this.table()).toBeVisible({ timeout: 30_000 });
    await expect(this.table()).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  }

  tableText(): Locator {
    return this.table().locator("tbody");
  }

  homeRoles(): Locator {
    return this.page.getByTestId("home-roles");
  }

  dictNode(name: string): Locator {
    return this.page.getByTestId("dict-node").filter({ hasText: name });
  }

  async openDict(name: string) {
    await expect(this.dictNode(name)).toBeVisible({ timeout: 30_000 });
    await this.dictNode(name).click();
    await this.waitIdle();
  }

  /** Fills the multilingual-name dialog of the form's name field and closes it. */
  async giveNames(names: { "zh-cn": string; en: string }) {
    await this.page.getByTestId("multilingual-open").click();
    const dialog = this.page.getByTestId("multilingual-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("简体中文").fill(names["zh-cn"]);
    await dialog.getByLabel("English").fill(names.en);
    await this.page.getByTestId("multilingual-save").click();
    await expect(dialog).toBeHidden();
  }
}
