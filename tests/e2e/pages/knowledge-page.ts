import { expect, type Locator, type Page } from "@playwright/test";

/** The /knowledge screen as a user drives it: the tree, its node menus, the contents table and the dialogs. */
export class KnowledgePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/knowledge");
    await expect(this.page.getByTestId("knowledge-content")).toBeVisible({ timeout: 30_000 });
  }

  treeNode(name: string): Locator {
    return this.page.getByTestId("tree-node").and(this.page.locator(`[data-name="${name}"]`));
  }

  row(name: string): Locator {
    return this.page.getByTestId("knowledge-row").and(this.page.locator(`[data-name="${name}"]`));
  }

  nodeDialog(): Locator {
    return this.page.getByTestId("knowledge-node-dialog");
  }

  /** Fills the open base / folder / file dialog and saves it. */
  async fillAndSave(name: string, desc = "") {
    const d = this.nodeDialog();
    await d.locator("#kn-name").fill(name);
    if (desc) await d.locator("#kn-desc").fill(desc);
    await d.locator("button[type=submit]").click();
    await expect(d).toBeHidden();
  }

  async addBase(name: string, desc: string) {
    await this.page.getByTestId("add-base").click();
    await this.fillAndSave(name, desc);
    await expect(this.treeNode(name)).toBeVisible();
  }

  async select(name: string) {
    await this.treeNode(name).click();
    await expect(this.page.getByTestId("knowledge-content").getByRole("navigation")).toContainText(name);
  }

  /** Opens a folder from the contents table. */
  async enter(name: string) {
    await this.row(name).getByRole("button", { name }).click();
    await expect(this.page.getByTestId("knowledge-content").getByRole("navigation")).toContainText(name);
  }

  async addFolder(name: string) {
    await this.page.getByTestId("new-folder").click();
    await this.fillAndSave(name);
    await expect(this.row(name)).toBeVisible();
  }

  async addFile(name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId("new-file").click();
    const d = this.nodeDialog();
    await d.getByTestId("upload-input").setInputFiles(file);
    await expect(d.getByRole("link", { name: file.name })).toBeVisible({ timeout: 20_000 });
    await this.fillAndSave(name);
    await expect(this.row(name)).toBeVisible();
  }

  /** A node menu action from the tree's "more" button. */
  async treeAction(name: string, action: string) {
    await this.treeNode(name).hover();
    await this.treeNode(name).getByTestId("node-more").click();
    await this.page.getByRole("menuitem").and(this.page.locator(`[data-action="${action}"]`)).click();
  }

  /** A row action, inline or under the row's "more". */
  async rowAction(name: string, action: string) {
    await expect(this.row(name)).toBeVisible();
    const inline = this.row(name).locator(`button[data-action="${action}"]`);
    if (await inline.count()) return inline.click();
    await this.row(name).getByTestId("row-more").click();
    await this.page.getByRole("menuitem").and(this.page.locator(`[data-action="${action}"]`)).click();
  }

  /** The actions a row offers, inline and under "more". */
  async rowActions(name: string): Promise<string[]> {
    await expect(this.row(name)).toBeVisible();
    const inline = await this.row(name).locator("button[data-action]").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")!));
    if (!(await this.row(name).getByTestId("row-more").count())) return inline;
    await this.row(name).getByTestId("row-more").click();
    const more = await this.page.getByRole("menuitem").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")!));
    await this.page.keyboard.press("Escape");
    return [...inline, ...more];
  }

  async confirm() {
    await this.page.getByTestId("confirm-dialog").getByRole("button").last().click();
  }
}
