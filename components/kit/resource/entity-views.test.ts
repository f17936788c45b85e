import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEntity } from "@/lib/contract/entity";
import { optional, text, textRequired } from "@/lib/contract/validation";
import { defineResource, permOf } from "./define-resource";
import { entityUrlKeys } from "./url-values";
import { applyTweaks, areaText, deriveColumns, deriveDetailRows, deriveFormFields, deriveSearchItems } from "./entity-views";
import { fieldRequired, isRequired } from "../form/required";

const thing = defineEntity({
  ns: "test.thing",
  fields: {
    name: { schema: textRequired(32), search: "contains", sort: true, full: true },
    id: { kind: "id", readOnly: true, form: false },
    kind: { schema: text(32), kind: "select", dict: "kind", search: "eq" },
    tags: { schema: z.array(z.string()).default([]), kind: "multiselect", dict: "tag", search: "in", list: false },
    rate: { schema: optional(z.coerce.number()), kind: "number", min: 0, max: 9, floatNum: 2, width: 77 },
    enabled: { schema: z.coerce.number().default(1), kind: "switch", dict: "enableState" },
    photos: { schema: z.array(z.string()).default([]), kind: "images", purpose: "projectImage", limit: 3, list: false },
    areaCode: { schema: text(6), kind: "area", label: "fields.area" },
    createTime: { kind: "datetime", readOnly: true, sort: true, search: "range", range: ["from", "to"] },
  },
});

