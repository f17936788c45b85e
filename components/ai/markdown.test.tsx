import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("Markdown", () => {
  it("renders links to site paths and http(s), code blocks and lists", () => {
    const out = html("1. [沉降规范](/knowledge?node=3&dlg=preview&id=9) — 结构\n   > 累计沉降\n\n```ts\nconst a = 1;\n```");
    expect(out).toContain('<a href="/knowledge?node=3&amp;dlg=preview&amp;id=9"');
    expect(out).toContain("<blockquote");
    expect(out).toContain('<pre class="overflow-x-auto');
    expect(out).toContain("const a = 1;");
  });

  it("never renders HTML from an answer, nor a javascript: link", () => {
    const out = html('<img src=x onerror="alert(1)"> [x](javascript:alert(1)) **bold**');
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;img");
    expect(out).not.toContain("javascript:");
    expect(out).toContain("<strong>bold</strong>");
  });
});
