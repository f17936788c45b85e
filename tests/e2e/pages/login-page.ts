import { expect, type Page } from "@playwright/test";

/** The login screen as a user sees it. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = "") {
    await this.page.goto(`/login${query}`);
    // Under load React can leave the streamed card's hidden swap copy in the DOM beside the shown one
    // (seen once in CI): act only on the visible form.
    await expect(this.page.locator("#username:visible")).toHaveCount(1);
  }

  async submit(username: string, password: string) {
    await this.page.locator("#username:visible").fill(username);
    await this.page.locator("#password:visible").fill(password);
    await this.page.locator("form:visible button[type=submit]:visible").first().click();
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
