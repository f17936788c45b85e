// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";
import { RichTextEditor } from "./rich-text-editor";

let messages: Record<string, unknown>;
beforeAll(async () => {
  messages = await loadMessages("en");
  // ProseMirror measures selections; jsdom has no layout.
  document.elementFromPoint = () => null;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(cleanup);

describe("RichTextEditor", () => {
  it("holds the place while tiptap loads, then shows and follows the value it is given", async () => {
    const ui = (html: string) => (
      <NextIntlClientProvider locale="en" messages={messages}>
        <RichTextEditor value={html} onChange={() => undefined} id="body" />
      </NextIntlClientProvider>
    );
    const { rerender } = render(ui("<p>hello</p>"));
    expect(screen.getByTestId("editor-loading")).toBeTruthy();
    await screen.findByRole("button", { name: "Bold" }, { timeout: 20_000 });
    expect(screen.queryByTestId("editor-loading")).toBeNull();
    const content = document.getElementById("body")!;
    expect(content.getAttribute("contenteditable")).toBe("true");
    expect(content.innerHTML).toBe("<p>hello</p>");
    // A value set from outside (a form reset, a loaded record) replaces the content.
    rerender(ui("<h2>bye</h2>"));
    await waitFor(() => expect(content.querySelector("h2")?.textContent).toBe("bye"));
    expect(content.textContent).not.toContain("hello");
  });
});
