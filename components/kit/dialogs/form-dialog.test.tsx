// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { z } from "zod";
import { textRequired } from "@/lib/contract/validation";
import { alarmCoreApi } from "@/lib/contract/alarm/alarm-center";
import type { AnyCall } from "@/lib/contract/call";

const post = vi.fn();
vi.mock("@/lib/api/call", async (original) => {
  const real = await original<typeof import("@/lib/api/call")>();
  return { ...real, call: (c: AnyCall, input: unknown, opts: unknown) => post(c.path, input, opts) };
});
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { FormDialog } = await import("./form-dialog");
const { ApiError } = await import("@/lib/api/fetcher");

beforeEach(() => {
  post.mockReset();
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
});

const schema = z.object({ id: z.number(), remark: textRequired(20) });

function open(onDone = vi.fn(), onClose = vi.fn()) {
  renderIntl(<FormDialog title="Hand in" fields={[{ name: "remark", label: "remark", type: "textarea", required: true }]} schema={schema} call={alarmCoreApi.oper} extra={{ id: 7 }} defaults={{ remark: "" }} label={(k) => k} onClose={onClose} onDone={onDone} testId="wf" />, { timeZone: "Asia/Shanghai" });
  return { onDone, onClose, remark: () => screen.getByTestId("wf").querySelector("textarea")! };
}

describe("FormDialog", () => {
  it("checks the form with the contract's schema before calling", async () => {
    open();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("posts the values with the extras, then reports done and closes", async () => {
    post.mockResolvedValue(null);
    const { onDone, onClose, remark } = open();
    fireEvent.change(remark(), { target: { value: "Sealed" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith("alarm/core/oper", { id: 7, remark: "Sealed" }, { silent: true });
    expect(onDone).toHaveBeenCalled();
  });

  it("shows the cloud's refusal and stays open", async () => {
    post.mockRejectedValue(new ApiError(400, "Only pending alarms can be cleared"));
    const { onClose, remark } = open();
    fireEvent.change(remark(), { target: { value: "x" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Only pending alarms can be cleared");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("with toBody, checks and posts the converted body: a field's error under it, another above the buttons", async () => {
    post.mockResolvedValue(null);
    const body = z.object({ ids: z.array(z.number()).min(1), remark: textRequired(20) });
    const onClose = vi.fn();
    const show = (ids: number[]) =>
      renderIntl(<FormDialog title="Note" fields={[{ name: "remark", label: "remark", type: "textarea" }]} schema={body} call={{ kind: "post", path: "x/note" } as AnyCall} defaults={{ remark: "" }} toBody={(v) => ({ ids, remark: v.remark })} doneMessage="Noted" label={(k) => k} onClose={onClose} onDone={vi.fn()} testId="tb" />, { timeZone: "Asia/Shanghai" });
    show([]);
    fireEvent.change(screen.getByTestId("tb").querySelector("textarea")!, { target: { value: "Seen" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose at least 1");
    expect(post).not.toHaveBeenCalled();
    cleanup();
    show([3]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect(await screen.findByText("Required")).toBeTruthy();
    fireEvent.change(screen.getByTestId("tb").querySelector("textarea")!, { target: { value: "Seen" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith("x/note", { ids: [3], remark: "Seen" }, { silent: true });
  });
});
