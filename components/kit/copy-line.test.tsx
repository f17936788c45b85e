// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { CopyLine } from "./copy-line";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe("CopyLine", () => {
  it("copies its text with a button named after the label, and has no button without a text to copy", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderIntl(
      <>
        <CopyLine layout="compact" label="Port" value={1883} copy="1883" copyLabel="Copy" testId="port" />
        <CopyLine layout="compact" label="Password" value="••••" copyLabel="Copy" />
      </>,
    );
    expect(screen.getByTestId("port").textContent).toBe("1883");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy Port" })));
    expect(writeText).toHaveBeenCalledWith("1883");
    expect(screen.getAllByRole("button")).toHaveLength(1);
  });
});
