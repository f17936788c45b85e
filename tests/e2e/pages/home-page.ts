import { expect, type Page } from "@playwright/test";
import { LoginPage } from "./login-page";
import { seededSource } from "./seeded";

export const SUPERADMIN = { tId: 1, username: "superadmin", password: process.env.SUPERADMIN_PASSWORD ?? "Super@2026" };

/** The home dashboard: figures, the 7-day chart, the projects map, the platform's tenant statistics. */
export class HomePage {
  constructor(readonly page: Page) {}

  async loginAsPlatform() {
    const login = new LoginPage(this.page);
    await login.open(`?tId=${SUPERADMIN.tId}`);
    await login.submit(SUPERADMIN.username, SUPERADMIN.password);
    await expect(this.page).toHaveURL(/\/home$/);
  }

  /** The number a figure tile shows. */
  async figure(name: "projects" | "devices" | "alarms" | "todos" | "messages"): Promise<number> {
    const text = await this.page.getByTestId(`home-${name}`).locator("[data-value]").textContent();
    return Number(text);
  }

  tile(name: string) {
    return this.page.getByTestId(`home-${name}`);
  }

  /** The chart's figures per day, from the table behind it: [day, alarms, values]. */
  async days(): Promise<[string, number, number][]> {
    const rows = this.page.getByTestId("home-trend").locator("tbody tr");
    await expect(rows).toHaveCount(7);
    return (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? "")))).map(([d, a, v]) => [d, Number(a), Number(v)]);
  }

  chartCanvas() {
    return this.page.getByTestId("home-trend-chart").locator("canvas").first();
  }

  map() {
    return this.page.getByTestId("home-map");
  }

  marker(name: string) {
    return this.map().getByRole("button", { name: new RegExp(`^(${seededSource(name)})`) });
  }

  tenantStat(key: string) {
    return this.page.getByTestId("tenant-stats").locator(`[data-stat="${key}"]`);
  }
}
