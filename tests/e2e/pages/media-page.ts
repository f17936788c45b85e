import { expect, type Locator, type Page } from "@playwright/test";

/** /media/library: the folder tree, the grid of items, their menus and the dialogs. */
export class MediaPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/media/library");
    await expect(this.page.getByTestId("media-folders")).toBeVisible();
  }

  folder(name: string): Locator {
    return this.page.getByTestId("media-folders").getByTestId("media-folder").filter({ hasText: name });
  }

  item(name: string): Locator {
    return this.page.getByTestId("media-item").and(this.page.locator(`[data-name="${name}"]`));
  }

  toolbar(key: string): Locator {
    return this.page.getByTestId("toolbar").locator(`[data-action="${key}"]`);
  }

  async newFolder(name: string) {
    await this.toolbar("newFolder").click();
    const dialog = this.page.getByTestId("media-folder-dialog");
    await dialog.locator("input").first().fill(name);
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
    await expect(this.item(name)).toBeVisible();
  }

  async upload(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId("media-upload-input").setInputFiles(file);
  }

  /** Opens an item's menu and picks one of its entries by its text. */
  async menu(name: string, entry: string) {
    await this.item(name).getByTestId("media-item-menu").click();
    await this.page.getByRole("menuitem", { name: entry, exact: true }).click();
  }

  async rename(name: string, to: string, entry: string) {
    await this.menu(name, entry);
    const dialog = this.page.getByTestId("media-rename-dialog");
    await dialog.locator("input").first().fill(to);
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
  }

  async move(name: string, target: string, entry: string) {
    await this.menu(name, entry);
    const dialog = this.page.getByTestId("media-move-dialog");
    await dialog.getByTestId("media-folder").filter({ hasText: target }).click();
    await dialog.getByTestId("media-move-confirm").click();
    await expect(dialog).toBeHidden();
  }

  async confirm() {
    const dialog = this.page.getByTestId("confirm-dialog");
    await dialog.getByRole("button").last().click();
    await expect(dialog).toBeHidden();
  }
}
