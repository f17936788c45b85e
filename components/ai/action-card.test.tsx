// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { ToolStep } from "@/lib/contract/ai/chat";
import { ActionCard } from "./action-card";

const call = vi.fn();
vi.mock("@/lib/api/call", () => ({ call: (...args: unknown[]) => call(...args) }));

const step = (status: NonNullable<ToolStep["action"]>["status"], outcome: string | null = null) => ({
  name: "accept_alarm",
  args: { alarmId: 12 },
  result: "Proposed",
  ok: true,
  action: { status, summary: "Accept alarm #12 “Settlement”", outcome },
});

describe("ActionCard", () => {
  for (const [locale, confirm, cancel, done] of [
    ["zh-cn", "确认", "取消", "已执行"],
    ["en", "Confirm", "Cancel", "Done"],
  ] as const)
    it(`${locale}: shows the exact action and runs it only on Confirm`, async () => {
      const decided = vi.fn();
      call.mockReset().mockResolvedValue(step("done", "{}"));
      renderIntl(<ActionCard step={step("pending")} messageId={7} index={2} onDecided={decided} />, { locale });
      expect(screen.getByTestId("chat-action-summary").textContent).toBe("Accept alarm #12 “Settlement”");
      expect(screen.getByText('accept_alarm {"alarmId":12}')).toBeTruthy();
      expect(call).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole("button", { name: confirm }));
      await waitFor(() => expect(decided).toHaveBeenCalledWith(step("done", "{}")));
      expect(call.mock.calls[0][1]).toEqual({ messageId: 7, step: 2, confirm: true });
      expect(screen.getByRole("button", { name: cancel })).toBeTruthy();
      renderIntl(<ActionCard step={step("done")} messageId={7} index={2} onDecided={decided} />, { locale });
      expect(screen.getAllByTestId("chat-action-status").at(-1)!.textContent).toBe(done);
    });

  it("sends Cancel as a decision, offers no button while the answer streams, and says why a confirmed action failed", async () => {
    const decided = vi.fn();
    call.mockReset().mockResolvedValue(step("cancelled"));
    const { unmount } = renderIntl(<ActionCard step={step("pending")} messageId={7} index={0} onDecided={decided} />, { locale: "en" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(decided).toHaveBeenCalled());
    expect(call.mock.calls[0][1]).toEqual({ messageId: 7, step: 0, confirm: false });
    unmount();
    const streaming = renderIntl(<ActionCard step={step("pending")} messageId={null} index={0} onDecided={decided} />, { locale: "en" });
    expect((screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement).disabled).toBe(true);
    streaming.unmount();
    renderIntl(<ActionCard step={step("failed", "No permission to do this")} messageId={7} index={0} onDecided={decided} />, { locale: "en" });
    expect(screen.getByRole("alert").textContent).toBe("The action was refused: No permission to do this");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
