import { expect, request as playwrightRequest, type Page } from "@playwright/test";
import { LoginPage } from "./login-page";
import { ShellPage } from "./shell-page";

/** The organisation screens' own controls (tree table, tree select, menu tree, login with a forced change). */
export class SystemOrgPage {
  constructor(readonly page: Page) {}

  /** Signs in; when the policy forces a change at first login, sets `next` and signs in with it. */
  async signIn(tId: number, username: string, password: string, next?: string): Promise<string> {
    const login = new LoginPage(this.page);
    await login.open(`?tId=${tId}`);
    await login.submit(username, password);
    const change = this.page.locator("#new-password");
    await expect(change.or(this.page.getByTestId("side-menu"))).toBeVisible({ timeout: 30_000 });
    if (await change.isVisible()) {
      if (!next) throw new Error(`${username} must change the password at first login`);
      await change.fill(next);
      await this.page.locator("#confirm-password").fill(next);
      // The dialog is portalled after the login form: pick its own submit button.
      const dialog = this.page.getByRole("dialog");
      await dialog.locator("button[type=submit]").click();
      await expect(dialog).toBeHidden();
      await login.submit(username, next);
      password = next;
    }
    await expect(this.page).toHaveURL(/\/home$/);
    await new ShellPage(this.page).ready();
    return password;
  }

  async signOut() {
    await this.page.context().clearCookies();
  }

  /** Opens a tree select (by its field id) and picks a node by its text. */
  async pickTreeNode(fieldId: string, text: string) {
    await this.page.locator(`#${fieldId}`).click();
    // The popup, not a tree of the page behind the dialog (the user list has a department filter tree).
    const popup = this.page.getByRole("dialog").filter({ has: this.page.getByRole("tree") }).last();
    await popup.getByRole("tree").locator("button", { hasText: text }).first().click();
  }

  /** Ticks a node of the tri-state menu tree by its label. */
  async tickMenu(label: string) {
    await this.page.getByTestId("menu-tree-check").getByText(label, { exact: true }).click();
  }

  treeRow(text: string) {
    return this.page.getByTestId("data-table").locator("tbody tr", { hasText: text });
  }
}

/** An API session of the platform administrator (setup through the console's own API). */
export async function superadminApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post("/api/auth/login", { data: { tId: 1, username: "superadmin", password: process.env.SUPERADMIN_PASSWORD ?? "Super@2026" } });
  expect((await res.json()).code).toBe(200);
  return api;
}
