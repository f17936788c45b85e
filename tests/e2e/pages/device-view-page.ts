import { expect, type Locator, type Page } from "@playwright/test";

/** The device page (/devices/viewDevice) as a user drives it: cards, tabs, real-time tiles, history. */
export class DeviceViewPage {
  constructor(readonly page: Page) {}

  /** The id of a device of the selected project by its SN (the console's own API, as the list would). */
  async idOf(sn: string): Promise<number> {
    const res = await this.page.request.get(`/api/device/device/snIdCode?sn=${sn}`);
    const body = (await res.json()) as { code: number; data: { id: number } };
    expect(body.code).toBe(200);
    return body.data.id;
  }

  async open(id: number) {
    await this.page.goto(`/devices/viewDevice?id=${id}`);
    await expect(this.page.getByTestId("view-device")).toBeVisible({ timeout: 30_000 });
  }

  section(key: string): Locator {
    return this.page.locator(`[data-section="${key}"]`);
  }

  async tab(key: string) {
    await this.page.getByTestId(`detail-tab-${key}`).click();
  }

  tile(identifier: string): Locator {
    return this.page.getByTestId("realtime").locator(`[data-identifier="${identifier}"]`);
  }

  /** The tiles' values as shown, by identifier. */
  async values(): Promise<Record<string, string>> {
    const tiles = this.page.getByTestId("realtime").locator("[data-identifier]");
    const out: Record<string, string> = {};
    for (const tile of await tiles.all()) out[(await tile.getAttribute("data-identifier"))!] = (await tile.getByTestId("realtime-value").innerText()).trim();
    return out;
  }

  async period(p: "1h" | "24h" | "7d" | "30d" | "1y") {
    await this.page.getByTestId("history-chart").locator(`[data-span="${p}"]`).click();
  }

  historyRows(): Locator {
    return this.page.getByTestId("history-table").locator("tbody tr");
  }
}
