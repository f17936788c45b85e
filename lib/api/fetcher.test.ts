import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, silentSwrFetcher, swrFetcher } from "./fetcher";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const storage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};
const envelope = (code: number, msg = "") => Response.json({ code, msg, data: null, success: code === 200 });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  toast.error.mockReset();
  assign = vi.fn();
  vi.stubGlobal("sessionStorage", storage());
  vi.stubGlobal("localStorage", storage());
  vi.stubGlobal("window", { location: { assign, pathname: "/home", search: "" } });
});
afterEach(() => vi.unstubAllGlobals());

describe("SWR fetchers", () => {
  it("toasts a failure from the normal fetcher", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => envelope(500, "upstream down")));
    await expect(swrFetcher(["msg/todo/page", { current: 1 }])).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith("upstream down");
  });

  it("keeps a failed or unreachable poll quiet", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => envelope(500, "upstream down")));
    await expect(silentSwrFetcher(["msg/todo/page", { current: 1 }])).rejects.toMatchObject({ code: 500, message: "upstream down" });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(silentSwrFetcher("msg/todo/page")).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("still sends a poll that finds the session gone to login", async () => {
    localStorage.setItem("tId", "2");
    vi.stubGlobal("fetch", vi.fn(async () => envelope(401, "login timeout")));
    await expect(silentSwrFetcher("msg/station/currUser/page")).rejects.toMatchObject({ code: 401 });
    expect(assign).toHaveBeenCalledWith("/login?tId=2&redirect=%2Fhome");
  });
});
