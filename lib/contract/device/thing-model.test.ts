import { describe, expect, it } from "vitest";
import { checkValue, dataSpec, normalizeFunction, thingFunction, type DataSpec, type ThingFunction } from "./thing-model";

/** The first issue of a failed parse: its path and message key. */
function firstIssue(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) {
  const r = schema.safeParse(v);
  expect(r.success).toBe(false);
  const i = r.error!.issues[0];
  return { path: i.path.map(String).join("."), message: i.message };
}

const prop = (dataType: unknown, extra: Record<string, unknown> = {}) => ({ funcName: "Temperature", identifier: "temp", funcType: 1, accessMode: "r", dataType, ...extra });

describe("dataSpec", () => {
  it("accepts each data type with the fields it needs", () => {
    const ok: DataSpec[] = [
      { type: "int32", min: -10, max: 10, step: 1, unit: "°C" },
      { type: "int32u", min: 0, max: 4_294_967_295 },
      { type: "float", min: -0.5, max: 0.5, step: 0.01, unit: "mm" },
      { type: "double", min: -1e6, max: 1e6 },
      { type: "enum", items: [{ value: 0, text: "off" }, { value: 1, text: "on" }] },
      { type: "bool", trueText: "open", falseText: "closed" },
      { type: "text", length: 128 },
      { type: "date" },
      { type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "float", min: -1, max: 1 } }] },
      { type: "array", size: 16, element: { type: "struct", members: [{ identifier: "d", name: "Depth", dataType: { type: "double", min: 0, max: 100 } }] } },
      { type: "array", size: 4, element: { type: "int32", min: 0, max: 9 } },
    ];
    for (const d of ok) expect(dataSpec.safeParse(d).success, JSON.stringify(d)).toBe(true);
  });

  it("takes form text for numbers", () => {
    expect(dataSpec.parse({ type: "float", min: "-1.5", max: " 2 ", step: "" })).toMatchObject({ min: -1.5, max: 2 });
  });

  it("refuses a range whose max is below its min, naming max", () => {
    expect(firstIssue(dataSpec, { type: "float", min: 5, max: 1 })).toEqual({ path: "max", message: "validation.maxBelowMin" });
  });

  it("refuses missing bounds, non-integer bounds of integer types and bounds outside the type", () => {
    expect(firstIssue(dataSpec, { type: "int32", max: 1 }).path).toBe("min");
    expect(firstIssue(dataSpec, { type: "int32", min: 0.5, max: 1 })).toEqual({ path: "min", message: "validation.integer" });
    expect(firstIssue(dataSpec, { type: "int32u", min: -1, max: 1 })).toEqual({ path: "min", message: "validation.min" });
    expect(firstIssue(dataSpec, { type: "int32", min: 0, max: 2 ** 31 })).toEqual({ path: "max", message: "validation.max" });
  });

  it("refuses a step that is not positive or wider than the range", () => {
    expect(firstIssue(dataSpec, { type: "float", min: 0, max: 1, step: 0 })).toEqual({ path: "step", message: "validation.positive" });
    expect(firstIssue(dataSpec, { type: "float", min: 0, max: 1, step: 2 })).toEqual({ path: "step", message: "validation.stepTooLarge" });
  });

  it("refuses an enum without items or with a repeated value", () => {
    expect(firstIssue(dataSpec, { type: "enum", items: [] })).toEqual({ path: "items", message: "validation.enumItems" });
    expect(firstIssue(dataSpec, { type: "enum" })).toEqual({ path: "items", message: "validation.enumItems" });
    expect(firstIssue(dataSpec, { type: "enum", items: [{ value: 1, text: "a" }, { value: 1, text: "b" }] })).toEqual({ path: "items.1.value", message: "validation.duplicate" });
  });

  it("refuses text without a length or beyond 10240", () => {
    expect(firstIssue(dataSpec, { type: "text" }).path).toBe("length");
    expect(firstIssue(dataSpec, { type: "text", length: 10241 })).toEqual({ path: "length", message: "validation.max" });
  });

  it("refuses a struct within a struct, also as an array of structs", () => {
    const inner = { type: "struct", members: [{ identifier: "a", name: "A", dataType: { type: "bool" } }] };
    expect(firstIssue(dataSpec, { type: "struct", members: [{ identifier: "s", name: "S", dataType: inner }] })).toEqual({ path: "members.0.dataType.type", message: "validation.nestedStruct" });
    expect(firstIssue(dataSpec, { type: "struct", members: [{ identifier: "s", name: "S", dataType: { type: "array", size: 2, element: inner } }] })).toEqual({
      path: "members.0.dataType.type",
      message: "validation.nestedStruct",
    });
  });

  it("refuses an empty struct, repeated member identifiers, an array of arrays and an unknown type", () => {
    expect(firstIssue(dataSpec, { type: "struct", members: [] })).toEqual({ path: "members", message: "validation.structMembers" });
    const m = { identifier: "a", name: "A", dataType: { type: "date" } };
    expect(firstIssue(dataSpec, { type: "struct", members: [m, m] })).toEqual({ path: "members.1.identifier", message: "validation.duplicate" });
    expect(firstIssue(dataSpec, { type: "array", size: 2, element: { type: "array", size: 2, element: { type: "date" } } })).toEqual({ path: "element.type", message: "validation.nestedArray" });
    expect(firstIssue(dataSpec, { type: "decimal", min: 0, max: 1 })).toEqual({ path: "type", message: "validation.dataType" });
    expect(firstIssue(dataSpec, { type: "array", size: 0, element: { type: "date" } }).path).toBe("size");
  });

  it("checks a struct member's identifier with the code rule", () => {
    expect(firstIssue(dataSpec, { type: "struct", members: [{ identifier: "a-b", name: "A", dataType: { type: "date" } }] })).toEqual({ path: "members.0.identifier", message: "validation.code" });
  });
});

