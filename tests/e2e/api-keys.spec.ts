import { expect, test } from "@playwright/test";
import { LayoutPage } from "./pages/layout-page";
import { loginAs } from "./pages/login-page";
import { ResourcePageObject } from "./pages/resource-page";

test("a user makes an API key from the user menu, sees it once, and revokes it", async ({ page }) => {
  test.slow();
  await loginAs(page, "operator01");
  await expect(page).toHaveURL(/\/home$/);
  // A click before the shell hydrates opens nothing (seen once on a loaded run).
  await new LayoutPage(page).settled();
  await page.getByTestId("user-menu").click();
  await page.getByTestId("user-api-keys").click();
  await expect(page).toHaveURL(/\/systemSet\/apiKeys$/);
  const list = new ResourcePageObject(page);
  await list.waitIdle();

  const name = `e2e key ${Date.now() % 100000}`;
  await list.toolbarButton("add").click();
  await expect(list.dialog("create")).toBeVisible();
  await list.fill("name", name);
  await list.submit("create");
  const created = page.getByTestId("api-key-created");
  await expect(created).toBeVisible();
  const secret = (await page.getByTestId("api-key-secret").textContent()) ?? "";
  expect(secret).toMatch(/^iotk_/);
  await created.getByRole("button", { name: /close|关闭/i }).last().click();
  await expect(created).toBeHidden();

  // Listed by its prefix only, active.
  const row = list.row(name);
  await expect(row).toContainText(secret.slice(0, 9));
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText(/有效|Active/);

  await list.rowAction(name, "revoke");
  await list.confirm();
  await expect(list.row(name)).toContainText(/已吊销|Revoked/);
  // The key, once revoked, is refused by the MCP endpoint.
  const mcp = await page.request.post("/api/mcp", {
    headers: { authorization: `Bearer ${secret}`, accept: "application/json, text/event-stream", "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(mcp.status()).toBe(401);
});
