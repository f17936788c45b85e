// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { POLL_MS } from "@/lib/shell/inbox";
import { InboxPopover } from "./inbox-popover";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

type Answer = { total: number } | "error" | "network";
let answer: Answer;
let calls: string[];
const page = (total: number) => ({
  records: Array.from({ length: Math.min(total, 10) }, (_, i) => ({ id: i + 1, msgTitle: `Item ${i + 1}`, msgContent: "", msgType: "notice", bizId: null, createTime: "2026-01-01T08:00:00Z" })),
  total,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  Object.values(toast).forEach((f) => f.mockReset());
  calls = [];
  answer = { total: 3 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      if (answer === "network") throw new TypeError("Failed to fetch");
      if (answer === "error") return Response.json({ code: 500, msg: "upstream down", data: null, success: false });
      return Response.json({ code: 200, msg: "ok", data: page(answer.total), success: true });
    }),
  );
});

const show = () =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map() }}>
      <InboxPopover kind="messages" />
    </SWRConfig>,
    { timeZone: "UTC" },
  );
const tick = () => act(() => vi.advanceTimersByTimeAsync(POLL_MS));
const badge = () => screen.queryByTestId("inbox-messages-count")?.textContent;

describe("InboxPopover polling", () => {
  it("asks for unread messages, 10 a page, and shows the count", async () => {
    show();
    expect(await screen.findByTestId("inbox-messages-count")).toHaveProperty("textContent", "3");
    const url = new URL(calls[0], "http://x");
    expect(url.pathname).toBe("/api/msg/station/currUser/page");
    expect(Object.fromEntries(url.searchParams)).toEqual({ current: "1", size: "10", readStatus: "0" });
  });

  it("keeps the last count and stays quiet when a poll fails, then recovers on the next tick", async () => {
    show();
    await screen.findByTestId("inbox-messages-count");
    answer = "error";
    await tick();
    expect(calls).toHaveLength(2);
    // No quick retries: the next try comes one poll later.
    answer = "network";
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS - 1000));
    expect(calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(3);
    expect(toast.error).not.toHaveBeenCalled();
    expect(badge()).toBe("3");

    fireEvent.click(screen.getByTestId("inbox-messages"));
    expect((await screen.findByTestId("inbox-messages-error")).textContent).toBe("Data refresh failed");
    expect(screen.getAllByTestId("inbox-item")).toHaveLength(3);

    answer = { total: 5 };
    await tick();
    expect(calls).toHaveLength(4);
    expect(badge()).toBe("5");
    expect(screen.queryByTestId("inbox-messages-error")).toBeNull();
  });
});
