// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { ConclusionsAnswer, ReportInfoRow } from "@/lib/contract/report/report";
import { ConclusionsDialog, ReviewDialog } from "./report-dialogs";

const state: { answer: ConclusionsAnswer } = { answer: { blocks: [], edited: false, editedBy: null, editedAt: null, editable: true } };
const sent: unknown[] = [];
vi.mock("@/lib/api/call", () => ({
  useCall: () => ({ data: state.answer }),
  call: vi.fn(async (_call: unknown, body: unknown) => {
    sent.push(body);
    return null;
  }),
}));

const row = { id: 7, reportName: "周报 2026-02-02" } as ReportInfoRow;
const RULES = ["The largest change this period is 83.5 at A · disp.", "1 point is over the alarm value 50: A · disp."];

beforeEach(() => {
  sent.length = 0;
  state.answer = { blocks: [{ rules: RULES, lines: RULES }, { rules: ["No alarm was raised."], lines: ["No alarm was raised."] }], edited: false, editedBy: null, editedAt: null, editable: true };
});

describe("ConclusionsDialog", () => {
  it("starts from the rules' sentences, one a line, and saves the edited lines of every block (trimmed, blank lines dropped)", async () => {
    const onDone = vi.fn();
    renderIntl(<ConclusionsDialog row={row} onClose={() => {}} onDone={onDone} />);
    expect(screen.getByTestId("conclusions-state").textContent).toMatch(/Written by the rules/);
    const first = screen.getByLabelText("Conclusions block 1") as HTMLTextAreaElement;
    expect(first.value).toBe(RULES.join("\n"));
    fireEvent.change(first, { target: { value: "  Accepted by the designer.  \n\nKeep reading daily." } });
    fireEvent.click(screen.getByTestId("conclusions-save"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 7, blocks: [["Accepted by the designer.", "Keep reading daily."], ["No alarm was raised."]] }]);
  });

  it("refuses an empty block before sending, and text equal to the rules' everywhere is saved as the rules' (null)", async () => {
    const onDone = vi.fn();
    renderIntl(<ConclusionsDialog row={row} onClose={() => {}} onDone={onDone} />, { locale: "zh-cn" });
    const second = screen.getByLabelText("结论块 2");
    fireEvent.change(second, { target: { value: "   " } });
    expect(screen.getByText("请至少写一句。")).toBeTruthy();
    expect((screen.getByTestId("conclusions-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(second, { target: { value: "No alarm was raised.\n" } });
    fireEvent.click(screen.getByTestId("conclusions-save"));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 7, blocks: null }]);
  });

  it("says who edited them, offers the rules' sentences back, and is read-only once approved", async () => {
    state.answer = { ...state.answer, blocks: [{ rules: RULES, lines: ["Mine."] }], edited: true, editedBy: "张工", editedAt: "2026-03-02T08:00:00.000Z" };
    const { unmount } = renderIntl(<ConclusionsDialog row={row} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByTestId("conclusions-state").textContent).toMatch(/^Edited by 张工 at 2026-03-02/);
    fireEvent.click(screen.getByText("Use the rules' sentences"));
    expect((screen.getByLabelText("Conclusions") as HTMLTextAreaElement).value).toBe(RULES.join("\n"));
    fireEvent.click(screen.getByTestId("conclusions-rules"));
    await waitFor(() => expect(sent).toEqual([{ id: 7, blocks: null }]));
    unmount();
    state.answer = { ...state.answer, editable: false };
    renderIntl(<ConclusionsDialog row={row} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByTestId("conclusions-state").textContent).toMatch(/can no longer change/);
    expect((screen.getByLabelText("Conclusions") as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByTestId("conclusions-save") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId("conclusions-rules")).toBeNull();
  });
});

describe("ReviewDialog", () => {
  it("tells the reviewer the conclusions were changed by hand, and by whom", () => {
    renderIntl(<ReviewDialog row={{ ...row, conclusionsByName: "张工", conclusionsAt: "2026-03-02T08:00:00.000Z" }} onClose={() => {}} onDone={() => {}} />, { timeZone: "Asia/Shanghai" });
    expect(screen.getByTestId("review-conclusions-edited").textContent).toBe("Its conclusions were last changed by hand by 张工 at 2026-03-02 16:00:00.");
  });
  it("says nothing of it when they are the rules'", () => {
    renderIntl(<ReviewDialog row={{ ...row, conclusionsByName: "", conclusionsAt: "" }} onClose={() => {}} onDone={() => {}} />);
    expect(screen.queryByTestId("review-conclusions-edited")).toBeNull();
  });
});