describe("thingFunction", () => {
  it("accepts a property, an event and a service", () => {
    expect(thingFunction.safeParse(prop({ type: "float", min: 0, max: 1 })).success).toBe(true);
    expect(thingFunction.safeParse({ funcName: "Overload", identifier: "overload", funcType: 2, eventType: "alarm", outputParams: [{ identifier: "v", name: "V", dataType: { type: "float", min: 0, max: 9 } }] }).success).toBe(true);
    expect(thingFunction.safeParse({ funcName: "Reboot", identifier: "reboot", funcType: "3", callMode: "sync", inputParams: [] }).success).toBe(true);
  });

  it("applies the identifier code rule", () => {
    expect(firstIssue(thingFunction, prop({ type: "date" }, { identifier: "温度" }))).toEqual({ path: "identifier", message: "validation.code" });
    expect(firstIssue(thingFunction, prop({ type: "date" }, { identifier: "a".repeat(33) }))).toEqual({ path: "identifier", message: "validation.maxLength" });
  });

  it("asks each function type for what it needs", () => {
    expect(firstIssue(thingFunction, { funcName: "T", identifier: "t", funcType: 1, accessMode: "r" })).toEqual({ path: "dataType", message: "validation.required" });
    expect(firstIssue(thingFunction, { funcName: "T", identifier: "t", funcType: 1, dataType: { type: "date" } })).toEqual({ path: "accessMode", message: "validation.required" });
    expect(firstIssue(thingFunction, { funcName: "T", identifier: "t", funcType: 2 })).toEqual({ path: "eventType", message: "validation.required" });
    expect(firstIssue(thingFunction, { funcName: "T", identifier: "t", funcType: 3 })).toEqual({ path: "callMode", message: "validation.required" });
    expect(firstIssue(thingFunction, { funcName: "T", identifier: "t", funcType: 4 }).path).toBe("funcType");
    expect(firstIssue(thingFunction, prop({ type: "date" }, { accessMode: "w" })).path).toBe("accessMode");
  });

  it("keeps only the parts a function type uses", () => {
    const p = normalizeFunction(thingFunction.parse(prop({ type: "date" }, { callMode: "sync", description: "" })));
    expect(p).toEqual({ funcName: "Temperature", identifier: "temp", funcType: 1, accessMode: "r", dataType: { type: "date" } });
    const e = normalizeFunction(thingFunction.parse({ funcName: "E", identifier: "e", funcType: 2, eventType: "info", accessMode: "rw" }));
    expect(e).toEqual({ funcName: "E", identifier: "e", funcType: 2, eventType: "info", outputParams: [] });
  });
});

