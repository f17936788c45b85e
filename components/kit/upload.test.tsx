// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { FakeXhr, fakeXhrSuite } from "./fake-xhr";
import { DocumentUpload, ImageUpload } from "./upload";
import type { UploadPurpose } from "@/lib/contract/upload";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const { intl } = fakeXhrSuite(toast);

function Harness({ kind, initial = [], ...rest }: { kind: "image" | "doc"; initial?: string[]; limit?: number; maxMb?: number; purpose?: UploadPurpose; ratio?: { width: number; height: number } }) {
  const [value, setValue] = useState<string[]>(initial);
  const C = kind === "image" ? ImageUpload : DocumentUpload;
  return intl(
    <>
      <C value={value} onChange={setValue} {...rest} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>,
  );
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId("upload-input"), { target: { files } });
const value = () => JSON.parse(screen.getByTestId("value").textContent!);

describe("ImageUpload", () => {
  it("refuses a wrong type and an oversized file before sending", () => {
    render(<Harness kind="image" maxMb={1} />);
    pick(file("a.gif"));
    expect(toast.warning).toHaveBeenLastCalledWith("The file must be .jpg/.jpeg/.bmp/.png");
    pick(file("big.png", 1024 * 1024 + 1));
    expect(toast.warning).toHaveBeenLastCalledWith("Upload size cannot exceed 1 MB");
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("sends the file, caps progress at 90 until the answer, then adds the path", async () => {
    render(<Harness kind="image" />);
    pick(file("a.PNG"));
    const xhr = FakeXhr.sent[0];
    expect(decodeURIComponent(xhr.url)).toBe("/api/file/upload?maxMb=10&accept=jpg,jpeg,bmp,png");
    expect((xhr.body!.get("file") as File).name).toBe("a.PNG");
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("90");
    await act(async () => xhr.answer({ code: 200, msg: "ok", data: "1/20260301/x.png", success: true }));
    expect(value()).toEqual(["1/20260301/x.png"]);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByAltText("a.PNG").getAttribute("src")).toBe("/api/file/1/20260301/x.png");
  });

  it("checks an image's shape before sending when a ratio is asked for", async () => {
    const sizes: Record<string, [number, number]> = { "square.png": [900, 900], "wide.png": [1600, 900] };
    vi.stubGlobal("createImageBitmap", async (f: File) => ({ width: sizes[f.name][0], height: sizes[f.name][1], close() {} }));
    render(<Harness kind="image" ratio={{ width: 16, height: 9 }} />);
    await act(async () => pick(file("square.png")));
    expect(toast.warning).toHaveBeenLastCalledWith("The image must be 16:9; this one is 900×900");
    expect(FakeXhr.sent).toHaveLength(0);
    await act(async () => pick(file("wide.png")));
    expect(FakeXhr.sent).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it("names the upload's purpose, whose limit it also checks before sending (the cloud decides by it)", () => {
    render(<Harness kind="image" purpose="companyLogo" />);
    pick(file("big.png", 3 * 1024 * 1024));
    expect(FakeXhr.sent).toHaveLength(0);
    pick(file("logo.png"));
    expect(decodeURIComponent(FakeXhr.sent[0].url)).toBe("/api/file/upload?maxMb=2&accept=jpg,jpeg,bmp,png&purpose=companyLogo");
  });

  it("deletes a file sent from the field when it is removed before saving, not one it was given", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ code: 200, msg: "ok", data: null, success: true }), { headers: { "content-type": "application/json" } }));
    try {
      render(<Harness kind="image" initial={["1/20260301/saved.png"]} limit={3} />);
      pick(file("a.png"));
      await act(async () => FakeXhr.sent[0].answer({ code: 200, msg: "ok", data: "1/20260301/new.png", success: true }));
      const removeButtons = () => screen.getAllByRole("button", { name: "Remove" });
      await act(async () => fireEvent.click(removeButtons()[1]));
      expect(value()).toEqual(["1/20260301/saved.png"]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String(fetchMock.mock.calls[0][0])).toContain("/api/file/del");
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ path: "1/20260301/new.png" });
      await act(async () => fireEvent.click(removeButtons()[0]));
      expect(value()).toEqual([]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      fetchMock.mockRestore();
    }
  });

  it("keeps every path when uploads finish in any order", async () => {
    render(<Harness kind="image" />);
    pick(file("a.png"), file("b.png"));
    const [a, b] = FakeXhr.sent;
    await act(async () => b.answer({ code: 200, msg: "", data: "p/b.png", success: true }));
    await act(async () => a.answer({ code: 200, msg: "", data: "p/a.png", success: true }));
    expect(value()).toEqual(["p/b.png", "p/a.png"]);
  });

  it("refuses more files than the limit", () => {
    render(<Harness kind="image" limit={2} initial={["p/1.png"]} />);
    pick(file("a.png"), file("b.png"));
    expect(toast.warning).toHaveBeenCalledWith("At most 2 files can be uploaded");
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("drops the file and says so when the cloud refuses it", async () => {
    render(<Harness kind="image" />);
    pick(file("a.png"));
    await act(async () => FakeXhr.sent[0].answer({ code: 400, msg: "bad bytes", data: null, success: false }));
    // One toast: what happened to the file, with the cloud's reason.
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenLastCalledWith("File upload failed: bad bytes");
    expect(value()).toEqual([]);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("settles on a network error: the file is dropped and the user is asked to retry", async () => {
    render(<Harness kind="image" />);
    pick(file("a.png"));
    await act(async () => FakeXhr.sent[0].onerror?.());
    expect(toast.error).toHaveBeenLastCalledWith("Upload failed, please retry");
    expect(value()).toEqual([]);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("removes an image and previews one", async () => {
    render(<Harness kind="image" initial={["p/1.png", "p/2.png"]} />);
    fireEvent.click(screen.getAllByLabelText("Preview")[1]);
    // The viewer loads with its first opening.
    expect(await screen.findByRole("dialog")).toBeTruthy();
    expect(screen.getByText("2 / 2")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Next"));
    expect(screen.getByText("1 / 2")).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    fireEvent.click(screen.getAllByLabelText("Remove")[0]);
    expect(value()).toEqual(["p/2.png"]);
  });
});

describe("DocumentUpload", () => {
  it("accepts documents only and refuses a duplicate name", async () => {
    render(<Harness kind="doc" />);
    pick(file("a.png"));
    expect(toast.warning).toHaveBeenLastCalledWith("The file must be .pdf/.doc/.docx/.xls/.xlsx");
    pick(file("plan.pdf"));
    await act(async () => FakeXhr.sent[0].answer({ code: 200, msg: "", data: "p/r4nd0m.pdf", success: true }));
    expect(screen.getByText("plan.pdf")).toBeTruthy();
    pick(file("plan.pdf"));
    expect(toast.warning).toHaveBeenLastCalledWith("File already exists, do not upload again");
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it("refuses the same name twice in one pick", () => {
    render(<Harness kind="doc" />);
    pick(file("a.docx"), file("a.docx"));
    expect(FakeXhr.sent).toHaveLength(1);
    expect(toast.warning).toHaveBeenCalledWith("File already exists, do not upload again");
  });
});
