import { describe, expect, it } from "vitest";
import { defineEntity } from "@/lib/contract/entity";
import { enableState } from "@/lib/contract/common";
import { text } from "@/lib/contract/validation";
import { activeFilters, containsAll, readListState, requestParams, writeListState } from "./list-state";
import { entityUrlKeys, urlFixed, urlOneOf, urlText } from "./url-values";

const keys = { name: urlText(5), status: urlOneOf([1, 2]) };
const sizes = [10, 20, 50, 100];
const read = (qs: string, sortable: string[] = ["name"]) => readListState(keys, new URLSearchParams(qs), sizes, sortable);

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

  it("does not read dialog parameters or unknown keys as filters", () => {
    expect(read("edit=5&view=3&create=1&other=2").query).toEqual({ current: 1, size: 10 });
  });

  it("applies a reader's default and a fixed value whatever the URL says", () => {
    const state = readListState({ scope: urlOneOf(["sys", "tenant"], "sys"), productId: urlFixed(7) }, new URLSearchParams("scope=nope&productId=9"), sizes, []);
    expect(state.query).toEqual({ current: 1, size: 10, scope: "sys", productId: 7 });
  });

  it("reads an entity's filters by the kind of each searched field, as its query schema does", () => {
    const entity = defineEntity({
      ns: "t",
      fields: {
        name: { schema: text(64), search: "contains" },
        status: { schema: enableState, kind: "status", dict: "enableState", search: "eq" },
        ownerId: { kind: "id", readOnly: true, search: "eq" },
        tags: { kind: "text", readOnly: true, search: "in" },
        createTime: { kind: "datetime", readOnly: true, search: "range" },
      },
    });
    const qs = "name=%20pump%20&status=2&ownerId=12&tags=a,b&createTimeStart=2026-01-02&createTimeEnd=soon";
    const state = readListState(entityUrlKeys(entity.fields), new URLSearchParams(qs), sizes, []);
    expect(state.query).toEqual({ current: 1, size: 10, name: "pump", status: 2, ownerId: 12, tags: ["a", "b"], createTimeStart: "2026-01-02" });
    // The cloud's schema reads the same parameters to the same values (and refuses the bad date).
    const parsed = entity.query.safeParse(Object.fromEntries(new URLSearchParams(qs.replace("&createTimeEnd=soon", ""))));
    expect(parsed.success && parsed.data).toMatchObject({ name: "pump", status: 2, ownerId: 12, tags: ["a", "b"], createTimeStart: "2026-01-02" });
    expect(entity.query.safeParse({ createTimeEnd: "soon" }).success).toBe(false);
    expect(readListState(entityUrlKeys(entity.fields), new URLSearchParams("status=5&ownerId=-1&tags=a,"), sizes, []).query).toEqual({ current: 1, size: 10 });
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
