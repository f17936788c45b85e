import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** A monitoring screen (/operationMonitoring/<kind>) as a site engineer uses it. */
export class MonitoringPage {
  constructor(readonly page: Page) {}

  /** Waits for the next analysis answer of the cloud. */
  nextView(): Promise<Response> {
    return this.page.waitForResponse((r) => r.url().includes("/devOperationMonitoring/view") && r.request().method() === "POST");
  }

  async open(kind: string) {
    const view = this.nextView();
    await this.page.goto(`/operationMonitoring/${kind}`);
    await expect(this.page.getByTestId("point-list")).toBeVisible();
    await view;
    await this.chartDrawn();
  }

  chart() {
    return this.page.getByTestId("monitor-chart");
  }

  async chartDrawn() {
    await expect(this.chart().locator("canvas").first()).toBeVisible({ timeout: 30_000 });
  }

  /** A range of the chart ending now (24h, 7d, 30d, 1y); resolves with the analysis it loaded. */
  async span(span: "24h" | "7d" | "30d" | "1y") {
    const view = this.nextView();
    await this.chart().locator(`[data-span="${span}"]`).click();
    const res = await view;
    await this.chartDrawn();
    return (await res.json()) as { code: number; data: { series: { id: string; data: [number, number][]; sampled: boolean }[] } };
  }

  /** Clicks the middle of the plot: the values of the nearest sample load below. */
  async clickPlot() {
    const box = (await this.chart().locator("canvas").first().boundingBox())!;
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(this.page.getByTestId("init-values").locator("table")).toBeVisible();
  }

  total(identifier: string) {
    return this.page.getByTestId(`total-${identifier}`);
  }

  async setInitialValue() {
    await this.page.getByTestId("set-init").click();
    const dialog = this.page.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }

  profile() {
    return this.page.getByTestId("depth-profile");
  }

  /** Waits for the next depth profile answer of the cloud. */
  nextProfile(): Promise<Response> {
    return this.page.waitForResponse((r) => r.url().includes("/rionDipAngle/view") && r.request().method() === "POST");
  }

  /** The depth profile's curve table: a curve's depths, with its set-initial-value button. */
  curve() {
    return this.page.getByTestId("profile-curve");
  }

  /** Clicks the upper middle of the profile's plot: the curve passing nearest at that depth loads below. */
  async clickProfile() {
    const box = (await this.profile().locator("canvas").first().boundingBox())!;
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 4);
    await expect(this.curve().locator("table")).toBeVisible();
  }

  /** Picks the nth curve (0 the earliest) in the curve table's select; resolves with its label. */
  async pickCurve(n: number) {
    await this.page.locator("#profile-curve").click();
    const option = this.page.getByRole("option").nth(n);
    const label = (await option.textContent())!.trim();
    await option.click();
    await expect(this.page.locator("#profile-curve")).toContainText(label);
    return label;
  }

  /** The shown curve's cumulative displacement along A, top down, as the table shows it. */
  curveA() {
    return this.curve().getByTestId("curve-a").allTextContents();
  }

  async setCurveAsInitial() {
    await this.curve().getByTestId("profile-set-init").click();
    const dialog = this.page.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Opens the device configuration of the chosen device; resolves with its dialog. */
  async openConfig() {
    await this.page.getByTestId("device-config").click();
    const dialog = this.page.getByTestId("device-config-dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Writes a number field of a form dialog. */
  async fill(dialog: Locator, field: string, value: string) {
    const input = dialog.locator(`[data-field="${field}"] input`).first();
    await input.fill(value);
  }

  /** Submits a form dialog (its submit button, not the corner's close). */
  async submit(dialog: Locator) {
    await dialog.locator('button[type="submit"]').click();
  }
}
