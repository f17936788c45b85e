// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { CronDialog } from "./cron-picker";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  Object.values(toast).forEach((f) => f.mockReset());
});

const field = (k: string) => screen.getByTestId(`cron-field-${k}`).textContent;

describe("CronDialog", () => {
  it("starts from 0 * * * * ? *, edits a tab, resets and confirms", () => {
    const onConfirm = vi.fn();
    renderIntl(<CronDialog open onOpenChange={() => {}} onConfirm={onConfirm} />);
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
    renderIntl(<CronDialog open onOpenChange={() => {}} value="0 0 0 30 2 ?" onConfirm={() => {}} />);
    expect(field("day")).toBe("30");
    expect(field("year")).toBe("*");
    expect(screen.getByText("No matching results!")).toBeTruthy();
  });

  it("refuses an eleventh listed minute", () => {
    renderIntl(<CronDialog open onOpenChange={() => {}} value="0 1,2,3,4,5,6,7,8,9,10 * * * ? *" onConfirm={() => {}} />);
    expect(field("minute")).toBe("1,2,3,4,5,…");
    fireEvent.click(screen.getByRole("checkbox", { name: "30" }));
    expect(toast.warning).toHaveBeenCalledWith("At most 10 values");
  });
});
