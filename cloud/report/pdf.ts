import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";

/** Where Chromium is (`CHROMIUM_PATH`, else Debian's), or null when this server has none: the PDF is then off. */
export function chromiumPath(): string | null {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  return existsSync(path) ? path : null;
}

let browser: Promise<Browser> | null = null;

/** One headless Chromium per process, started at the first PDF and reused. */
async function open(path: string): Promise<Browser> {
  browser ??= import("playwright-core").then(({ chromium }) => chromium.launch({ executablePath: path, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] }));
  const b = await browser.catch((err) => {
    browser = null;
    throw err;
  });
  if (!b.isConnected()) {
    browser = null;
    return open(path);
  }
  return b;
}

/**
 * The report's HTML printed to an A4 PDF. The document is complete when set (charts are SVG
 * already drawn, no script runs), so nothing waits for anything to settle.
 */
export async function renderPdf(html: string, path: string): Promise<Buffer> {
  const b = await open(path);
  const page = await b.newPage({ javaScriptEnabled: false });
  try {
    await page.setContent(html, { waitUntil: "load", timeout: 60_000 });
    return await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true, displayHeaderFooter: true, headerTemplate: "<span></span>", footerTemplate: '<div style="font-size:8px;width:100%;text-align:center;color:#666"><span class="pageNumber"></span> / <span class="totalPages"></span></div>', margin: { top: "16mm", bottom: "16mm", left: "14mm", right: "14mm" } });
  } finally {
    await page.close();
  }
}

/** Closes the shared browser (the cloud's stop, tests). */
export async function closePdf() {
  const b = await browser?.catch(() => null);
  browser = null;
  await b?.close();
}
