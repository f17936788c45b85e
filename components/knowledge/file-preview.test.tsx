// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { PreviewBody } from "./file-preview";

// pdf.js itself needs a real browser (canvas, workers): the e2e draws a real pdf. Here a document
// of three pages stands in, and the test checks what the preview asks of it.
const pdf = vi.hoisted(() => {
  const rendered: number[] = [];
  const GlobalWorkerOptions = { workerSrc: "" };
  const page = (n: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: () => {
      rendered.push(n);
      return { promise: Promise.resolve(), cancel: () => undefined };
    },
  });
  const doc = { numPages: 3, getPage: async (n: number) => page(n), destroy: vi.fn(async () => undefined) };
  const getDocument = vi.fn((_: { data: Uint8Array; isEvalSupported: boolean }) => ({ promise: Promise.resolve(doc) }));
  return { rendered, GlobalWorkerOptions, getDocument, doc };
});
vi.mock("pdfjs-dist", () => ({ GlobalWorkerOptions: pdf.GlobalWorkerOptions, getDocument: pdf.getDocument }));
// The bundle takes mammoth's browser entry (package.json `browser`): conversion from an ArrayBuffer.
vi.mock("mammoth", async () => ({ default: await import("mammoth/mammoth.browser.js") }));

/** Intersection observers the test drives: `near(el)` says an element came into view. */
const observers: { cb: IntersectionObserverCallback; els: Set<Element> }[] = [];
const near = (el: Element) =>
  act(() => {
    for (const o of observers) if (o.els.has(el)) o.cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  });

const files: Record<string, () => BodyInit> = {
  "/f/a.txt": () => "累计沉降 12.5 mm",
  "/f/a.pdf": () => readFileSync("tests/fixtures/settlement.pdf"),
  "/f/a.docx": () => readFileSync("tests/fixtures/settlement.docx"),
};

beforeEach(() => {
  pdf.rendered.length = 0;
  observers.length = 0;
  vi.stubGlobal("fetch", vi.fn(async (url: string) => (files[url] ? new Response(files[url]()) : new Response("", { status: 404 }))));
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry = { cb: (() => undefined) as IntersectionObserverCallback, els: new Set<Element>() };
      constructor(cb: IntersectionObserverCallback) {
        this.entry.cb = cb;
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.els.add(el);
      }
      disconnect() {
        this.entry.els.clear();
      }
    },
  );
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private cb: () => void) {}
      observe(el: HTMLElement) {
        Object.defineProperty(el, "clientWidth", { value: 632 });
        this.cb();
      }
      disconnect() {}
    },
  );
});

const show = (ext: string) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PreviewBody src={`/f/a.${ext}`} ext={ext} name={`a.${ext}`} />
    </SWRConfig>,
  );

describe("PreviewBody", () => {
  it("opens a pdf with pdf.js, its worker from our own build, and shows the page count", async () => {
    show("pdf");
    expect((await screen.findByTestId("pdf-pages")).textContent).toContain("Page 1 of 3");
    expect(screen.getAllByTestId("pdf-page")).toHaveLength(3);
    const init = pdf.getDocument.mock.calls[0][0];
    expect(new TextDecoder().decode(init.data.slice(0, 5))).toBe("%PDF-");
    expect(init.isEvalSupported).toBe(false);
    // The module resolved next to this code (the build emits it as one of its own files), no CDN.
    expect(pdf.GlobalWorkerOptions.workerSrc).toMatch(/^(file|http:\/\/localhost)[^]*\/node_modules\/pdfjs-dist\/build\/pdf\.worker\.min\.mjs$/);
  });

  it("draws a page when it scrolls near, not before, and follows the page being read", async () => {
    show("pdf");
    await screen.findByTestId("pdf-pages");
    const [first, , third] = screen.getAllByTestId("pdf-page");
    expect(pdf.rendered).toEqual([]);
    near(first);
    await waitFor(() => expect(first.getAttribute("data-drawn")).toBe("true"));
    expect(pdf.rendered).toEqual([1]);
    near(third);
    await waitFor(() => expect(pdf.rendered).toEqual([1, 3]));
    expect(screen.getByTestId("pdf-pages").textContent).toContain("Page 3 of 3");
    // At the panel's width (632 − 32): a 600 × 800 page is drawn 600 × 800.
    expect([third.style.width, third.style.height]).toEqual(["600px", "800px"]);
  });

  it("closes the pdf when the preview goes away", async () => {
    const { unmount } = show("pdf");
    await screen.findByTestId("pdf-pages");
    unmount();
    expect(pdf.doc.destroy).toHaveBeenCalled();
  });

  it("renders a docx to sanitised HTML", async () => {
    show("docx");
    const sheet = await screen.findByTestId("preview-docx");
    expect(sheet.querySelector("h1")?.textContent).toContain("沉降监测报告 Settlement report");
    expect(sheet.querySelectorAll("td")).toHaveLength(4);
    expect(sheet.innerHTML).not.toMatch(/javascript:|<script/i);
  });

  it("shows text, images, and offers the rest for download", async () => {
    show("txt");
    expect((await screen.findByTestId("preview-text")).textContent).toContain("累计沉降 12.5 mm");
    cleanup();
    show("png");
    expect(screen.getByTestId("preview-image").getAttribute("src")).toBe("/f/a.png");
    cleanup();
    show("zip");
    expect(screen.getByTestId("preview-unsupported").textContent).toContain("This type cannot be previewed");
    expect(screen.getByRole("link", { name: "Download" }).getAttribute("download")).toBe("a.zip");
  });

  it("says so when the file cannot be read", async () => {
    renderIntl(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PreviewBody src="/f/gone.pdf" ext="pdf" name="gone.pdf" />
      </SWRConfig>,
    );
    await screen.findByText("The preview failed to load");
  });
});
