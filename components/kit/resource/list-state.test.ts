import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQuery } from "@/lib/contract/page-query";
import { activeFilters, containsAll, readListState, requestParams, writeListState } from "./list-state";

const schema = pageQuery.extend({
  name: z.string().max(5).optional(),
  status: z.coerce.number().int().refine((n) => n === 1 || n === 2).optional(),
});
const sizes = [10, 20, 50, 100];
const read = (qs: string, sortable: string[] = ["name"]) => readListState(schema, new URLSearchParams(qs), sizes, sortable);

describe("list state in the URL", () => {
  it("reads valid filters, paging and sort", () => {
    expect(read("name=ab&status=2&current=3&size=20&sort=name&order=desc")).toEqual({
      query: { name: "ab", status: 2, current: 3, size: 20 },
      sort: { prop: "name", order: "desc" },
    });
  });

  it("drops bad values to their defaults instead of failing", () => {
    expect(read("name=toolongvalue&status=7&current=-4&size=abc").query).toEqual({ current: 1, size: 10 });
    expect(read("current=2.5").query.current).toBe(1);
  });

  it("keeps a size only when it is one of the page sizes", () => {
    expect(read("size=30").query.size).toBe(10);
    expect(read("size=100").query.size).toBe(100);
  });

  it("ignores a sort on a column that is not sortable or with a bad order", () => {
    expect(read("sort=status&order=asc").sort).toBeNull();
    expect(read("sort=name&order=sideways").sort).toBeNull();
  });

  it("does not read dialog parameters as filters", () => {
    expect(read("edit=5&view=3&create=1").query).toEqual({ current: 1, size: 10 });
  });

  it("writes filters, leaving out empty values, page 1 and the default size, keeping the rest", () => {
    const next = writeListState(new URLSearchParams("edit=4&name=old"), { name: "", status: 1, current: 1, size: 10, tags: ["a", "b"] }, { size: 10 });
    expect(next.toString()).toBe("edit=4&status=1&tags=a%2Cb");
    expect(writeListState(new URLSearchParams(), { current: 3, size: 50 }, { size: 10 }).toString()).toBe("current=3&size=50");
  });

  it("sends the schema output and the sort to the page endpoint", () => {
    expect(requestParams({ query: { current: 1, size: 10, name: "", status: 2 }, sort: { prop: "name", order: "asc" } })).toEqual({
      current: 1,
      size: 10,
      status: 2,
      sortField: "name",
      sortOrder: "asc",
    });
  });
});

describe("tree filters from the list state", () => {
  it("keeps only the search values in force", () => {
    expect(activeFilters({ name: "ab", kind: "", scope: "sys", tags: [] }, ["name", "kind", "tags"])).toEqual({ name: "ab" });
  });

  it("matches a node whose values contain every filter, ignoring case", () => {
    const row = { name: "Night Shift", leader: null, sort: 12 };
    expect(containsAll(row, { name: "shift" })).toBe(true);
    expect(containsAll(row, { name: "shift", sort: 1 })).toBe(true);
    expect(containsAll(row, { name: "day" })).toBe(false);
    expect(containsAll(row, { leader: "x" })).toBe(false);
    expect(containsAll(row, {})).toBe(true);
  });
});
