import { expect, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { ResourcePageObject } from "./resource-page";

/** The SIM card list (/sim/sim) and a card's page (/sim/simInfo) as a user drives them. */
export class SimPageObject extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  /** An xlsx of cards headed as the import template is (every column, in the caller's language), rows giving the first ones. */
  static async workbook(headers: readonly string[], rows: [string, string][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("cards");
    sheet.addRow([...headers]);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  /** Imports a file through the toolbar's import dialog; answers the dialog. */
  async importFile(name: string, buffer: Buffer) {
    await this.toolbarButton("import").click();
    const dialog = this.page.getByRole("dialog");
    await dialog.getByTestId("import-input").setInputFiles({ name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
    await dialog.getByRole("button", { name: /开始导入|Start import|Import/ }).last().click();
    return dialog;
  }

  syncState() {
    return this.page.getByTestId("sim-sync-state");
  }

  async syncNow() {
    await this.page.getByTestId("sim-sync-now").click();
  }

  async openCard(iccid: string) {
    await this.row(iccid).getByTestId("sim-link").click();
    await expect(this.page.getByTestId("sim-usage-chart").or(this.page.getByRole("tab").first())).toBeVisible({ timeout: 20_000 });
  }

  async batch(key: "renew" | "cancel" | "tags") {
    await this.toolbarButton(key).click();
    return this.page.getByTestId("sim-batch-dialog");
  }
}
