import { expect, type Download, type Locator, type Page } from "@playwright/test";

/**
 * A `<ResourcePage>` list screen as a user drives it: search bar, toolbar, table, row actions,
 * pagination and the create / edit / view / confirm dialogs. Fields are found by their form
 * name (`data-field`), rows by any text they show.
 */
export class ResourcePageObject {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId("resource-page");
  }

  async open(path: string) {
    await this.page.goto(path);
    await this.waitIdle();
  }

  /** The table has settled: not busy and showing rows or the empty state. */
  async waitIdle() {
    // Under load React can leave a streamed boundary's hidden copy beside the shown one: the visible table.
    const table = this.page.getByTestId("data-table").filter({ visible: true });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  }

  // ---- search ---------------------------------------------------------------------------------
  searchBar() {
    return this.page.getByTestId("search-bar");
  }

  async mode(): Promise<string | null> {
    return this.searchBar().getAttribute("data-mode");
  }

  /** Simple mode: type into the keyword box and search. */
  async search(keyword: string) {
    if ((await this.mode()) !== "simple") await this.toggleSearchMode();
    await this.page.getByTestId("search-keyword").fill(keyword);
    await this.page.getByTestId("search-submit").click();
    await this.waitIdle();
  }

  async toggleSearchMode() {
    await this.page.getByTestId("search-toggle").click();
    await this.waitIdle();
  }

  /** Advanced mode: the control of a search item by its prop. */
  searchField(prop: string): Locator {
    return this.page.locator(`#search-${prop}`);
  }

  async submitSearch() {
    await this.page.getByTestId("search-submit").click();
    await this.waitIdle();
  }

  async resetSearch() {
    await this.page.getByTestId("search-reset").click();
    await this.waitIdle();
  }

  // ---- table ----------------------------------------------------------------------------------
  rows(): Locator {
    return this.page.getByTestId("data-table").locator("tbody tr");
  }

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  empty(): Locator {
    return this.page.getByTestId("table-empty");
  }

  /** Runs a row action (view / edit / del / custom key), opening "more" when it is there. */
  async rowAction(text: string | RegExp, key: string) {
    const row = this.row(text).first();
    // The row first: counting its inline buttons before it renders would send the action to the "more" menu.
    await expect(row).toBeVisible();
    const inline = row.locator(`button[data-action="${key}"]`);
    if (await inline.count()) return inline.click();
    await row.locator('[data-action="more"]').click();
    await this.page.locator(`[role="menuitem"][data-action="${key}"]`).click();
  }

  async selectRow(text: string | RegExp) {
    await this.row(text).first().getByRole("checkbox").click();
  }

  toolbarButton(key: string): Locator {
    return this.page.getByTestId("toolbar").locator(`[data-action="${key}"]`);
  }

  /** Clicks the toolbar's export and returns the download. */
  async export(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.toolbarButton("export").click()]);
    return download;
  }

  // ---- pagination -----------------------------------------------------------------------------
  total(): Locator {
    return this.page.getByTestId("pagination-total");
  }

  async goToPage(n: number) {
    await this.page.getByTestId("pagination").getByRole("button", { name: String(n), exact: true }).click();
    await this.waitIdle();
  }

  async setPageSize(label: string | RegExp) {
    await this.page.getByTestId("pagination").getByRole("combobox").click();
    await this.page.getByRole("option", { name: label }).click();
    await this.waitIdle();
  }

  // ---- dialogs --------------------------------------------------------------------------------
  dialog(mode: "create" | "edit" | "view"): Locator {
    return this.page.getByTestId(`${mode}-dialog`);
  }

  field(name: string): Locator {
    return this.page.locator(`[data-field="${name}"]`);
  }

  async fill(name: string, value: string) {
    const input = this.field(name).locator("input, textarea").first();
    await input.fill(value);
    await input.blur();
  }

  /** A select field: opens it and picks the option by its label. */
  async choose(name: string, option: string | RegExp) {
    await this.field(name).getByRole("combobox").click();
    await this.page.getByRole("option", { name: option }).click();
  }

  fieldError(name: string): Locator {
    return this.field(name).getByRole("alert");
  }

  async submit(mode: "create" | "edit") {
    await this.dialog(mode).locator('button[type="submit"]').click();
  }

  confirmDialog(): Locator {
    return this.page.getByTestId("confirm-dialog");
  }

  async confirm() {
    await this.confirmDialog().getByRole("button").last().click();
    await expect(this.confirmDialog()).toBeHidden();
  }
}
