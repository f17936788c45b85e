// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, renderHook } from "@testing-library/react";
import { useUrlParam, useUrlPatch } from "./url-param";

const nav = vi.hoisted(() => ({ replace: vi.fn(), search: "" }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace: nav.replace }),
  usePathname: () => "/systemSet/dictSet",
  useSearchParams: () => new URLSearchParams(nav.search),
}));

beforeEach(() => {
  nav.replace.mockReset();
  nav.search = "scope=tenant&dictId=4";
  window.history.replaceState(null, "", `/systemSet/dictSet?${nav.search}`);
});
afterEach(cleanup);

describe("URL state of a screen", () => {
  it("sets and removes parameters in place, keeping the others", () => {
    const { result } = renderHook(() => useUrlPatch());
    expect(result.current.params.get("dictId")).toBe("4");
    result.current.go({ dict: "edit", dictId: null });
    expect(nav.replace).toHaveBeenLastCalledWith("/systemSet/dictSet?scope=tenant&dict=edit", { scroll: false });
    result.current.go({ scope: null, dictId: null });
    expect(nav.replace).toHaveBeenLastCalledWith("/systemSet/dictSet", { scroll: false });
  });

  it("opens and closes a dialog by one parameter; an empty value closes it", () => {
    const { result } = renderHook(() => useUrlParam("members"));
    expect(result.current[0]).toBeNull();
    result.current[1](12);
    expect(nav.replace).toHaveBeenLastCalledWith("/systemSet/dictSet?scope=tenant&dictId=4&members=12", { scroll: false });
    window.history.replaceState(null, "", "/systemSet/dictSet?members=12");
    result.current[1]("");
    expect(nav.replace).toHaveBeenLastCalledWith("/systemSet/dictSet", { scroll: false });
  });
});