describe("entity views", () => {
  it("derives columns by kind, in declaration order, with sort and default widths", () => {
    const cols = deriveColumns(thing);
    expect(cols.map((c) => ("prop" in c ? c.prop : "raw"))).toEqual(["name", "id", "kind", "rate", "enabled", "areaCode", "createTime"]);
    expect(cols[0]).toEqual({ prop: "name", label: "fields.name", minWidth: 180, sortable: true });
    expect(cols[1]).toEqual({ prop: "id", label: "fields.id", width: 90 });
    expect(cols[2]).toEqual({ prop: "kind", label: "fields.kind", type: "dict", dict: "kind", width: 110 });
    expect(cols[3]).toMatchObject({ width: 77 });
    expect(cols[4]).toMatchObject({ type: "switch", width: 90 });
    expect(cols[5]).toMatchObject({ label: "fields.area", minWidth: 180 });
    expect(typeof (cols[5] as { render?: unknown }).render).toBe("function");
    expect(cols[6]).toEqual({ prop: "createTime", label: "fields.createTime", type: "time", width: 176, sortable: true });
  });

  it("applies tweaks: changes, omissions and extra items placed after the name before them", () => {
    const cols = deriveColumns(thing, { name: { type: "click" }, kindName: { width: 50 }, rate: false, first: { def: { id: "x" } } });
    expect(cols.map((c) => ("prop" in c ? c.prop : "raw"))).toEqual(["name", "kindName", "id", "kind", "raw", "enabled", "areaCode", "createTime"]);
    expect(cols[0]).toMatchObject({ type: "click", minWidth: 180 });
    const extra = deriveColumns(thing, { kind: {}, kindName: { width: 50 } });
    expect(extra[3]).toEqual({ prop: "kindName", label: "fields.kindName", width: 50 });
    expect(applyTweaks([["a", 1]], { z: 0 }, () => 9)).toEqual([9, 1]);
  });

  it("derives search items from the search operators", () => {
    expect(deriveSearchItems(thing)).toEqual([
      { prop: "name", label: "fields.name" },
      { prop: "kind", label: "fields.kind", type: "select", dict: "kind" },
      { prop: "tags", label: "fields.tags", type: "select", multiple: true, dict: "tag" },
      { prop: "createTime", label: "fields.createTime", type: "date2", prop1: "from", prop2: "to" },
    ]);
  });

  it("derives form fields: type from kind, required from the rule, number and upload hints", () => {
    const fields = deriveFormFields(thing, { kind: { hint: "hints.kind" } }, true);
    expect(fields.map((f) => f.name)).toEqual(["name", "kind", "tags", "rate", "enabled", "photos", "areaCode"]);
    expect(fields[0]).toEqual({ name: "name", label: "fields.name", rule: thing.fields.name.schema, full: true, placeholder: "placeholders.name" });
    expect(fields[1]).toEqual({ name: "kind", label: "fields.kind", type: "select", dict: "kind", rule: thing.fields.kind.schema, hint: "hints.kind" });
    expect(fields.map(fieldRequired)).toEqual([true, false, false, false, false, false, false]);
    expect(fields[2]).toMatchObject({ type: "multiselect", dict: "tag" });
    expect(fields[3]).toMatchObject({ type: "number", min: 0, max: 9, floatNum: 2, placeholder: "placeholders.rate" });
    expect(fields[4]).toMatchObject({ type: "radio", dict: "enableState" });
    expect(fields[5]).toMatchObject({ type: "image", purpose: "projectImage", multiple: true, limit: 3 });
    expect(fields[6]).toMatchObject({ type: "cascader", label: "fields.area" });
    expect(deriveFormFields(thing, undefined, ["rate"]).filter((f) => f.placeholder).map((f) => f.name)).toEqual(["rate"]);
  });

  it("required means the rule refuses both a missing and a blank value", () => {
    expect(isRequired(textRequired(8))).toBe(true);
    expect(isRequired(text(8))).toBe(false);
    expect(isRequired(z.array(z.string()).default([]))).toBe(false);
    expect(isRequired(z.coerce.number().refine((n) => n > 0))).toBe(true);
    expect(isRequired(undefined)).toBe(false);
  });

  it("derives detail rows", () => {
    const rows = deriveDetailRows(thing);
    expect(rows.map((r) => r.prop)).toEqual(["name", "id", "kind", "tags", "rate", "enabled", "photos", "areaCode", "createTime"]);
    expect(rows.find((r) => r.prop === "photos")).toMatchObject({ type: "images", full: true });
    expect(rows.find((r) => r.prop === "createTime")).toMatchObject({ type: "time" });
    expect(rows.find((r) => r.prop === "areaCode")).toMatchObject({ type: "slot" });
  });

  it("defineResource takes the schemas, search, form defaults and key picking from the entity", () => {
    const r = defineResource({ entity: thing, api: "t/thing", search: { keyword: "name" }, detail: false, columns: { name: { type: "click" } } });
    expect(r.ns).toBe("test.thing");
    expect(r.schemas.create).toBe(thing.body);
    expect(Object.keys(r.query)).toEqual(Object.keys(entityUrlKeys(thing.fields)));
    expect(r.search?.items).toHaveLength(4);
    expect(r.detail).toBeUndefined();
    expect(r.endpoints.add).toBe("t/thing/add");
    expect(r.form?.defaults).toEqual({ name: "", kind: "", tags: [], rate: "", enabled: 1, photos: [], areaCode: "" });
    expect(r.form?.toForm?.({ id: 4, name: "n", createTime: "x", extra: 1 } as never)).toEqual({ id: 4, name: "n" });
    const none = defineResource({ entity: thing, api: "t/thing", form: false, search: false, entityLabel: "other" });
    expect(none.form).toBeUndefined();
    expect(none.search).toBeUndefined();
    expect(none.entity).toBe("other");
  });

  it("searches the entity's name field by keyword unless the definition names another", () => {
    const named = defineEntity({ ns: "test.named", nameField: "name", fields: thing.fields });
    expect(defineResource({ entity: named, api: "t/named" }).search).toMatchObject({ keyword: "name", keywordLabel: "fields.name" });
    expect(defineResource({ entity: named, api: "t/named", search: { keyword: "kind" } }).search?.keyword).toBe("kind");
    expect(defineResource({ entity: thing, api: "t/thing" }).search?.keyword).toBeUndefined();
    // A name searched by its end (an ICCID's last digits) is the keyword too.
    const ending = defineEntity({ ns: "test.ending", nameField: "name", fields: { ...thing.fields, name: { ...thing.fields.name, search: "endsWith" } } });
    expect(defineResource({ entity: ending, api: "t/ending" }).search?.keyword).toBe("name");
  });

  it("is served where its contract says: api, permission prefix and project scope, unless the definition says otherwise", () => {
    const served = defineEntity({ ns: "test.served", api: "t/served", perm: "t:served", scope: "project", fields: thing.fields });
    const r = defineResource({ entity: served });
    expect([r.api, r.perm, r.needsProject, r.endpoints.page]).toEqual(["t/served", "t:served", true, "t/served/page"]);
    const all = defineResource({ entity: served, api: "t/all", perm: "t:all", needsProject: false });
    expect([all.api, all.perm, all.needsProject, all.endpoints.del]).toEqual(["t/all", "t:all", false, "t/all/del"]);
    expect(defineResource({ entity: thing, api: "t/thing" }).needsProject).toBe(false);
    expect(() => defineResource({ entity: thing })).toThrow(/api/);
  });

  it("offers export, import and the template only with their toolbar buttons, openOrClose only with a switch column; an import asks for the add permission, a switch for the update one", () => {
    const bare = defineResource({ entity: thing, api: "t/thing", toolbar: ["add"] });
    expect([bare.endpoints.export, bare.endpoints.import, bare.endpoints.template]).toEqual([false, false, false]);
    const full = defineResource({ entity: thing, api: "t/thing", toolbar: ["export", "import"] });
    expect([full.endpoints.export, full.endpoints.import, full.endpoints.template]).toEqual(["t/thing/export", "t/thing/import", "t/thing/template"]);
    expect(bare.endpoints.openOrClose).toBe("t/thing/openOrClose");
    expect(defineResource({ entity: thing, api: "t/thing", columns: { enabled: false } }).endpoints.openOrClose).toBe(false);
    expect(permOf({ perm: "t:thing" }, "import")).toBe("t:thing:add");
    // A switch changes a row: the update permission, as the cloud asks, unless a screen has its own code.
    expect(permOf({ perm: "t:thing" }, "openOrClose")).toBe("t:thing:upd");
    expect(permOf({ perm: "sys:user", perms: { openOrClose: "sys:user:openOrClose" } }, "openOrClose")).toBe("sys:user:openOrClose");
    expect(permOf({ perm: "t:thing", perms: { import: "t:thing:import" } }, "import")).toBe("t:thing:import");
  });
});

describe("area text", () => {
  const tree = [{ code: "11", name: "北京市", childrens: [{ code: "1101", name: "市辖区", childrens: [{ code: "110101", name: "东城区" }] }] }];

  it("names a known code down to its district", () => {
    expect(areaText(tree, "110101")).toBe("北京市 / 市辖区 / 东城区");
    expect(areaText(tree, "1101")).toBe("北京市 / 市辖区");
  });

  it("names a code missing from the tree by its province and city", () => {
    expect(areaText(tree, "110199")).toBe("北京市 / 市辖区");
    expect(areaText(tree, "119901")).toBe("北京市");
  });

  it("shows the code only when nothing of it is known, and nothing while the tree loads", () => {
    expect(areaText(tree, "990101")).toBe("990101");
    expect(areaText(undefined, "110101")).toBe("");
    expect(areaText(tree, null)).toBe("-");
  });
});
