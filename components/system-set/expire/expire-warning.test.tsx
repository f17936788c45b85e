// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SessionProvider } from "@/components/kit/session";
import { ExpireWarning } from "./expire-warning";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

let answer: { code: number; data: unknown };
let calls: string[];
beforeEach(() => {
  sessionStorage.clear();
  calls = [];
  toast.warning.mockReset();
  answer = { code: 200, data: { show: true, daysLeft: 5, contractEnd: "2026-12-01" } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      return Response.json({ ...answer, msg: "", success: answer.code === 200 });
    }),
  );
});

/** The key is "<tenant>:<user>" of the signed-in session. */
const mount = (user = "2:7") => {
  const [tenantId, id] = user.split(":").map(Number);
  return renderIntl(
    <SessionProvider value={{ tenantId, projId: null, menus: [], user: { id, name: "u", realname: "U", avatar: null } }}>
      <ExpireWarning />
    </SessionProvider>,
  );
};

describe("ExpireWarning", () => {
  it("warns once per session with the days left and the end date", async () => {
    mount();
    // The call and its declaration load when the warning is first asked for.
    await waitFor(() => expect(toast.warning).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(calls).toEqual(["/api/sys/company/expireWarn/current"]);
    const [text, opts] = toast.warning.mock.calls[0];
    expect(text).toBe("Your contract ends in 5 days");
    expect(opts.description).toContain("2026-12-01");
    cleanup();
    mount();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it("stays quiet when there is nothing to warn about, and asks again for another user", async () => {
    answer = { code: 200, data: { show: false, daysLeft: 40, contractEnd: "2027-01-01" } };
    mount("2:7");
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 5000 });
    mount("2:8");
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 5000 });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("asks again next time when the call failed", async () => {
    answer = { code: 500, data: null };
    mount();
    await waitFor(() => expect(sessionStorage.getItem("expireWarned")).toBeNull());
    expect(toast.warning).not.toHaveBeenCalled();
  });
});
