import { expect, type Page } from "@playwright/test";

/** The login screen as a user sees it. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = "") {
    await this.page.goto(`/login${query}`);
    // Under load the streamed card can sit in React's hidden swap node for a moment: wait for the one form.
    await expect(this.page.locator("#username")).toHaveCount(1);
    await expect(this.page.locator("#username")).toBeVisible();
  }

  async submit(username: string, password: string) {
    await this.page.locator("#username").fill(username);
    await this.page.locator("#password").fill(password);
    await this.page.locator("form button[type=submit]").first().click();
  }

  error() {
    return this.page.getByTestId("login-error");
  }

  captchaImage() {
    return this.page.getByTestId("captcha-image");
  }
}

export const DEMO = {
  demoadmin: { tId: 2, username: "demoadmin", password: process.env.DEMOADMIN_PASSWORD ?? "Demo@2026" },
  operator01: { tId: 2, username: "operator01", password: process.env.OPERATOR01_PASSWORD ?? "Operator@2026" },
};

export async function loginAs(page: Page, who: keyof typeof DEMO, query = "") {
  const account = DEMO[who];
  const login = new LoginPage(page);
  await login.open(`?tId=${account.tId}${query}`);
  await login.submit(account.username, account.password);
  return login;
}
