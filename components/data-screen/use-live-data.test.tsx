// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { ScreenFrame } from "./screen-frame";
import { ScreenProvider } from "./screen-context";
import { useLiveData } from "./use-live-data";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));
// The test's own refresh: ?refresh=200.
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams("refresh=200"), useRouter: () => ({ refresh: vi.fn() }) }));

let up: boolean;
let served: number;
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  up = true;
  served = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      if (!up) throw new TypeError("Failed to fetch");
      served += 1;
      return Response.json({ code: 200, msg: "ok", data: { value: served }, success: true });
    }),
  );
});

function Figure() {
  const { data } = useLiveData<{ value: number }>("stat/monitorScreen/monitorIndex");
  return <div data-testid="figure">{data ? data.value : "…"}</div>;
}

function renderScreen() {
  return renderIntl(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ScreenProvider value={{ tenantId: 2, projId: 1, project: { id: 1, prjName: "Riverside" }, companyName: "" }}>
        <ScreenFrame title="Global">
          <Figure />
        </ScreenFrame>
      </ScreenProvider>
    </SWRConfig>,
    { timeZone: "Asia/Shanghai" },
  );
}

describe("useLiveData in a ScreenFrame", () => {
  it("refreshes at the address's pace, keeps the last figure through a failure, shows reconnecting, and recovers", async () => {
    renderScreen();
    expect(screen.getByTestId("screen-project").textContent).toBe("Riverside");
    await waitFor(() => expect(screen.getByTestId("screen-live").textContent).toBe("Live"));
    // Refreshed without reloading: the figure moves on.
    await waitFor(() => expect(Number(screen.getByTestId("figure").textContent)).toBeGreaterThan(2), { timeout: 5_000 });

    up = false;
    await waitFor(() => expect(screen.getByTestId("screen-reconnecting").textContent).toMatch(/^Reconnecting · data as of \d/), { timeout: 5_000 });
    const kept = screen.getByTestId("figure").textContent;
    expect(Number(kept)).toBeGreaterThan(0);
    // No toasts on a wall screen.
    expect(toast.error).not.toHaveBeenCalled();

    up = true;
    await waitFor(() => expect(screen.getByTestId("screen-live")).toBeTruthy(), { timeout: 5_000 });
    expect(screen.queryByTestId("screen-reconnecting")).toBeNull();
    await waitFor(() => expect(Number(screen.getByTestId("figure").textContent)).toBeGreaterThan(Number(kept)));
  });

  it("says it is connecting when the first call already fails, and never goes blank", async () => {
    up = false;
    renderScreen();
    await waitFor(() => expect(screen.getByTestId("screen-reconnecting").textContent).toBe("Connecting…"), { timeout: 5_000 });
    expect(screen.getByTestId("figure").textContent).toBe("…");
  });
});
