import { expect, test } from "@playwright/test";
import { loginAs } from "./pages/login-page";
import { MonitoringPage } from "./pages/monitoring-page";
import { RetentionPage } from "./pages/retention-page";

// Issue 41: a shorter retention names the months it deletes before anything is saved, and a chart
// reaching past it says it is drawn from roll-ups. The default is put back at the end (other specs chart a year).
test("a shorter raw retention is confirmed month by month, and a year chart then notes its roll-ups", async ({ page }) => {
  test.slow();
  await loginAs(page, "demoadmin");
  await expect(page).toHaveURL(/\/home$/);
  const screen = new RetentionPage(page);
  await screen.open();
  await expect(screen.rawTier()).toContainText("13");

  await screen.keepMonths(3);
  await screen.save();
  // The demo devices' back-filled year: the warning names the months whose raw values would go.
  const dialog = screen.confirmDialog();
  await expect(dialog.getByTestId("retention-warning")).toContainText(/\d{4}-\d{2}/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(screen.rawTier()).toContainText("13");

  await screen.save();
  await dialog.getByTestId("confirm-ok").click();
  await expect(screen.rawTier()).toContainText("3");
  await expect(screen.rawTier()).not.toContainText("13");

  const monitoring = new MonitoringPage(page);
  await monitoring.open("settlement");
  const year = await monitoring.span("1y");
  expect(year.code).toBe(200);
  await expect(page.getByTestId("monitor-rolled-up")).toBeVisible();

  // Keeping longer again deletes nothing: saved without a question.
  await screen.open();
  await screen.keepMonths(13);
  await screen.save();
  await expect(screen.rawTier()).toContainText("13");
  await expect(dialog).toBeHidden();
});
