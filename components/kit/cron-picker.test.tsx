// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { loadMessages } from "@/lib/i18n/namespaces";
import { CronDialog } from "./cron-picker";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

let messages: Record<string, unknown>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
beforeEach(() => {
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Object.values(toast).forEach((f) => f.mockReset());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode) => render(<NextIntlClientProvider locale="en" messages={messages}>{ui}</NextIntlClientProvider>);
const field = (k: string) => screen.getByTestId(`cron-field-${k}`).textContent;

describe("CronDialog", () => {
  it("starts from 0 * * * * ? *, edits a tab, resets and confirms", () => {
    const onConfirm = vi.fn();
    wrap(<CronDialog open onOpenChange={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByText("Select cron expression")).toBeTruthy();
    expect(["second", "minute", "hour", "day", "month", "week", "year"].map(field)).toEqual(["0", "*", "*", "*", "*", "?", "*"]);
    expect(screen.getByTestId("cron-runs").children).toHaveLength(5);
    // Minute tab: a step from 0 every 15.
    fireEvent.click(screen.getAllByRole("radio")[2]);
    fireEvent.change(screen.getByLabelText("minute Every"), { target: { value: "15" } });
    expect(field("minute")).toBe("0/15");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(["second", "minute", "hour", "day", "month", "week", "year"].map(field)).toEqual(["0", "0", "*", "*", "*", "?", "*"]);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onConfirm).toHaveBeenCalledWith("0 0 * * * ? *");
  });

  it("re-reads a given expression and says when nothing matches", () => {
    wrap(<CronDialog open onOpenChange={() => {}} value="0 0 0 30 2 ?" onConfirm={() => {}} />);
    expect(field("day")).toBe("30");
    expect(field("year")).toBe("*");
    expect(screen.getByText("No matching results!")).toBeTruthy();
  });

  it("refuses an eleventh listed minute", () => {
    wrap(<CronDialog open onOpenChange={() => {}} value="0 1,2,3,4,5,6,7,8,9,10 * * * ? *" onConfirm={() => {}} />);
    expect(field("minute")).toBe("1,2,3,4,5,…");
    fireEvent.click(screen.getByRole("checkbox", { name: "30" }));
    expect(toast.warning).toHaveBeenCalledWith("At most 10 values");
  });
});
