import { expect, type Page } from "@playwright/test";

/**
 * A detail page's document, as the server sends it before any script runs, holds its row's fields (`RowFallback`),
 * not a skeleton waiting for the browser's call. `path` defaults to the page open now; the page's cookies are sent.
 */
export async function expectRowInDocument(page: Page, path = page.url()) {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  expect(await res.text(), path).toContain('data-testid="detail-rows"');
}
