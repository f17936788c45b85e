import { expect, type Page } from "@playwright/test";
import { DEMO, LoginPage } from "./login-page";

/** What a visitor meets first: the 404 view, the login screen's tenant, the way back after login. */
export class FirstPaintPage {
  readonly login: LoginPage;

  constructor(readonly page: Page) {
    this.login = new LoginPage(page);
  }

  /** Opens a path as a document load; answers the HTTP status of that document. */
  async visit(path: string): Promise<number> {
    const res = await this.page.goto(path);
    return res?.status() ?? 0;
  }

  notFound() {
    return this.page.getByTestId("not-found");
  }

  /** The login screen's "Tenant ID: n" line. */
  tenantLine() {
    return this.page.getByText(/租户 ID：\d+|Tenant ID: \d+/).first();
  }

  /** Signs in on the login screen already open (its tenant comes from the address or the cookie). */
  async signInHere(who: keyof typeof DEMO) {
    await expect(this.page.locator("#username:visible")).toBeVisible();
    await this.login.submit(DEMO[who].username, DEMO[who].password);
  }

  /** The session ends without logging out (expired, or revoked upstream): a seal the server cannot open. */
  async expireSession() {
    const url = new URL(this.page.url());
    await this.page.context().addCookies([{ name: "iot_session", value: "expired", domain: url.hostname, path: "/" }]);
  }

  /**
   * Records, from the document's first animation frame, the body's background and whether the card's frame
   * (the skeleton or the form) is there: what a repeat visitor sees before the page is interactive.
   */
  async recordFirstFrames() {
    await this.page.addInitScript(() => {
      const frames: { bg: string; dark: boolean; card: boolean }[] = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const tick = () => {
        if (document.body) {
          const card = !!document.querySelector("[data-login-skeleton], #username");
          frames.push({ bg: getComputedStyle(document.body).backgroundColor, dark: document.documentElement.classList.contains("dark"), card });
        }
        // Until the card has shown (a loaded machine streams it later) and a few frames after.
        const seen = frames.findIndex((f) => f.card);
        if (frames.length < 600 && (seen < 0 || frames.length < Math.max(20, seen + 5))) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  firstFrames() {
    return this.page.evaluate(() => (window as unknown as { __frames: { bg: string; dark: boolean; card: boolean }[] }).__frames);
  }

  async logout() {
    await this.page.getByTestId("user-menu").click();
    await this.page.getByTestId("logout").click();
    await this.page.getByTestId("confirm-ok").click();
  }
}
