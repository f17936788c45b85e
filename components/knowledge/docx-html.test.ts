import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { docxHtml } from "./docx-html";

// The bundle takes mammoth's browser entry (its package.json `browser` field: unzip from an
// ArrayBuffer); Node's resolution would give the file-system one.
vi.mock("mammoth", async () => ({ default: await import("mammoth/mammoth.browser.js") }));

const fixture = (name: string) => {
  const b = readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

describe("docxHtml", () => {
  it("renders headings, paragraphs, bold text and tables of a real .docx", async () => {
    const html = await docxHtml(fixture("settlement.docx"));
    expect(html).toContain("<h1>沉降监测报告 Settlement report</h1>");
    expect(html).toContain("<p>本周累计沉降在预警值以内。</p>");
    expect(html).toContain("<strong>Weekly settlement stays below the warning level.</strong>");
    expect(html).toMatch(/<table>.*<td><p>JC-01<\/p><\/td><td><p>12.5 mm<\/p><\/td>.*<\/table>/);
  });

  it("keeps no script, no javascript: link and escapes markup written as text", async () => {
    const html = await docxHtml(fixture("settlement.docx"));
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("<a target=\"_blank\" rel=\"noopener noreferrer\">unsafe link</a>");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("refuses what is not a Word document", async () => {
    await expect(docxHtml(new TextEncoder().encode("not a zip").buffer as ArrayBuffer)).rejects.toThrow();
  });
});
