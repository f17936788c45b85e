import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { LoginPage, loginAs } from "./login-page";

export type Lang = "zh-cn" | "en";
export type Theme = "light" | "dark";
export const SUPER = { username: "superadmin", password: process.env.SUPERADMIN_PASSWORD ?? "Super@2026" };

/** A browser context in a language and theme (the locale cookie and the stored theme). */
export async function contextFor(browser: Browser, baseURL: string, opts: { lang?: Lang; theme?: Theme; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL, viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 } });
  await ctx.addCookies([{ name: "locale", value: opts.lang ?? "zh-cn", url: baseURL }]);
  const theme = opts.theme ?? "light";
  await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return ctx;
}

export async function signInSuper(page: Page) {
  const login = new LoginPage(page);
  await login.open();
  await login.submit(SUPER.username, SUPER.password);
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
}

export async function signInDemo(page: Page) {
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
}

/** The console's layout as a phone or tablet user sees it. */
export class LayoutPage {
  constructor(readonly page: Page) {}

  drawerTrigger() {
    return this.page.getByTestId("menu-drawer-trigger");
  }

  drawer() {
    return this.page.getByTestId("menu-drawer");
  }

  /** A page has settled: the shell hydrated and nothing is loading. */
  async settled() {
    // While the page streams in, the fallback and the arriving shell may both be in the document for a moment.
    await expect(this.page.locator("[data-testid=side-menu][data-ready=true]").first()).toBeAttached({ timeout: 60_000 });
    await this.page.waitForLoadState("networkidle");
  }

  /** The document does not scroll sideways: everything wider scrolls inside its own box. */
  async pageOverflowX(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  async box(selector: string) {
    const box = await this.page.locator(selector).first().boundingBox();
    expect(box, selector).not.toBeNull();
    return box!;
  }

  /** Whether `selector`'s box lies inside the viewport. */
  async inViewport(selector: string) {
    const b = await this.box(selector);
    const v = this.page.viewportSize()!;
    return b.x >= 0 && b.y >= 0 && b.x + b.width <= v.width + 0.5 && b.y + b.height <= v.height + 0.5;
  }
}
