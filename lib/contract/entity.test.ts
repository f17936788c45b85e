import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEntity, filterValueKind, keyField, rowName, uses } from "./entity";
import { textRequired, text } from "./validation";

const thing = defineEntity({
  ns: "test.thing",
  fields: {
    name: { schema: textRequired(32), search: "contains", sort: true, import: true },
    id: { kind: "id", readOnly: true },
    kind: { schema: text(32), kind: "select", dict: "kind", search: "eq" },
    tags: { schema: z.array(z.string()).default([]), list: false },
    ownerId: { schema: z.coerce.number().int().positive().optional(), kind: "id", search: "in" },
    createTime: { kind: "datetime", readOnly: true, column: "createdAt", search: "range", sort: true },
  },
  refine: (v, ctx) => {
    if (v.name === "bad") ctx.addIssue({ code: "custom", path: ["name"], message: "validation.invalid" });
  },
});

describe("defineEntity", () => {
  it("takes the rowName field as the name of a row unless told another", () => {
    const titled = defineEntity({ ns: "t", fields: { id: keyField, title: rowName(20, { import: true }) } });
    expect(titled.nameField).toBe("title");
    expect(titled.fields.title).toMatchObject({ search: "contains", sort: true, import: true });
    expect(titled.body.safeParse({ title: "" }).success).toBe(false);
    expect(titled.body.safeParse({ title: "x".repeat(21) }).success).toBe(false);
    expect(defineEntity({ ns: "t", nameField: "code", fields: { code: { schema: text(8) }, title: rowName(20) } }).nameField).toBe("code");
    expect(defineEntity({ ns: "t", fields: { code: { schema: text(8) } } }).nameField).toBeUndefined();
  });

  it("derives the body from the writable fields only", () => {
    expect(Object.keys(thing.body.parse({ name: "a", id: 9, createTime: "x" }))).toEqual(["name", "tags"]);
    expect(thing.body.safeParse({}).success).toBe(false);
  });

  it("an update needs the key and changes only what it is given", () => {
    expect(thing.update.parse({ id: "3", kind: "k" })).toEqual({ id: 3, kind: "k" });
    expect(thing.update.safeParse({ name: "a" }).success).toBe(false);
    // A field that is given is still checked by its own rule.
    expect(thing.update.safeParse({ id: 3, name: "" }).success).toBe(false);
  });

  it("applies the cross-field rules to add and update", () => {
    expect(thing.body.safeParse({ name: "bad" }).success).toBe(false);
    expect(thing.update.safeParse({ id: 1, name: "bad" }).success).toBe(false);
  });

  it("derives filters, range keys and sorts", () => {
    const q = thing.query.parse({ current: "2", name: " ab ", kind: "", ownerId: "1,2", createTimeStart: "2026-01-01", sortField: "name", sortOrder: "asc" });
    expect(q).toMatchObject({ current: 2, size: 10, name: "ab", ownerId: [1, 2], createTimeStart: "2026-01-01", sortField: "name" });
    expect(q.kind === undefined || q.kind === "").toBe(true);
    expect(thing.sorts).toEqual(["name", "createTime"]);
    expect(thing.query.safeParse({ sortField: "tags" }).success).toBe(false);
    expect(thing.query.safeParse({ createTimeEnd: "yesterday" }).success).toBe(false);
  });

  it("lists the fields of each use in declaration order", () => {
    expect(thing.keys.list).toEqual(["name", "id", "kind", "ownerId", "createTime"]);
    expect(thing.keys.form).toEqual(["name", "kind", "tags", "ownerId"]);
    expect(thing.keys.import).toEqual(["name"]);
    expect(thing.keys.export).toEqual(["name", "id", "kind", "ownerId", "createTime"]);
    expect(uses(thing.fields.tags, "detail")).toBe(true);
  });

  it("checks an option's filter with the field's own rule, its default left out", () => {
    const e = defineEntity({
      ns: "test.opt",
      fields: {
        level: { schema: z.coerce.number().refine((n) => [1, 2].includes(n), "validation.invalidOption").default(1), kind: "switch", search: "eq" },
        kind: { schema: z.enum(["a", "b"]), kind: "select", search: "eq" },
      },
    });
    expect(e.filters.parse({})).toEqual({});
    expect(e.filters.parse({ level: "", kind: "" })).toEqual({});
    expect(e.filters.parse({ level: "2", kind: "b" })).toEqual({ level: 2, kind: "b" });
    expect(e.filters.safeParse({ level: "3" }).success).toBe(false);
    expect(e.filters.safeParse({ kind: "c" }).success).toBe(false);
  });

  it("filters an endsWith field by its text, spaces dropped", () => {
    const e = defineEntity({ ns: "test.card", nameField: "code", fields: { code: { schema: textRequired(20), search: "endsWith" } } });
    expect(filterValueKind(e.fields.code)).toBe("text");
    expect(e.filters.parse({ code: " 0123 " })).toEqual({ code: "0123" });
    // Spaces dropped: a code typed as printed, in groups.
    expect(e.filters.parse({ code: "12 3456" })).toEqual({ code: "123456" });
  });
});
