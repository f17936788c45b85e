// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SearchBar } from "./search-bar";
import type { SearchConfig } from "../resource/define-resource";

beforeEach(() => vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} }));

const config: SearchConfig = {
  keyword: "keyword",
  items: [
    { prop: "name", label: "Name" },
    { prop: "createTime", prop1: "startTime", prop2: "endTime", type: "date2", label: "Created" },
  ],
};

function setup(cfg: SearchConfig, query: Record<string, unknown> = {}) {
  const onSearch = vi.fn();
  renderIntl(<SearchBar config={cfg} query={query} onSearch={onSearch} label={(k) => k} />);
  return onSearch;
}
const submit = async () => act(async () => fireEvent.click(screen.getByTestId("search-submit")));

describe("SearchBar", () => {
  it("starts in simple mode with one keyword box and searches by it", async () => {
    const onSearch = setup(config);
    expect(screen.getByTestId("search-bar").getAttribute("data-mode")).toBe("simple");
    fireEvent.change(screen.getByTestId("search-keyword"), { target: { value: " pump " } });
    await submit();
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: "pump", name: null, startTime: null, endTime: null });
  });

  it("says which field the keyword box searches, in a sentence, unless it has its own placeholder", () => {
    setup({ ...config, keywordLabel: "Project name" });
    expect(screen.getByTestId("search-keyword").getAttribute("placeholder")).toBe("Search by project name");
    cleanup();
    setup({ ...config, keywordLabel: "SN" });
    expect(screen.getByLabelText("Search by SN")).toBe(screen.getByTestId("search-keyword"));
    cleanup();
    setup({ ...config, keywordLabel: "Project name", keywordPlaceholder: "Name or code" });
    expect(screen.getByTestId("search-keyword").getAttribute("placeholder")).toBe("Name or code");
  });

  it("starts in advanced mode when searchType is 2", () => {
    setup({ ...config, searchType: 2 });
    expect(screen.getByTestId("search-bar").getAttribute("data-mode")).toBe("advanced");
    expect(screen.queryByTestId("search-keyword")).toBeNull();
  });

  it("toggling resets the form and clears every filter", async () => {
    const onSearch = setup(config, { keyword: "old" });
    expect((screen.getByTestId("search-keyword") as HTMLInputElement).value).toBe("old");
    await act(async () => fireEvent.click(screen.getByTestId("search-toggle")));
    expect(screen.getByTestId("search-bar").getAttribute("data-mode")).toBe("advanced");
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: null, name: null, startTime: null, endTime: null });
    // The advanced items load with the first advanced search.
    await waitFor(() => expect((document.getElementById("search-name") as HTMLInputElement).value).toBe(""));
  });

  it("fills the form from the URL and extends a date range to the end of the day", async () => {
    const onSearch = setup(config, { name: "a", startTime: "2026-03-01 00:00:00", endTime: "2026-03-03 23:59:59" });
    expect(screen.getByTestId("search-bar").getAttribute("data-mode")).toBe("advanced");
    await waitFor(() => expect((document.getElementById("search-name") as HTMLInputElement).value).toBe("a"));
    fireEvent.change(screen.getByLabelText("End"), { target: { value: "2026-03-05" } });
    await submit();
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: null, name: "a", startTime: "2026-03-01 00:00:00", endTime: "2026-03-05 23:59:59" });
  });

  it("quick ranges fill both ends", async () => {
    const onSearch = setup({ ...config, searchType: 2 });
    fireEvent.click(await screen.findByRole("button", { name: "Today" }));
    await submit();
    const call = onSearch.mock.calls.at(-1)![0];
    expect(call.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(call.endTime).toBe(`${call.startTime.slice(0, 10)} 23:59:59`);
  });

  it("reset clears the filters", async () => {
    const onSearch = setup({ ...config, searchType: 2 }, { name: "x" });
    await act(async () => fireEvent.click(screen.getByTestId("search-reset")));
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: null, name: null, startTime: null, endTime: null });
  });
});
