import { readFileSync } from "node:fs";
import { expect, request as playwrightRequest, type Download, type Page } from "@playwright/test";
import type { Envelope } from "../../../lib/contract/envelope";
import { ResourcePageObject } from "./resource-page";

/** /reportTemplate, /editTemplate, /reportPlan, /reportList: the report screens, the block palette and the list's dialogs. */
export class ReportPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  /** Picks the first point of the palette and inserts a block of `kind` (its label) with a warning value. */
  async insertBlock(kindLabel: string, warn: string) {
    const palette = this.page.getByTestId("block-palette");
    await palette.getByRole("combobox").first().click();
    await this.page.getByRole("option", { name: kindLabel, exact: true }).click();
    const points = palette.locator("#block-points");
    if ((await points.textContent())?.trim() === "" || !(await palette.getByTestId("block-insert").isEnabled())) {
      await points.click();
      await this.page.getByRole("option").first().click();
      await this.page.keyboard.press("Escape");
    }
    await palette.locator("#block-warn").fill(warn);
    await palette.getByTestId("block-insert").click();
  }

  /**
   * Inserts a site block of `kind` (its label): an inclinometer profile of the palette's first string (`#block-strings`),
   * the point layout of its first scene (`#block-scene`), or the robot inspections (nothing to pick).
   */
  async insertSiteBlock(kindLabel: string, pick?: "#block-strings" | "#block-scene") {
    const palette = this.page.getByTestId("block-palette");
    await palette.getByRole("combobox").first().click();
    await this.page.getByRole("option", { name: kindLabel, exact: true }).click();
    if (pick) {
      await palette.locator(pick).click();
      await this.page.getByRole("option").first().click();
      if (pick === "#block-strings") await this.page.keyboard.press("Escape");
    }
    await expect(palette.getByTestId("block-insert")).toBeEnabled();
    await palette.getByTestId("block-insert").click();
  }

  /** Runs `click` and answers the download's bytes. */
  async downloadOf(click: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
    const [download]: [Download, unknown] = await Promise.all([this.page.waitForEvent("download"), click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  }

  async waitGenerated(name: string, generated: string) {
    await expect(this.row(name).first()).toContainText(generated, { timeout: 120_000 });
  }
}

/** The tenant's time zone, as the login page reads it (`sys/login/getCompany`). */
export async function tenantZone(page: Page, tId: number): Promise<string> {
  const res = await page.request.get(`/api/sys/login/getCompany?tId=${tId}`);
  const body = (await res.json()) as Envelope<{ timeZone: string }>;
  expect(body.code, body.msg).toBe(200);
  return body.data.timeZone;
}

const WEEK_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A weekly plan's run at least `leadMs` from now, on a whole minute, in `zone`: its ISO week day (1
 * Monday), its `HH:mm`, and the period its report covers (the seven days before the run's day).
 */
export function nextRunIn(zone: string, leadMs = 20_000) {
  const at = new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", weekday: "short" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return { weekDay: WEEK_DAYS.indexOf(parts.weekday) + 1, time: `${parts.hour}:${parts.minute}`, periodStart: addDays(day, -7), periodLast: addDays(day, -1) };
}

/** An /api session of the platform's administrator (another tenant), its answers in `locale`. */
export async function platformApi(baseURL: string, locale: string) {
  const { hostname } = new URL(baseURL);
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    storageState: { cookies: [{ name: "locale", value: locale, domain: hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] },
  });
  const res = await api.post("/api/auth/login", { data: { tId: 1, username: "superadmin", password: process.env.SUPERADMIN_PASSWORD ?? "Super@2026" } });
  expect((await res.json()).code).toBe(200);
  return api;
}
