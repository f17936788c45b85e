// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { RichTextEditor } from "./rich-text-editor";

beforeAll(() => {
  // ProseMirror measures selections; jsdom has no layout.
  document.elementFromPoint = () => null;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

describe("RichTextEditor", () => {
  it("holds the place while tiptap loads, then shows and follows the value it is given", async () => {
    const ui = (html: string) => <RichTextEditor value={html} onChange={() => undefined} id="body" />;
    const { rerender } = renderIntl(ui("<p>hello</p>"));
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
