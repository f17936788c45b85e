// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { FakeXhr, fakeXhrSuite } from "./fake-xhr";
import { ImportDialog } from "./import-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const { intl } = fakeXhrSuite(toast);

const wrap = (ui: React.ReactNode) => render(intl(ui));
const pick = (name: string, size = 10) => fireEvent.change(screen.getByTestId("import-input"), { target: { files: [new File([new Uint8Array(size)], name)] } });
const result = { successTotal: 3, failureTotal: 1, errorList: [{ rowNum: 4, rowData: ["bob", null, "'=1+1"], errorMsg: "Row 4: Name: Required" }] };

describe("ImportDialog", () => {
  it("uploads the sheet, shows the results, and re-import returns to step 1", async () => {
    const onImported = vi.fn();
    wrap(<ImportDialog open onOpenChange={() => {}} action="sys/user/import" onImported={onImported} />);
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(toast.warning).toHaveBeenCalledWith("Choose a file first");
    pick("users.csv");
    expect(toast.warning).toHaveBeenLastCalledWith("The file must be .xls/.xlsx");
    pick("users.xlsx", 21 * 1024 * 1024);
    expect(toast.warning).toHaveBeenLastCalledWith("Upload size cannot exceed 20 MB");
    pick("users.xlsx");
    expect(screen.getByText("users.xlsx")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(FakeXhr.sent[0].url).toBe("/api/sys/user/import");
    await act(async () => FakeXhr.sent[0].answer({ code: 200, msg: "ok", data: result, success: true }));
    expect(onImported).toHaveBeenCalledWith(result);
    expect(screen.getByText("3 succeeded")).toBeTruthy();
    expect(screen.getByText("1 failed")).toBeTruthy();
    expect(screen.getByTitle("bob |  | '=1+1", { normalizer: (s) => s })).toBeTruthy();
    expect(screen.getByText("Row 4: Name: Required")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Re-import" }));
    expect(screen.getByText("Choose file")).toBeTruthy();
  });

  it("stays on step 1 with the cloud's message when the import is refused", async () => {
    wrap(<ImportDialog open onOpenChange={() => {}} action="sys/user/import" />);
    pick("users.xlsx");
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    await act(async () => FakeXhr.sent[0].answer({ code: 400, msg: "The header differs from the template", data: null, success: false }));
    expect(toast.error).toHaveBeenCalledWith("The header differs from the template");
    expect(screen.getByText("users.xlsx")).toBeTruthy();
    expect(screen.queryByText("Results")?.closest("li")?.getAttribute("aria-current")).toBeFalsy();
  });

  it("downloads the template with a POST", async () => {
    const fetch = vi.fn(async () => new Response(new Blob(["x"]), { headers: { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="users.xlsx"' } }));
    vi.stubGlobal("fetch", fetch);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    wrap(<ImportDialog open onOpenChange={() => {}} action="sys/user/import" template={{ endpoint: "sys/user/template", filename: "users.xlsx" }} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Download template" })));
    expect(fetch).toHaveBeenCalledWith("/api/sys/user/template", expect.objectContaining({ method: "POST" }));
  });
});
