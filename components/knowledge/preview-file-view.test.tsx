// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import { dispositionName, PreviewFileView } from "./preview-file-view";
import { previewLinkUrl } from "./share-link-dialog";

const nav = vi.hoisted(() => ({ params: new URLSearchParams() }));
vi.mock("next/navigation", () => ({ useSearchParams: () => nav.params }));

const TOKEN = "a".repeat(48);
const PNG_TOKEN = "b".repeat(48);
// The cloud's answers for a signed link: inline, named with the stored file's type (cloud/lib/files.ts).
const answers: Record<string, () => Response> = {
  [`/api/file/link/${TOKEN}`]: () =>
    new Response("累计沉降 12.5 mm", { headers: { "content-type": "text/plain; charset=utf-8", "content-disposition": `inline; filename="__.txt"; filename*=UTF-8''${encodeURIComponent("沉降说明.txt")}` } }),
  [`/api/file/link/${PNG_TOKEN}`]: () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { "content-type": "image/png", "content-disposition": `inline; filename="plan.png"` } }),
};

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => answers[url]?.() ?? new Response("", { status: 404 })));
});

const show = (query: string) => {
  nav.params = new URLSearchParams(query);
  renderIntl(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PreviewFileView />
    </SWRConfig>,
  );
};

describe("/previewFile", () => {
  it("previews a txt link without &ext=: the type comes from the answer's file name (issue 40)", async () => {
    show(`token=${TOKEN}`);
    expect((await screen.findByTestId("preview-text")).textContent).toBe("累计沉降 12.5 mm");
  });

  it("previews a png link without &ext=", async () => {
    show(`token=${PNG_TOKEN}&name=plan`);
    expect((await screen.findByTestId("preview-image")).getAttribute("src")).toBe(`/api/file/link/${PNG_TOKEN}`);
  });

  it("says an unknown link has expired", async () => {
    show(`token=${"c".repeat(48)}`);
    expect(await screen.findByTestId("preview-expired")).toBeTruthy();
  });

  it("reads a content-disposition's name, the UTF-8 one first", () => {
    expect(dispositionName(`inline; filename="__.txt"; filename*=UTF-8''%E6%B2%89.txt`)).toBe("沉.txt");
    expect(dispositionName(`attachment; filename="a.pdf"`)).toBe("a.pdf");
    expect(dispositionName("inline")).toBe("");
    expect(dispositionName(null)).toBe("");
  });

  it("hands out a share link that carries the file's type and name", () => {
    const url = new URL(previewLinkUrl("http://console.test", { token: TOKEN, ext: "png", fileName: "平面 图", expiresAt: "2026-11-28T12:00:00.000Z" }));
    expect(url.pathname).toBe("/previewFile");
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: TOKEN, ext: "png", name: "平面 图" });
  });
});
