// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";
import { CopyLine } from "./copy-line";

vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let messages: Record<string, unknown>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
afterEach(cleanup);

describe("CopyLine", () => {
  it("copies its text with a button named after the label, and has no button without a text to copy", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(
      <NextIntlClientProvider locale="en" messages={messages}>
        <CopyLine layout="compact" label="Port" value={1883} copy="1883" copyLabel="Copy" testId="port" />
        <CopyLine layout="compact" label="Password" value="••••" copyLabel="Copy" />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId("port").textContent).toBe("1883");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy Port" })));
    expect(writeText).toHaveBeenCalledWith("1883");
    expect(screen.getAllByRole("button")).toHaveLength(1);
  });
});
