import { expect, test } from "@playwright/test";
import { cookieHeader, cookiesOfHeader, signIn } from "../../bench/console-server";
import { projectSession, withRow } from "../../bench/detail-rows";
import { LOCALE_COOKIE } from "../../lib/contract/locale";
import { expectRowInDocument } from "./pages/served-row";

/**
 * The detail pages whose row is read with the page on the server (`RowFallback`) and seeded for demoadmin. The others
 * (an OTA task, an inspection record, a tenant) are checked where their own tests make the row they open.
 */
const SERVED = [
  "/devices/viewDevice",
  "/alarm/alarmCenterInfo",
  "/productSet/productInfo",
  "/productSet/objModelInfo",
  "/prodCopy/prodCopyInfo",
  "/systemSet/userSetInfo",
  "/msg/stationInfo",
  "/sim/simInfo",
  "/sim/simOrderInfo",
  "/pointCorrelation/pointDetails",
];

for (const locale of ["zh-cn", "en"] as const) {
  test(`${locale}: every detail page's row comes with the page's HTML and hydrates without a mismatch`, async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const base = baseURL!;
    const cookie = `${cookieHeader(await signIn(base))}; ${LOCALE_COOKIE}=${locale}`;
    const project = projectSession(base, cookie);
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => void errors.push(e.message));
    for (const path of SERVED) {
      // The first seeded row of the page's list, as a user opens it (inside the first project where the list is a project's).
      const found = await withRow(base, path, cookie, project);
      expect(found, `${path} has a seeded row`).not.toBeNull();
      await page.context().clearCookies();
      await page.context().addCookies(cookiesOfHeader(found!.cookie).map((c) => ({ ...c, url: base })));
      await expectRowInDocument(page, found!.path);
      errors.length = 0;
      await page.goto(found!.path);
      await expect(page.getByTestId("detail-rows").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      // React names a server/browser difference as a hydration error (#418 / #423 / #425 in a production build).
      expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e)), found!.path).toEqual([]);
    }
  });
}