describe("checkValue", () => {
  const fn = (dataType: DataSpec): ThingFunction => ({ funcName: "F", identifier: "f", funcType: 1, accessMode: "r", dataType });
  const reason = (f: ThingFunction, v: unknown) => {
    const r = checkValue(f, v);
    return r.ok ? "ok" : `${r.reason}@${r.path}`;
  };

  it("checks numbers by type and range", () => {
    const f = fn({ type: "float", min: -5, max: 5 });
    expect(reason(f, 1.5)).toBe("ok");
    expect(reason(f, 5)).toBe("ok");
    expect(reason(f, 5.01)).toBe("product.check.range@f");
    expect(reason(f, "1")).toBe("product.check.type@f");
    expect(reason(f, Number.NaN)).toBe("product.check.type@f");
    expect(reason(fn({ type: "int32", min: 0, max: 9 }), 1.5)).toBe("product.check.type@f");
    expect(reason(fn({ type: "int32u", min: 0, max: 9 }), -1)).toBe("product.check.range@f");
  });

  it("checks enums, bools, text length and dates", () => {
    expect(reason(fn({ type: "enum", items: [{ value: 1, text: "a" }] }), 1)).toBe("ok");
    expect(reason(fn({ type: "enum", items: [{ value: 1, text: "a" }] }), 2)).toBe("product.check.enum@f");
    expect(reason(fn({ type: "bool" }), true)).toBe("ok");
    expect(reason(fn({ type: "bool" }), 1)).toBe("ok");
    expect(reason(fn({ type: "bool" }), 2)).toBe("product.check.type@f");
    expect(reason(fn({ type: "text", length: 3 }), "abc")).toBe("ok");
    expect(reason(fn({ type: "text", length: 3 }), "abcd")).toBe("product.check.length@f");
    expect(reason(fn({ type: "date" }), 1732450000000)).toBe("ok");
    expect(reason(fn({ type: "date" }), "2026-11-24T10:00:00Z")).toBe("ok");
    expect(reason(fn({ type: "date" }), "yesterday")).toBe("product.check.type@f");
  });

  it("checks struct members and array elements, naming the member or index", () => {
    const s = fn({ type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "float", min: 0, max: 1 } }] });
    expect(reason(s, { x: 0.5 })).toBe("ok");
    expect(reason(s, {})).toBe("ok");
    expect(reason(s, { x: 2 })).toBe("product.check.range@f.x");
    expect(reason(s, { y: 0 })).toBe("product.check.unknown@f.y");
    expect(reason(s, [0.5])).toBe("product.check.type@f");
    const a = fn({ type: "array", size: 2, element: { type: "int32", min: 0, max: 9 } });
    expect(reason(a, [1, 2])).toBe("ok");
    expect(reason(a, [1, 2, 3])).toBe("product.check.size@f");
    expect(reason(a, [1, 12])).toBe("product.check.range@f[1]");
  });

  it("checks an event's outputs and a service's inputs", () => {
    const params = [{ identifier: "level", name: "L", dataType: { type: "int32", min: 1, max: 3 } as DataSpec }];
    const event: ThingFunction = { funcName: "E", identifier: "alarm", funcType: 2, eventType: "alarm", outputParams: params };
    expect(reason(event, { level: 2 })).toBe("ok");
    expect(reason(event, { level: 4 })).toBe("product.check.range@alarm.level");
    expect(reason(event, 3)).toBe("product.check.type@alarm");
    const service: ThingFunction = { funcName: "S", identifier: "set", funcType: 3, callMode: "sync", inputParams: params, outputParams: [] };
    expect(reason(service, { level: 1 })).toBe("ok");
    expect(reason(service, { other: 1 })).toBe("product.check.unknown@set.other");
  });
});
