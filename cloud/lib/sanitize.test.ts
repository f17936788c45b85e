import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize";

describe("sanitizeRichText", () => {
  it("keeps what the editor produces", () => {
    const html = '<h2>Title</h2><p><strong>b</strong> <em>i</em> <s>s</s> <code>c</code></p><ul><li>x</li></ul><ol start="3"><li>y</li></ol><blockquote><p>q</p></blockquote><pre><code>z</code></pre><p><img src="/api/file/2/20260302/abc.png" alt="a"></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('alt="a">', 'alt="a" />'));
  });

  it("drops scripts, event handlers, styles, iframes and javascript: or data: URLs", () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red">hi<script>alert(1)</script></p>')).toBe("<p>hi</p>");
    expect(sanitizeRichText('<iframe src="https://evil"></iframe><p>ok</p>')).toBe("<p>ok</p>");
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA"><img src="//evil/x.png">')).toBe("<img /><img />");
    expect(sanitizeRichText('<svg><circle onload="x()"/></svg><p>t</p>')).toBe("<p>t</p>");
  });

  it("makes links open safely", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_self">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it("answers empty text for nothing", () => {
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText("")).toBe("");
  });
});
